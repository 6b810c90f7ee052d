// Formatting of the back office's numbers, money and times in the interface language.
import { localeTag as tag } from "../../i18n/format";

export const formatNumber = (n: number, lang: string) => new Intl.NumberFormat(tag(lang)).format(n);

/** An amount in fen (CNY cents) as money. */
export const formatFen = (fen: number, lang: string) =>
  new Intl.NumberFormat(tag(lang), { style: "currency", currency: "CNY" }).format(fen / 100);

export const formatTime = (ms: number, lang: string) =>
  ms ? new Intl.DateTimeFormat(tag(lang), { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms)) : "—";

/** A time of day. */
export const formatClock = (ms: number, lang: string) =>
  new Intl.DateTimeFormat(tag(lang), { timeStyle: "short" }).format(new Date(ms));
