// Third-party sign-in (spec §1, §3, §4): getLoginUrl gives the provider's URL with a signed state
// and a PKCE verifier; we keep both in sessionStorage, go to the provider, and when it sends the
// browser back with ?code&state we call getLoginInfo, then strip the OAuth parameters from the
// URL. errorCode 2010 means the provider gave no verified e-mail: the bind-e-mail step follows.
import { authApi, type LoginResult } from "../api/account";
import { ApiError } from "../api/client";

export const OAUTH_STORAGE_KEY = "courtside.oauth";

/** Parameters providers add to the redirect URL; all of them go once the sign-in is handled. */
export const OAUTH_PARAMS = [
  "code",
  "state",
  "scope",
  "authuser",
  "prompt",
  "hd",
  "iss",
  "session_state",
  "friendly_name",
  "liffClientId",
  "liffRedirectUri",
  "error",
  "error_description",
  "error_reason",
  "error_code",
] as const;

/** Bind-e-mail is required (spec §4, §8). */
export const BIND_EMAIL_CODE = 2010;

export interface PendingOAuth {
  type: number;
  state: string;
  verifier: string;
  /** Where the user was when they chose the provider. */
  returnTo: string;
}

export interface StorageLike {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
  removeItem(k: string): void;
}

/** Asks for the provider URL, remembers state and verifier, and leaves for the provider. */
export async function beginOAuth(
  type: number,
  returnTo: string,
  go: (url: string) => void = (u) => window.location.assign(u),
  storage: StorageLike = sessionStorage,
): Promise<void> {
  const r = await authApi.loginUrl(type, "PC");
  const pending: PendingOAuth = { type: r.type || type, state: r.state, verifier: r.verifier, returnTo };
  storage.setItem(OAUTH_STORAGE_KEY, JSON.stringify(pending));
  go(r.url);
}

/** The URL without the OAuth parameters (path + remaining query + hash). */
export function stripOAuthParams(href: string): string {
  const u = new URL(href, "http://x");
  for (const p of OAUTH_PARAMS) u.searchParams.delete(p);
  const q = u.searchParams.toString();
  return `${u.pathname}${q ? `?${q}` : ""}${u.hash}`;
}

export type OAuthReturn =
  | { kind: "none" }
  | { kind: "signedIn"; result: LoginResult; returnTo: string }
  | { kind: "bindEmail"; type: number; returnTo: string; cleanUrl: string }
  | { kind: "failed"; message: string; cleanUrl: string };

/**
 * Handles a return from a provider when the URL carries code/state (or error) and a sign-in of
 * ours is pending; anything else is none. The pending entry is used once.
 */
export async function completeOAuth(href: string, storage: StorageLike = sessionStorage): Promise<OAuthReturn> {
  const u = new URL(href, "http://x");
  const code = u.searchParams.get("code");
  const state = u.searchParams.get("state");
  const error = u.searchParams.get("error");
  if (!state && !error) return { kind: "none" };
  const raw = storage.getItem(OAUTH_STORAGE_KEY);
  if (!raw) return { kind: "none" };
  let pending: PendingOAuth;
  try {
    pending = JSON.parse(raw) as PendingOAuth;
  } catch {
    storage.removeItem(OAUTH_STORAGE_KEY);
    return { kind: "none" };
  }
  storage.removeItem(OAUTH_STORAGE_KEY);
  const cleanUrl = stripOAuthParams(href);
  if (error || !code || state !== pending.state) {
    return { kind: "failed", message: u.searchParams.get("error_description") ?? error ?? "", cleanUrl };
  }
  try {
    const result = await authApi.loginInfo({ type: pending.type, code, verifier: pending.verifier, state });
    return { kind: "signedIn", result, returnTo: pending.returnTo || cleanUrl };
  } catch (err) {
    if (err instanceof ApiError && err.errorCode === BIND_EMAIL_CODE) {
      return { kind: "bindEmail", type: pending.type, returnTo: pending.returnTo || cleanUrl, cleanUrl };
    }
    return { kind: "failed", message: err instanceof ApiError ? err.userMessage : "", cleanUrl };
  }
}
