// The site search's translations (locales/search/<locale>.json, under the key "search") with keys typed
// against its own English file, like the shop's (src/i18n/shop.ts says why they stay out of
// i18next.d.ts).
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type en from "./locales/search/en_US.json";

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key of the search's locale files ("kinds.team"). */
export type SearchKey = Paths<typeof en>;

export type SearchT = (key: SearchKey, options?: Record<string, unknown>) => string;

/** t() for the search's keys: useSearchT()("kinds.team") is t("search.kinds.team"). */
export function useSearchT(): { t: SearchT; language: string } {
  const { t, i18n } = useTranslation();
  const st = useCallback<SearchT>((key, options) => String((t as unknown as (k: string, o?: object) => string)(`search.${key}`, options)), [t]);
  return { t: st, language: i18n.language };
}
