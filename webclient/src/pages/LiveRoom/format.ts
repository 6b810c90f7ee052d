// Date and time text in the interface language (the page's <html lang>, set by i18n).

/** A short date and time, e.g. "22 Nov, 14:05". */
export function formatTime(ms: number): string {
  const lang = typeof document !== "undefined" ? document.documentElement.lang || undefined : undefined;
  try {
    return new Intl.DateTimeFormat(lang, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" }).format(ms);
  } catch {
    return new Date(ms).toISOString().slice(0, 16).replace("T", " ");
  }
}
