// The signed-in user's wallet (GET /user/userGold), read through useResource (src/data) by the
// strip on top of every wallet page and by the membership page. A payment or a purchase calls
// reloadBalance(): every reader refreshes, keeping the figures on screen meanwhile. Readers of the
// same moment share one request, and each answer also updates the header's figures (balancesAtom).
import { useEffect, useRef } from "react";
import { useAtomValue } from "../../state/hooks";
import { walletApi, type WalletBalance } from "../../api/wallet";
import { useResource, type Resource } from "../../data/resource";
import { appStore } from "../../state/store";
import { balancesAtom, tokenAtom } from "../../state/session";
import { balanceVersionAtom } from "../../state/wallet";

let inFlight: Promise<WalletBalance> | null = null;

/** The balance now: the request already on its way, else a new one. */
function loadBalance(): Promise<WalletBalance> {
  inFlight ??= walletApi
    .balance()
    .then((value) => {
      // The header shows the same figures from its own atom.
      appStore.set(balancesAtom, { coin: value.gold, diamond: value.score });
      return value;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** The balance changed (a payment, a purchase): every reader loads it again. */
export function reloadBalance(): void {
  appStore.set(balanceVersionAtom, (v) => v + 1);
}

/** The wallet of the signed-in user, loaded on first use, again after a sign-in and after reloadBalance(). */
export function useWalletBalance(): { signedIn: boolean; balance: Resource<WalletBalance> } {
  const token = useAtomValue(tokenAtom);
  const balance = useResource(token ? `wallet-balance|${token}` : null, loadBalance);
  const version = useAtomValue(balanceVersionAtom);
  const seen = useRef(version);
  const { refresh } = balance;
  useEffect(() => {
    if (version === seen.current) return;
    seen.current = version;
    refresh();
  }, [version, refresh]);
  return { signedIn: token !== "", balance };
}
