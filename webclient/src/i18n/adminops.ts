// The back office's rooms, rules and money screens' translations (locales/adminops/<locale>.json, under the key "adminops"), keys typed against
// its own English file (./feature.ts says why feature keys stay out of i18next.d.ts).
import { featureT, type FeatureT, type Paths } from "./feature";
import type en from "./locales/adminops/en_US.json";

export type OpsKey = Paths<typeof en>;
export type OpsT = FeatureT<OpsKey>;
/** t() for the back office's rooms, rules and money screens' keys: useOpsT().t("x.y") is t("adminops.x.y"). */
export const useOpsT = featureT<typeof en>("adminops");
