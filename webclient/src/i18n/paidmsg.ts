// The paid messages' translations (locales/paidmsg/<locale>.json, under the key "paidmsg"), keys typed against
// its own English file (./feature.ts says why feature keys stay out of i18next.d.ts).
import { featureT, type FeatureT, type Paths } from "./feature";
import type en from "./locales/paidmsg/en_US.json";

export type PaidKey = Paths<typeof en>;
export type PaidT = FeatureT<PaidKey>;
/** t() for the paid messages' keys: usePaidT().t("x.y") is t("paidmsg.x.y"). */
export const usePaidT = featureT<typeof en>("paidmsg");
