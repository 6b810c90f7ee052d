// The moderation presets' translations (locales/modpresets/<locale>.json, under the key "modpresets")
// with keys typed against its own English file, like the shop's (i18n/shop.ts says why).
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type en from "./locales/modpresets/en_US.json";

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key of the presets' locale files ("goal.legend"). */
export type ModPresetsKey = Paths<typeof en>;

export type ModPresetsT = (key: ModPresetsKey, options?: Record<string, unknown>) => string;

/** t() for the presets' keys: useModPresetsT().t("title") is t("modpresets.title"). */
export function useModPresetsT(): { t: ModPresetsT; language: string } {
  const { t, i18n } = useTranslation();
  const mt = useCallback<ModPresetsT>(
    (key, options) => String((t as unknown as (k: string, o?: object) => string)(`modpresets.${key}`, options)),
    [t],
  );
  return { t: mt, language: i18n.language };
}
