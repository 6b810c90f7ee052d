// The streamer centre ingest tools' translations (locales/streamcentre/<locale>.json, under the key
// "streamcentre") with keys typed against their own English file, checked here like the shop's.
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type en from "./locales/streamcentre/en_US.json";

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key of the streamcentre's locale files ("form.title"). */
export type CentreKey = Paths<typeof en>;

export type CentreT = (key: CentreKey, options?: Record<string, unknown>) => string;

/** t() for the streamcentre's keys: useCentreT()("form.title") is t("streamcentre.form.title"). */
export function useCentreT(): { t: CentreT; language: string } {
  const { t, i18n } = useTranslation();
  const st = useCallback<CentreT>((key, options) => String((t as unknown as (k: string, o?: object) => string)(`streamcentre.${key}`, options)), [t]);
  return { t: st, language: i18n.language };
}
