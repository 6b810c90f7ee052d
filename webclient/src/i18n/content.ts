// The content's translations (locales/content/<locale>.json, under the key "content"): the
// proclamation banner, the footer and protocol pages, their back-office screens. Keys are typed
// against their own English file, like the shop's (see shop.ts for why).
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type en from "./locales/content/en_US.json";

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key of the content's locale files ("banner.close"). */
export type ContentKey = Paths<typeof en>;

export type ContentT = (key: ContentKey, options?: Record<string, unknown>) => string;

/** t() for the content's keys: useContentT()("banner.close") is t("content.banner.close"). */
export function useContentT(): { t: ContentT; language: string } {
  const { t, i18n } = useTranslation();
  const ct = useCallback<ContentT>((key, options) => String((t as unknown as (k: string, o?: object) => string)(`content.${key}`, options)), [t]);
  return { t: ct, language: i18n.language };
}
