// Amount rules of the recharge page (spec §5, §9): the custom diamond top-up is a whole
// number from 1 to 99999; beyond that the page says 'out of recharge range' before the
// server would. Money is shown in the payment method's currency as the server priced it.
import type { RechargePreset } from "../../api/wallet";

/** Spec §5: the largest custom diamond top-up. */
export const MAX_CUSTOM_TOPUP = 99999;
export const MIN_CUSTOM_TOPUP = 1;

export type AmountCheck =
  | { ok: true; value: number }
  | { ok: false; reason: "empty" | "notInteger" | "outOfRange" };

/**
 * Checks what the user typed as a custom amount. Only plain digits count (no signs,
 * decimals or exponents: "1e5" is not a top-up); leading zeros are allowed.
 */
export function checkCustomAmount(raw: string, min = MIN_CUSTOM_TOPUP, max = MAX_CUSTOM_TOPUP): AmountCheck {
  const s = raw.trim();
  if (s === "") return { ok: false, reason: "empty" };
  if (!/^\d+$/.test(s)) return { ok: false, reason: "notInteger" };
  // Compare digit counts first so a long string cannot lose precision in Number().
  const digits = s.replace(/^0+(?=\d)/, "");
  if (digits.length > String(max).length) return { ok: false, reason: "outOfRange" };
  const value = Number(digits);
  if (value < min || value > max) return { ok: false, reason: "outOfRange" };
  return { ok: true, value };
}

/** What the input keeps of a keystroke or paste: digits only, at most one digit past the max's length (so the range message can show). */
export function sanitizeAmountInput(raw: string, max = MAX_CUSTOM_TOPUP): string {
  return raw.replace(/\D+/g, "").slice(0, String(max).length + 1);
}

/** The level label of a preset ("LV3"); the server sends it, the level is the fallback. */
export function presetLabel(p: Pick<RechargePreset, "label" | "level">): string {
  return p.label || `LV${p.level}`;
}

/** A decimal money string in a currency, localized ("¥200.00", "$28.58"). */
export function formatMoney(amount: string | number, currency: string, locale?: string): string {
  const n = typeof amount === "number" ? amount : Number(amount);
  if (!Number.isFinite(n)) return `${amount} ${currency}`;
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
  } catch {
    return `${n.toFixed(2)} ${currency}`;
  }
}

/** A whole count of coins or diamonds with grouping ("10,000"). */
export function formatCount(n: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);
}

/** A fresh idempotency key for one purchase or recharge attempt (kept across its retries). */
export function newClientKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}
