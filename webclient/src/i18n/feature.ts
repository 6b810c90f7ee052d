// Typed t() for a feature's translations (locales/<feature>/<locale>.json, under the top-level key
// <feature>): keys are checked against the feature's own English file, which stays out of
// i18next.d.ts so features can be translated side by side.
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/** Every dotted key path of a locale file's JSON ("checks.clock.title"). */
export type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

export type FeatureT<Key extends string> = (key: Key, options?: Record<string, unknown>) => string;

/** Makes the hook of a feature: featureT<typeof en>("selftest")() gives t("checks.x") = t("selftest.checks.x"). */
export function featureT<T>(feature: string): () => { t: FeatureT<Paths<T>>; language: string } {
  return function useFeatureT() {
    const { t, i18n } = useTranslation();
    const ft = useCallback<FeatureT<Paths<T>>>(
      (key, options) => String((t as unknown as (k: string, o?: object) => string)(`${feature}.${key}`, options)),
      [t],
    );
    return { t: ft, language: i18n.language };
  };
}
