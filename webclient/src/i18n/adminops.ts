// The back office's live rooms, moderation rules and money screens' translations
// (locales/adminops/<locale>.json, under the key "adminops"), with keys typed against the English
// file here rather than in i18next.d.ts (see shop.ts: the site-wide key union is at TypeScript's limit).
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type en from "./locales/adminops/en_US.json";

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key of the screens' locale files ("rooms.end"). */
export type OpsKey = Paths<typeof en>;

export type OpsT = (key: OpsKey, options?: Record<string, unknown>) => string;

/** t() for these screens: useOpsT().t("rooms.end") is t("adminops.rooms.end"). */
export function useOpsT(): { t: OpsT; language: string } {
  const { t, i18n } = useTranslation();
  const ot = useCallback<OpsT>((key, options) => String((t as unknown as (k: string, o?: object) => string)(`adminops.${key}`, options)), [t]);
  return { t: ot, language: i18n.language };
}
