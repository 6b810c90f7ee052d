// The sign-in country list (GET /login/loginCountryList), fetched once per page load. Until it
// answers, or when it is not served, mainland China (86, the spec's legacy default) is offered.
import { authApi, type Country } from "../api/account";

export const DEFAULT_COUNTRIES: readonly Country[] = [{ countryAbbr: "CN", countryArea: "86" }];

let cached: Promise<readonly Country[]> | null = null;

export function loadCountries(): Promise<readonly Country[]> {
  cached ??= authApi.countries().then(
    (list) => (Array.isArray(list) && list.length > 0 ? list : DEFAULT_COUNTRIES),
    () => {
      cached = null; // try again next time
      return DEFAULT_COUNTRIES;
    },
  );
  return cached;
}

/** The country's name in the interface language, else its code. */
export function countryName(abbr: string, htmlLang: string): string {
  try {
    return new Intl.DisplayNames([htmlLang], { type: "region" }).of(abbr) ?? abbr;
  } catch {
    return abbr;
  }
}
