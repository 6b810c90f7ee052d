// Paid messages' translations (locales/paidmsg/<locale>.json, under the key "paidmsg") with keys
// typed against their own English file, checked here like the shop's (see shop.ts for why).
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type en from "./locales/paidmsg/en_US.json";

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key of the paidmsg's locale files ("form.title"). */
export type PaidKey = Paths<typeof en>;

export type PaidT = (key: PaidKey, options?: Record<string, unknown>) => string;

/** t() for the paidmsg's keys: usePaidT()("form.title") is t("paidmsg.form.title"). */
export function usePaidT(): { t: PaidT; language: string } {
  const { t, i18n } = useTranslation();
  const st = useCallback<PaidT>((key, options) => String((t as unknown as (k: string, o?: object) => string)(`paidmsg.${key}`, options)), [t]);
  return { t: st, language: i18n.language };
}
