// Wallet state (issue 6): when the balance changed (its readers load /user/userGold through
// src/data, pages/Wallet/balance.ts), and the recharge order the page is waiting on (spec §3 client
// state payWs).
import { atom } from "jotai";
import type { RechargeOrder } from "../api/wallet";

export type Loadable<T> =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; value: T }
  | { status: "error"; message: string };

/** Counts the payments and purchases that changed the balance; the wallet's readers (useWalletBalance)
 *  load it again on each. */
export const balanceVersionAtom = atom(0);

/** How the page learns an order's result: the payWs stream, its state, and the last order seen. */
export type PayWatch =
  | { phase: "none" }
  | { phase: "creating" }
  | { phase: "waiting"; order: RechargeOrder; live: boolean }
  | { phase: "done"; order: RechargeOrder }
  | { phase: "error"; message: string; order?: RechargeOrder };

/** The recharge the Recharge page (or the return page) is following. */
export const payWatchAtom = atom<PayWatch>({ phase: "none" });
