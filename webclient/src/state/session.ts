import { atom } from "jotai";
import { appStore } from "./store";
import { getCookie, TOKEN_COOKIE, USER_COOKIE } from "../session/cookies";
import type { AccountUser } from "../api/accountUser";

/**
 * The user object of the login answer (spec §3 User info) as kept in the `userInfo` cookie:
 * only what the shell shows before the full profile has loaded.
 */
export interface UserInfo {
  uid: string;
  name?: string;
  avatar?: string;
  level?: number;
  /** 0 none, 1 VIP, 2 SVIP. */
  member?: number;
  /** The first-login step (username + password) is still to do. */
  newUser?: boolean;
}

function readUserCookie(): UserInfo | null {
  const raw = getCookie(USER_COOKIE);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as UserInfo;
  } catch {
    return null;
  }
}

/** Session token from the REST login (cookie `token`); empty when a guest. */
export const tokenAtom = atom<string>(typeof document === "undefined" ? "" : (getCookie(TOKEN_COOKIE) ?? ""));

export const userInfoAtom = atom<UserInfo | null>(typeof document === "undefined" ? null : readUserCookie());

/** The signed-in user's full own info (GET /user/info), null until loaded or when a guest. */
export const profileAtom = atom<AccountUser | null>(null);

/** Coin and diamond balances shown in the header (GET /user/userGold, else the profile's). */
export interface Balances {
  coin: number;
  diamond: number;
}
export const balancesAtom = atom<Balances | null>(null);

/**
 * A third-party sign-in that answered errorCode 2010 (spec §4): the modal shows the bind-e-mail
 * step for this provider type until it succeeds or the modal closes.
 */
export const oauthBindAtom = atom<{ type: number } | null>(null);

/** Forgets the session in memory (the caller clears the cookies). */
export function clearSessionState(): void {
  appStore.set(tokenAtom, "");
  appStore.set(userInfoAtom, null);
  appStore.set(profileAtom, null);
  appStore.set(balancesAtom, null);
  appStore.set(oauthBindAtom, null);
}
