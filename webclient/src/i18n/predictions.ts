// The predictions' translations (locales/predictions/<locale>.json, under the key "predictions"), keys typed against
// its own English file (./feature.ts says why feature keys stay out of i18next.d.ts).
import { featureT, type FeatureT, type Paths } from "./feature";
import type en from "./locales/predictions/en_US.json";

export type PredictionsKey = Paths<typeof en>;
export type PredictionsT = FeatureT<PredictionsKey>;
/** t() for the predictions' keys: usePredictionsT().t("x.y") is t("predictions.x.y"). */
export const usePredictionsT = featureT<typeof en>("predictions");
