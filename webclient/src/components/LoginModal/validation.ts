// Client-side checks of spec §5; the server enforces the same rules and its message wins.

/** Keys under login.invalid.* (shell locale files). */
export type InvalidKey = "required" | "password" | "email" | "mobile" | "username";

/** Longest password the server takes (argon2 input bound). */
export const MAX_PASSWORD = 64;
/** Longest username (server: letters and digits, 1–32). */
export const MAX_USERNAME = 32;
/** Longest personal signature, in characters (server rule). */
export const MAX_SIGNATURE = 100;
/** Avatar: JPG or PNG, up to 3 MB (spec §5, §9). */
export const AVATAR_MAX_BYTES = 3 * 1024 * 1024;
export const AVATAR_TYPES = ["image/jpeg", "image/png"] as const;

/** Password: at least 8 characters with both a letter and a digit. */
export function checkPassword(p: string): InvalidKey | null {
  if (!p) return "required";
  if (p.length < 8 || p.length > MAX_PASSWORD || !/\p{L}/u.test(p) || !/\d/.test(p)) return "password";
  return null;
}

export function checkEmail(e: string): InvalidKey | null {
  if (!e.trim()) return "required";
  return /^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(e.trim()) && e.trim().length <= 254 ? null : "email";
}

/**
 * Mobile: required, at most 11 digits (the input's limit); for mainland China (area code 86)
 * the legacy 1[3-9]xxxxxxxxx pattern, elsewhere at least 5 digits (the server takes 5–15).
 */
export function checkMobile(m: string, areaCode: string): InvalidKey | null {
  const v = m.trim();
  if (!v) return "required";
  if (!/^\d{5,11}$/.test(v)) return "mobile";
  if (areaCode.replace("+", "") === "86" && !/^1[3-9]\d{9}$/.test(v)) return "mobile";
  return null;
}

export function checkRequired(v: string): InvalidKey | null {
  return v.trim() ? null : "required";
}

/** Username: letters and digits only (spec §5), at most 32. */
export function checkUsername(u: string): InvalidKey | null {
  if (!u.trim()) return "required";
  return /^[A-Za-z0-9]{1,32}$/.test(u.trim()) ? null : "username";
}

/** Keys under account.invalid.* for the user-area checks. */
export type ProfileInvalidKey = "signatureLength" | "avatarType" | "avatarSize" | "passwordMismatch";

export function checkSignature(s: string): ProfileInvalidKey | null {
  return [...s.trim()].length > MAX_SIGNATURE ? "signatureLength" : null;
}

/**
 * Avatar file: JPG or PNG by its first bytes (the browser's type only names the extension), at
 * most 3 MB. The server decodes and re-encodes it anyway.
 */
export function checkAvatar(size: number, head: Uint8Array): ProfileInvalidKey | null {
  const png = head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b);
  const jpeg = head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  if (!png && !jpeg) return "avatarType";
  if (size > AVATAR_MAX_BYTES) return "avatarSize";
  return null;
}
