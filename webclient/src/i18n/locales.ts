// The 22 interface languages of spec §1, spelled as the `lan` header and the `lang`
// cookie spell them (and as the files under ./locales are named).

export const LOCALES = [
  "en_US", "zh_CN", "zh_tw", "vi", "es", "pt", "fr", "de", "sv", "ru", "uk",
  "da", "pl", "nl", "ko", "ms", "tl", "el", "tr", "thai", "ar", "jp",
] as const;

export type Locale = (typeof LOCALES)[number];

/** Source of the key set and the language a missing key falls back to. */
export const FALLBACK_LOCALE: Locale = "en_US";
/** Used when neither the cookie nor the browser names a language we offer (spec §9). */
export const DEFAULT_LOCALE: Locale = "zh_CN";

/** Each language's own name, shown in the switcher (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en_US: "English",
  zh_CN: "简体中文",
  zh_tw: "繁體中文",
  vi: "Tiếng Việt",
  es: "Español",
  pt: "Português",
  fr: "Français",
  de: "Deutsch",
  sv: "Svenska",
  ru: "Русский",
  uk: "Українська",
  da: "Dansk",
  pl: "Polski",
  nl: "Nederlands",
  ko: "한국어",
  ms: "Bahasa Melayu",
  tl: "Tagalog",
  el: "Ελληνικά",
  tr: "Türkçe",
  thai: "ไทย",
  ar: "العربية",
  jp: "日本語",
};

/** BCP-47 tag for <html lang>. */
export const HTML_LANG: Record<Locale, string> = {
  en_US: "en-US", zh_CN: "zh-CN", zh_tw: "zh-TW", vi: "vi", es: "es", pt: "pt",
  fr: "fr", de: "de", sv: "sv", ru: "ru", uk: "uk", da: "da", pl: "pl", nl: "nl",
  ko: "ko", ms: "ms", tl: "tl", el: "el", tr: "tr", thai: "th", ar: "ar", jp: "ja",
};

const RTL: ReadonlySet<Locale> = new Set<Locale>(["ar"]);

export function isRtl(locale: Locale): boolean {
  return RTL.has(locale);
}

export function isLocale(code: string): code is Locale {
  return (LOCALES as readonly string[]).includes(code);
}

// Primary BCP-47 subtags (and our own odd codes) to our locale codes; the same table
// as the server's api/locale so both sides pick the same language.
const PRIMARY: Record<string, Locale> = {
  en: "en_US", vi: "vi", es: "es", pt: "pt", fr: "fr", de: "de", sv: "sv", ru: "ru",
  uk: "uk", da: "da", pl: "pl", nl: "nl", ko: "ko", ms: "ms", tl: "tl", fil: "tl",
  el: "el", tr: "tr", th: "thai", thai: "thai", ar: "ar", ja: "jp", jp: "jp",
};

/** Maps a browser language tag ("en-GB", "zh-Hant-HK") or one of our codes to a Locale. */
export function normalizeLocale(tag: string | undefined | null): Locale | undefined {
  if (!tag) return undefined;
  const trimmed = tag.trim();
  if (isLocale(trimmed)) return trimmed;
  const parts = trimmed.toLowerCase().replaceAll("_", "-").split("-");
  const lang = parts[0] ?? "";
  if (lang === "zh") {
    for (const p of parts.slice(1)) {
      if (["hant", "tw", "hk", "mo"].includes(p)) return "zh_tw";
      if (["hans", "cn", "sg", "my"].includes(p)) return "zh_CN";
    }
    return "zh_CN";
  }
  return PRIMARY[lang];
}

/**
 * The initial language (spec §1): a language named in the address (`?lang=`, the hreflang
 * links: the server wrote that version's head, so the page follows it), else the `lang` cookie
 * (the reader's own pick), else the server's answer written on <html data-locale> (it applied
 * the cookie, Accept-Language and the country of the address), else the browser's languages in
 * order, else zh_CN.
 */
export function detectLocale(cookieLang: string | undefined, browserLangs: readonly string[], serverLang?: string, urlLang?: string | null): Locale {
  const fromUrl = normalizeLocale(urlLang);
  if (fromUrl) return fromUrl;
  const fromCookie = normalizeLocale(cookieLang);
  if (fromCookie) return fromCookie;
  if (serverLang && isLocale(serverLang)) return serverLang;
  for (const tag of browserLangs) {
    const l = normalizeLocale(tag);
    if (l) return l;
  }
  return DEFAULT_LOCALE;
}
