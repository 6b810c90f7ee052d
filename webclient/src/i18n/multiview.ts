// The multi-view and custom-tag rooms' translations (locales/multiview/<locale>.json, under the key "multiview"), keys typed against
// its own English file (./feature.ts says why feature keys stay out of i18next.d.ts).
import { featureT, type FeatureT, type Paths } from "./feature";
import type en from "./locales/multiview/en_US.json";

export type MultiViewKey = Paths<typeof en>;
export type MultiViewT = FeatureT<MultiViewKey>;
/** t() for the multi-view and custom-tag rooms' keys: useMultiViewT().t("x.y") is t("multiview.x.y"). */
export const useMultiViewT = featureT<typeof en>("multiview");
