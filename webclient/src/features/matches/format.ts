// Display rules of spec §9 and the calendar arithmetic of the match pages.
import type { MatchClock } from "../../api/matches";

/** Large counts as k with one decimal from 1000 (spec §9): 999 -> "999", 1234 -> "1.2k". */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return "0";
  const abs = Math.abs(n);
  if (abs < 1000) return String(Math.round(n));
  // Truncate rather than round so 1999 never reads "2.0k".
  const tenths = Math.trunc(abs / 100) / 10;
  return `${n < 0 ? "-" : ""}${tenths.toFixed(1)}k`;
}

export type RelUnit = "minute" | "hour" | "day" | "week" | "month";

/**
 * Relative time in the units of spec §9 (minutes, hours, days, weeks, months of 30 days):
 * negative values are in the past. Under a minute counts as 0 minutes.
 */
export function relativeParts(at: number, now: number): { value: number; unit: RelUnit } {
  const diff = at - now;
  const abs = Math.abs(diff);
  const sign = diff < 0 ? -1 : 1;
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;
  let value: number;
  let unit: RelUnit;
  if (abs < HOUR) [value, unit] = [Math.floor(abs / MIN), "minute"];
  else if (abs < DAY) [value, unit] = [Math.floor(abs / HOUR), "hour"];
  else if (abs < 7 * DAY) [value, unit] = [Math.floor(abs / DAY), "day"];
  else if (abs < 30 * DAY) [value, unit] = [Math.floor(abs / (7 * DAY)), "week"];
  else [value, unit] = [Math.floor(abs / (30 * DAY)), "month"];
  return { value: value === 0 ? 0 : sign * value, unit };
}

/**
 * One Intl formatter per language and kind, made on first use. Building one loads the language's
 * data and takes far longer than formatting with it: a list of 50 rows made three per row on every
 * render, a fifth of the home page's script time under Lighthouse's 4x slowdown (issue 19).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

/** The cached formatter of `kind` for lang; throws as the constructor does for an unknown tag. */
export function cachedFormatter<F extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(kind: string, lang: string, make: () => F): F {
  const key = `${kind}|${lang}`;
  let f = formatters.get(key) as F | undefined;
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}

/** Localized relative time ("3 hours ago", "in 2 days") for a BCP-47 language tag. */
export function formatRelative(at: number, now: number, lang: string): string {
  const { value, unit } = relativeParts(at, now);
  const rel = (l: string) => cachedFormatter("relative", l, () => new Intl.RelativeTimeFormat(l, { numeric: "auto" }));
  try {
    return rel(lang).format(value, unit);
  } catch {
    return rel("en").format(value, unit);
  }
}

/** Minutes east of UTC for the browser's zone at `at` (what the list calls take as tzOffset). */
export function tzOffsetMinutes(at: Date = new Date()): number {
  return -at.getTimezoneOffset();
}

const pad = (n: number) => String(n).padStart(2, "0");

/** yyyy-mm-dd of a local date. */
export function isoDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The local day `offset` days from `today` (DST-safe: calendar arithmetic, not ms). */
export function dayFrom(today: Date, offset: number): Date {
  return new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
}

/** Day offsets of the home date tabs. */
export const DATE_TAB_OFFSET = { yesterday: -1, today: 0, tomorrow: 1 } as const;

/**
 * The week strip of the match list: seven days starting `first` days from today (0 for the
 * schedule, -6 for results), each as yyyy-mm-dd with its weekday (0 Sunday).
 */
export function weekStrip(today: Date, first: number): { date: string; weekday: number; offset: number }[] {
  return Array.from({ length: 7 }, (_, i) => {
    const d = dayFrom(today, first + i);
    return { date: isoDay(d), weekday: d.getDay(), offset: first + i };
  });
}

/** Whole days from today to a yyyy-mm-dd (negative in the past). */
export function offsetOf(today: Date, date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  const a = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const b = Date.UTC(y!, (m ?? 1) - 1, d ?? 1);
  return Math.round((b - a) / 86_400_000);
}

/** Seconds on a clock at `now`: a running clock advances (or counts down) from `at`. */
export function clockSeconds(c: MatchClock | undefined, now: number): number {
  if (!c) return 0;
  if (!c.r) return c.s;
  const elapsed = Math.max(0, Math.floor((now - c.at) / 1000));
  return c.d ? Math.max(0, c.s - elapsed) : c.s + elapsed;
}

/** mm:ss, or the football minute (45') when `minutes` is set. */
export function formatClock(secs: number, minutes = false): string {
  if (minutes) return `${Math.floor(secs / 60) + 1}'`;
  return `${pad(Math.floor(secs / 60))}:${pad(secs % 60)}`;
}

/**
 * Local time of a Unix ms time: hh:mm, or with `lang` (a BCP-47 tag) as that language writes a
 * time ("3:05 PM" in en-US, "15:05" in de) so a kick-off reads as the reader expects.
 */
export function formatTime(ms: number, lang?: string): string {
  const d = new Date(ms);
  if (lang) {
    try {
      return cachedFormatter("time", lang, () => new Intl.DateTimeFormat(lang, { hour: "numeric", minute: "2-digit" })).format(d);
    } catch {
      // An unknown tag: the plain form below.
    }
  }
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Local yyyy-mm-dd hh:mm; with `lang`, the date and time as that language writes them. */
export function formatDateTime(ms: number, lang?: string): string {
  if (lang) {
    try {
      return cachedFormatter("dateTime", lang, () => new Intl.DateTimeFormat(lang, { day: "numeric", month: "short", hour: "numeric", minute: "2-digit" })).format(new Date(ms));
    } catch {
      // An unknown tag: the plain form below.
    }
  }
  return `${isoDay(new Date(ms))} ${formatTime(ms)}`;
}

/** A 0..1 rate as a whole percentage. */
export function percent(r: number): string {
  return `${Math.round(r * 100)}%`;
}

/** A decimal price with two decimals, or a dash when the market is empty. */
export function odd(n: number | undefined): string {
  return n && Number.isFinite(n) ? n.toFixed(2) : "–";
}

/**
 * Makes the formatters a match row uses for lang ahead of the rows, each in a task of its own while the
 * browser is idle (waiting for the list's data). The first Intl formatter of a page loads the language's
 * data: tens of milliseconds at Lighthouse's 4x CPU, which fell inside the list's first render, the
 * page's longest task (issue 19, blocking time).
 */
export function warmFormatters(lang: string): void {
  const idle = (fn: () => void) => (typeof requestIdleCallback === "function" ? requestIdleCallback(fn, { timeout: 1000 }) : setTimeout(fn, 0));
  idle(() => formatTime(0, lang));
  idle(() => formatRelative(0, 60_000, lang));
}
