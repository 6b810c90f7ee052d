// The multi-view and custom-tag translations (locales/multiview/<locale>.json, under the key "multiview")
// with keys typed against its own English file, like the shop's (i18n/shop.ts says why).
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type en from "./locales/multiview/en_US.json";

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key of the multi-view locale files ("tile.listen"). */
export type MultiViewKey = Paths<typeof en>;

export type MultiViewT = (key: MultiViewKey, options?: Record<string, unknown>) => string;

/** t() for the multi-view keys: useMultiViewT().t("title") is t("multiview.title"). */
export function useMultiViewT(): { t: MultiViewT; language: string } {
  const { t, i18n } = useTranslation();
  const mt = useCallback<MultiViewT>(
    (key, options) => String((t as unknown as (k: string, o?: object) => string)(`multiview.${key}`, options)),
    [t],
  );
  return { t: mt, language: i18n.language };
}
