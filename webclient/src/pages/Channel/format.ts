// Formatting of the channel pages: numbers, dates and times in the reader's locale.
export { formatNumber, useLocaleTag } from "../../i18n/format";

export const formatDateTime = (ms: number, loc: string) =>
  new Intl.DateTimeFormat(loc, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" }).format(new Date(ms));

/** A statistics day ("2026-11-20", UTC) as a short date. */
export const formatDay = (day: string, loc: string) =>
  new Intl.DateTimeFormat(loc, { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

export const formatPercent = (bps: number, loc: string) => new Intl.NumberFormat(loc, { style: "percent", maximumFractionDigits: 2 }).format(bps / 10000);

export const MOVEMENT_TYPES = ["gift", "shop", "plan", "unlock", "membership", "refund"] as const;
export const isMovementType = (s: string): s is (typeof MOVEMENT_TYPES)[number] => (MOVEMENT_TYPES as readonly string[]).includes(s);
