// Cookie access for the session (token, userInfo) and the language choice (`lang`).
// Spec §4: token and user info live in cookies; on errorCode 3000/3001 every cookie but
// `lang` is removed.

export const LANG_COOKIE = "lang";
export const TOKEN_COOKIE = "token";
export const USER_COOKIE = "userInfo";

const YEAR_SECONDS = 365 * 24 * 3600;

export function getCookie(name: string): string | undefined {
  for (const part of document.cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      return decodeURIComponent(part.slice(eq + 1).trim());
    }
  }
  return undefined;
}

export function setCookie(name: string, value: string, maxAgeSeconds = YEAR_SECONDS): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; samesite=lax`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; path=/; max-age=0`;
}

/** Removes every cookie visible to the page except the ones named in keep. */
export function clearCookiesExcept(keep: readonly string[]): void {
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name && !keep.includes(name)) deleteCookie(name);
  }
}
