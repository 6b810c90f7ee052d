// The user area's translations (locales/userarea/<locale>.json, under the key "userarea") with keys
// typed against its own English file, as the shop does (i18n/shop.ts says why they are not in the
// global typed resources).
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type en from "./locales/userarea/en_US.json";

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key of the user area's locale files ("tasks.title"). */
export type UserAreaKey = Paths<typeof en>;

export type UserAreaT = (key: UserAreaKey, options?: Record<string, unknown>) => string;

/** t() for the user area's keys: useUserAreaT().t("tasks.title") is t("userarea.tasks.title"). */
export function useUserAreaT(): { t: UserAreaT; language: string } {
  const { t, i18n } = useTranslation();
  const ut = useCallback<UserAreaT>((key, options) => String((t as unknown as (k: string, o?: object) => string)(`userarea.${key}`, options)), [t]);
  return { t: ut, language: i18n.language };
}
