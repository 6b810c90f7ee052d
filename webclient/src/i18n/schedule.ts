// The translations of /schedule, the game pages and the library's sub-page tabs
// (locales/schedule/<locale>.json, under the key "schedule") with keys typed against their own
// English file. They are not added to the global typed resources of i18next.d.ts:
// the union of every key of the site there has reached TypeScript's instantiation limit (TS2589 in
// typed t() aliases), so these pages check their keys here instead.
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type en from "./locales/schedule/en_US.json";

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key of the schedule's locale files ("tabs.league.config"). */
export type ScheduleKey = Paths<typeof en>;

export type ScheduleT = (key: ScheduleKey, options?: Record<string, unknown>) => string;

/** t() for the schedule's keys: useScheduleT()("title") is t("schedule.title"). */
export function useScheduleT(): { t: ScheduleT; language: string } {
  const { t, i18n } = useTranslation();
  const st = useCallback<ScheduleT>((key, options) => String((t as unknown as (k: string, o?: object) => string)(`schedule.${key}`, options)), [t]);
  return { t: st, language: i18n.language };
}
