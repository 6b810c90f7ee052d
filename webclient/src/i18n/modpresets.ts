// The moderation presets' translations (locales/modpresets/<locale>.json, under the key "modpresets"), keys typed against
// its own English file (./feature.ts says why feature keys stay out of i18next.d.ts).
import { featureT, type FeatureT, type Paths } from "./feature";
import type en from "./locales/modpresets/en_US.json";

export type ModPresetsKey = Paths<typeof en>;
export type ModPresetsT = FeatureT<ModPresetsKey>;
/** t() for the moderation presets' keys: useModPresetsT().t("x.y") is t("modpresets.x.y"). */
export const useModPresetsT = featureT<typeof en>("modpresets");
