// Wallet state (issue 6): the signed-in user's balances and membership as /user/userGold
// reports them, and the recharge order the page is waiting on (spec §3 client state payWs).
import { atom } from "jotai";
import type { RechargeOrder, WalletBalance } from "../api/wallet";

export type Loadable<T> =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; value: T }
  | { status: "error"; message: string };

/** Coins, diamonds, tier and expiry of the signed-in user; reloaded after every payment. */
export const walletBalanceAtom = atom<Loadable<WalletBalance>>({ status: "idle" });

/** How the page learns an order's result: the payWs stream, its state, and the last order seen. */
export type PayWatch =
  | { phase: "none" }
  | { phase: "creating" }
  | { phase: "waiting"; order: RechargeOrder; live: boolean }
  | { phase: "done"; order: RechargeOrder }
  | { phase: "error"; message: string; order?: RechargeOrder };

/** The recharge the Recharge page (or the return page) is following. */
export const payWatchAtom = atom<PayWatch>({ phase: "none" });
