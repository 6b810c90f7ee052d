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

/** A size in bytes as megabytes or gigabytes, with the unit in the interface language. */
export const formatBytes = (bytes: number, lang: string) => {
  const gb = bytes >= 1024 ** 3;
  return new Intl.NumberFormat(tag(lang), { style: "unit", unit: gb ? "gigabyte" : "megabyte", unitDisplay: "short", maximumFractionDigits: gb ? 1 : 0 })
    .format(bytes / (gb ? 1024 ** 3 : 1024 ** 2));
};

/** A duration in seconds as days, hours and minutes (the two largest that apply), units in the interface language. */
export const formatUptime = (secs: number, lang: string) => {
  const unit = (n: number, u: "day" | "hour" | "minute") => new Intl.NumberFormat(tag(lang), { style: "unit", unit: u, unitDisplay: "short" }).format(n);
  const d = Math.floor(secs / 86400), h = Math.floor((secs % 86400) / 3600), m = Math.floor((secs % 3600) / 60);
  if (d > 0) return `${unit(d, "day")} ${unit(h, "hour")}`;
  if (h > 0) return `${unit(h, "hour")} ${unit(m, "minute")}`;
  return unit(m, "minute");
};

/** A calendar day ("1990-01-07") as a date in the interface language; anything else as it is. */
export const formatDay = (day: string, lang: string) => {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : null;
  return d && !Number.isNaN(d.getTime()) ? new Intl.DateTimeFormat(tag(lang), { dateStyle: "medium", timeZone: "UTC" }).format(d) : day || "—";
};
