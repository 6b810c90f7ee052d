// The coin shop's translations (locales/shop/<locale>.json, under the key "shop") with keys typed
// against its own English file. They are not added to the global typed resources of i18next.d.ts:
// the union of every key of the site there has reached TypeScript's instantiation limit (TS2589 in
// typed t() aliases), so the shop checks its keys here instead.
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type en from "./locales/shop/en_US.json";

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key of the shop's locale files ("form.title"). */
export type ShopKey = Paths<typeof en>;

export type ShopT = (key: ShopKey, options?: Record<string, unknown>) => string;

/** t() for the shop's keys: useShopT()("form.title") is t("shop.form.title"). */
export function useShopT(): { t: ShopT; language: string } {
  const { t, i18n } = useTranslation();
  const st = useCallback<ShopT>((key, options) => String((t as unknown as (k: string, o?: object) => string)(`shop.${key}`, options)), [t]);
  return { t: st, language: i18n.language };
}
