import { atom } from "jotai";
import { appStore } from "./store";

/**
 * Login modal modes; 1–3 are the spec's modelState values (§2). Register and the
 * first-login username/password step (NewUser, spec §4) have no number in the spec.
 */
export const LoginMode = {
  Code: 1,
  Password: 2,
  Reset: 3,
  Register: 4,
  NewUser: 5,
} as const;
export type LoginMode = (typeof LoginMode)[keyof typeof LoginMode];

export interface LoginModalState {
  open: boolean;
  mode: LoginMode;
}

/** The global login modal (spec §3 client state loginModal). */
export const loginModalAtom = atom<LoginModalState>({ open: false, mode: LoginMode.Password });

export interface Toast {
  id: number;
  kind: "error" | "info";
  text: string;
}

export const toastsAtom = atom<Toast[]>([]);

/** How long a toast stays on screen. */
export const TOAST_MS = 4000;

let toastSeq = 0;

/** Shows a toast from anywhere (components and the API client alike). */
export function showToast(text: string, kind: Toast["kind"] = "error"): void {
  const id = ++toastSeq;
  appStore.set(toastsAtom, (list) => [...list.slice(-4), { id, kind, text }]);
  setTimeout(() => appStore.set(toastsAtom, (list) => list.filter((t) => t.id !== id)), TOAST_MS);
}

/** Number of API requests in flight; the progress bar shows while it is above zero. */
export const pendingRequestsAtom = atom(0);

export function requestStarted(): void {
  appStore.set(pendingRequestsAtom, (n) => n + 1);
}

export function requestFinished(): void {
  appStore.set(pendingRequestsAtom, (n) => Math.max(0, n - 1));
}
