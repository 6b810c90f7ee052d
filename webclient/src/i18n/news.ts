// The news' translations (locales/news/<locale>.json, under the key "news") with keys typed
// against its own English file. They are not added to the global typed resources of i18next.d.ts:
// the union of every key of the site there has reached TypeScript's instantiation limit (TS2589 in
// typed t() aliases), so the news check its keys here instead.
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type en from "./locales/news/en_US.json";

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key of the news' locale files ("comments.title"). */
export type NewsKey = Paths<typeof en>;

export type NewsT = (key: NewsKey, options?: Record<string, unknown>) => string;

/** t() for the news' keys: useNewsT()("comments.title") is t("news.comments.title"). */
export function useNewsT(): { t: NewsT; language: string } {
  const { t, i18n } = useTranslation();
  const st = useCallback<NewsT>((key, options) => String((t as unknown as (k: string, o?: object) => string)(`news.${key}`, options)), [t]);
  return { t: st, language: i18n.language };
}
