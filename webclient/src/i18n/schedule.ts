// The schedule, game pages and library tabs' translations (locales/schedule/<locale>.json, under the key "schedule"), keys typed against
// its own English file (./feature.ts says why feature keys stay out of i18next.d.ts).
import { featureT, type FeatureT, type Paths } from "./feature";
import type en from "./locales/schedule/en_US.json";

export type ScheduleKey = Paths<typeof en>;
export type ScheduleT = FeatureT<ScheduleKey>;
/** t() for the schedule, game pages and library tabs' keys: useScheduleT().t("x.y") is t("schedule.x.y"). */
export const useScheduleT = featureT<typeof en>("schedule");
