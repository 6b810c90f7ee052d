// Lengths and dates of videos in the reader's language.
import { HTML_LANG, type Locale } from "../../i18n/locales";

/** 75.4 → "1:15"; 3700 → "1:01:40". */
export function formatDuration(sec: number): string {
  const s = Math.max(0, Math.round(sec));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${r}` : `${m}:${r}`;
}

export function localeTag(language: string): string {
  return HTML_LANG[language as Locale] ?? "en-US";
}

export function formatDate(ms: number, language: string): string {
  return new Intl.DateTimeFormat(localeTag(language), { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms));
}
