// Gift effects' translations (locales/giftfx/<locale>.json, under the key "giftfx") with keys
// typed against their own English file, checked here like the shop's (see shop.ts for why).
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type en from "./locales/giftfx/en_US.json";

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key of the giftfx's locale files ("confirm.title"). */
export type GiftFxKey = Paths<typeof en>;

export type GiftFxT = (key: GiftFxKey, options?: Record<string, unknown>) => string;

/** t() for the giftfx's keys: useGiftFxT()("confirm.title") is t("giftfx.confirm.title"). */
export function useGiftFxT(): { t: GiftFxT; language: string } {
  const { t, i18n } = useTranslation();
  const st = useCallback<GiftFxT>((key, options) => String((t as unknown as (k: string, o?: object) => string)(`giftfx.${key}`, options)), [t]);
  return { t: st, language: i18n.language };
}
