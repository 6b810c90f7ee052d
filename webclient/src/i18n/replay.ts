// The replays' translations (locales/replay/<locale>.json, under the key "replay"), keys typed against
// its own English file (./feature.ts says why feature keys stay out of i18next.d.ts).
import { featureT, type FeatureT, type Paths } from "./feature";
import type en from "./locales/replay/en_US.json";

export type ReplayKey = Paths<typeof en>;
export type ReplayT = FeatureT<ReplayKey>;
/** t() for the replays' keys: useReplayT().t("x.y") is t("replay.x.y"). */
export const useReplayT = featureT<typeof en>("replay");
