// Opening, refreshing and closing the session (spec §4 Session): token and user info live in the
// `token` and `userInfo` cookies and in the session atoms; logging out clears them, keeps only
// the `lang` cookie and goes home after 500 ms (spec §9).
import i18next from "i18next";
import { appStore } from "../state/store";
import {
  balancesAtom,
  clearSessionState,
  profileAtom,
  tokenAtom,
  userInfoAtom,
  type UserInfo,
} from "../state/session";
import { authApi, userApi, type AccountUser, type LoginResult } from "../api/account";
import { ApiError, LOGOUT_REDIRECT_MS } from "../api/client";
import { afterSignIn } from "./channel";
import { clearCookiesExcept, LANG_COOKIE, setCookie, TOKEN_COOKIE, USER_COOKIE } from "./cookies";

/** The cookie-sized part of a user object. */
export function toUserInfo(u: Partial<AccountUser>, fallbackUid = ""): UserInfo {
  return {
    uid: String(u.uid ?? u.userId ?? fallbackUid),
    name: u.name || u.username || undefined,
    avatar: u.avatar || undefined,
    level: u.level,
    member: u.member,
    newUser: u.newUser || undefined,
  };
}

/** Stores a login answer as the session. Answers without a token never open one. */
export function openSession(res: LoginResult | null | undefined): UserInfo {
  if (!res?.token) throw new ApiError({ kind: "refused", userMessage: i18next.t("errors.system") });
  const info = toUserInfo({ ...res.user, newUser: res.newUser }, res.uid ?? "");
  setCookie(TOKEN_COOKIE, res.token);
  setCookie(USER_COOKIE, JSON.stringify(info));
  appStore.set(tokenAtom, res.token);
  appStore.set(userInfoAtom, info);
  if (res.user?.private) applyProfile(res.user as AccountUser);
  afterSignIn(res);
  return info;
}

/** Takes a fresh own-info answer: profile, header user and cookie. */
export function applyProfile(u: AccountUser): void {
  appStore.set(profileAtom, u);
  const info = toUserInfo(u);
  setCookie(USER_COOKIE, JSON.stringify(info));
  appStore.set(userInfoAtom, info);
  const prev = appStore.get(balancesAtom);
  // The profile's balances stand in until /user/userGold answers.
  if (!prev && (u.coin !== undefined || u.diamond !== undefined)) {
    appStore.set(balancesAtom, { coin: u.coin ?? 0, diamond: u.diamond ?? 0 });
  }
}

/** Reloads own info and balances; quiet on failure (3000/3001 still end the session). */
export async function refreshAccount(): Promise<void> {
  if (!appStore.get(tokenAtom)) return;
  try {
    applyProfile(await userApi.info(undefined, { toast: false }));
  } catch {
    // keep what we have; a gone session was handled by the client
  }
  await refreshBalances();
}

/**
 * The other tabs of this browser: a gift sent or a plan bought in one tab changes the coins in the
 * header of every tab at once, without each tab polling the wallet.
 */
export const BALANCE_CHANNEL = "courtside:balances";
const balanceTabs = typeof BroadcastChannel === "function" ? new BroadcastChannel(BALANCE_CHANNEL) : null;

/** What one tab tells the others: whose balances, and the figures. */
interface BalanceNews {
  uid: string;
  coin: number;
  diamond: number;
}

balanceTabs?.addEventListener("message", (e: MessageEvent<BalanceNews>) => {
  const news = e.data;
  // Only the same signed-in user's figures (another tab may have signed in as someone else).
  if (!appStore.get(tokenAtom) || typeof news?.coin !== "number" || news.uid !== appStore.get(userInfoAtom)?.uid) return;
  appStore.set(balancesAtom, { coin: news.coin, diamond: news.diamond });
});

export async function refreshBalances(): Promise<void> {
  if (!appStore.get(tokenAtom)) return;
  try {
    const g = await userApi.gold();
    const balances = { coin: g.gold ?? 0, diamond: g.score ?? 0 };
    appStore.set(balancesAtom, balances);
    const uid = appStore.get(userInfoAtom)?.uid;
    if (uid) balanceTabs?.postMessage({ uid, ...balances } satisfies BalanceNews);
  } catch {
    // not served (yet) or failed: the profile's figures stay
  }
}

/**
 * Logs out: revokes the session on the server (best effort), forgets it here, removes every
 * cookie but `lang`, and calls goHome after 500 ms.
 */
export async function signOut(goHome: () => void, wait: (ms: number) => Promise<void> = sleep): Promise<void> {
  if (appStore.get(tokenAtom)) {
    try {
      await authApi.logout();
    } catch {
      // an expired or revoked session is gone anyway
    }
  }
  clearSessionState();
  clearCookiesExcept([LANG_COOKIE]);
  await wait(LOGOUT_REDIRECT_MS);
  goHome();
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Sends a verification code to an e-mail address or to a mobile number with its area code. */
export async function sendCode(to: { email: true; address: string } | { email: false; areaCode: string; mobile: string }): Promise<void> {
  if (to.email) await authApi.sendEmailCode({ mobileOrEmail: to.address.trim() });
  else await authApi.sendMobileCode({ areaCode: to.areaCode, mobileOrEmail: to.mobile.trim() });
}

/** Changes the cookie-sized user info in place (e.g. the name chosen at the new-user step). */
export function patchUserInfo(patch: Partial<UserInfo>): void {
  const cur = appStore.get(userInfoAtom);
  if (!cur) return;
  const info = { ...cur, ...patch };
  setCookie(USER_COOKIE, JSON.stringify(info));
  appStore.set(userInfoAtom, info);
}
