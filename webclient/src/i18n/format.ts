// The site's one home for formatting numbers, money and dates in the reader's language (spec §9).
// Pages take the BCP-47 tag from useLocaleTag() and pass it to these pure functions, so the
// functions stay testable without React and every page formats the same way.
import { useTranslation } from "react-i18next";
import { HTML_LANG, isLocale } from "./locales";

/** The BCP-47 tag of an interface language ("jp" → "ja"); English for anything unknown. */
export const localeTag = (lang: string): string => (isLocale(lang) ? HTML_LANG[lang] : "en-US");

/** The BCP-47 tag of the language the page is shown in. */
export function useLocaleTag(): string {
  const { i18n } = useTranslation();
  return localeTag(i18n.language);
}

/** A whole number with the language's grouping ("10,000", "10 000"). */
export const formatNumber = (n: number, tag: string): string => new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }).format(n);

/**
 * A large sum of money shortened the way sports sites write transfer fees and prize money
 * ("$5.75M", "€120K", "5,8 Mio. $"), with at most three significant digits; "–" for none.
 */
export function formatCompactMoney(amount: number, currency: string, tag: string): string {
  if (!Number.isFinite(amount) || amount <= 0) return "–";
  try {
    return new Intl.NumberFormat(tag, { style: "currency", currency, notation: "compact", maximumSignificantDigits: 3 }).format(amount);
  } catch {
    return `${formatNumber(amount, tag)} ${currency}`;
  }
}

/** A calendar date ("Nov 20, 2026") of an ISO date or timestamp string; "–" for none or Go's zero time. */
export function formatDate(iso: string | undefined, tag: string): string {
  if (!iso || iso.startsWith("0001")) return "–";
  const at = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(at.getTime())) return "–";
  return new Intl.DateTimeFormat(tag, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(at);
}

const englishRegions = new Intl.DisplayNames(["en"], { type: "region" });

/**
 * A country as the reader's language names it ("Spain" → "Spanien"), from its ISO 3166 code. The
 * name stays as given where the code does not name exactly that country: sports count England,
 * Scotland and Wales apart, which the code GB cannot say.
 */
/**
 * The home nations sports count apart, by the English name a feed gives them beside the code GB (or
 * by their ISO 3166-2 code): their names in each language are in the locale files (region.<code>),
 * since Intl.DisplayNames knows countries only.
 */
const HOME_NATIONS: Record<string, string> = { England: "GB-ENG", Scotland: "GB-SCT", Wales: "GB-WLS", "Northern Ireland": "GB-NIR" };

/** The locale files' key (region.<code>) of a home nation, or undefined for any other region. */
export function homeNation(name: string, code: string | undefined): string | undefined {
  if (code && /^GB-(ENG|SCT|WLS|NIR)$/.test(code)) return code;
  return code === "GB" || !code ? HOME_NATIONS[name] : undefined;
}

export function regionName(name: string, code: string | undefined, tag: string): string {
  if (!name || !code || !/^[A-Z]{2}$/.test(code)) return name;
  try {
    if (englishRegions.of(code) !== name) return name;
    return new Intl.DisplayNames([tag], { type: "region" }).of(code) ?? name;
  } catch {
    return name;
  }
}
