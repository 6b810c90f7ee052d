// Follows one recharge order on the payWs stream and keeps payWatchAtom up to date; reloads
// the balance when the order is paid. The watch stops when the page unmounts.
import { useCallback, useEffect, useRef } from "react";
import { useAtom } from "../../state/hooks";
import i18next from "i18next";
import { walletApi, type RechargeOrder } from "../../api/wallet";
import { appStore } from "../../state/store";
import { payWatchAtom, type PayWatch } from "../../state/wallet";
import { browserEventSource, isFinalState, reducePayWatch, watchOrder, type OpenEventSource } from "./payEvents";
import { reloadBalance } from "./balance";

export function useOrderWatch(open: OpenEventSource = browserEventSource) {
  const [watch, setWatch] = useAtom(payWatchAtom);
  const stopRef = useRef<(() => void) | null>(null);

  const stop = useCallback(() => {
    stopRef.current?.();
    stopRef.current = null;
  }, []);

  const follow = useCallback(
    (order: RechargeOrder) => {
      stop();
      const first: PayWatch = isFinalState(order.state) ? { phase: "done", order } : { phase: "waiting", order, live: false };
      setWatch(first);
      if (first.phase === "done") {
        if (order.state === "paid") void reloadBalance();
        return;
      }
      stopRef.current = watchOrder(
        order,
        (ev) => {
          const next = reducePayWatch(appStore.get(payWatchAtom), ev);
          appStore.set(payWatchAtom, next);
          if (ev.kind === "order" && next.phase === "done" && next.order.state === "paid") void reloadBalance();
        },
        { open, fetchOrder: walletApi.order, failedMessage: () => i18next.t("wallet.recharge.resultUnknown") },
      );
    },
    [open, setWatch, stop],
  );

  const reset = useCallback(() => {
    stop();
    setWatch({ phase: "none" });
  }, [setWatch, stop]);

  // Leaving the page ends the watch and forgets it.
  useEffect(() => () => {
    stopRef.current?.();
    stopRef.current = null;
    appStore.set(payWatchAtom, { phase: "none" });
  }, []);

  return { watch, setWatch, follow, reset };
}
