// Loading the signed-in user's wallet (GET /user/userGold) into walletBalanceAtom. Every page
// of the wallet shows it; a payment or a purchase reloads it.
import { useEffect } from "react";
import { useAtomValue } from "../../state/hooks";
import { ApiError } from "../../api/client";
import { walletApi } from "../../api/wallet";
import { appStore } from "../../state/store";
import { balancesAtom, tokenAtom } from "../../state/session";
import { walletBalanceAtom } from "../../state/wallet";

let inFlight: Promise<void> | null = null;

/** Reloads the balance (one request at a time; a call during a load waits for it). */
export function reloadBalance(): Promise<void> {
  if (!appStore.get(tokenAtom)) {
    appStore.set(walletBalanceAtom, { status: "idle" });
    return Promise.resolve();
  }
  if (inFlight) return inFlight;
  const prev = appStore.get(walletBalanceAtom);
  if (prev.status !== "ready") appStore.set(walletBalanceAtom, { status: "loading" });
  inFlight = walletApi
    .balance()
    .then(
      (value) => {
        appStore.set(walletBalanceAtom, { status: "ready", value });
        // The header shows the same figures from its own atom.
        appStore.set(balancesAtom, { coin: value.gold, diamond: value.score });
      },
      (err: unknown) =>
        appStore.set(walletBalanceAtom, { status: "error", message: err instanceof ApiError ? err.userMessage : String(err) }),
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** The wallet of the signed-in user, loaded on first use and again after a sign-in. */
export function useWalletBalance() {
  const token = useAtomValue(tokenAtom);
  const balance = useAtomValue(walletBalanceAtom);
  useEffect(() => {
    void reloadBalance();
  }, [token]);
  return { signedIn: token !== "", balance };
}
