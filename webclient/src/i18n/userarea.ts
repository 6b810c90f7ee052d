// The user area' translations (locales/userarea/<locale>.json, under the key "userarea"), keys typed against
// its own English file (./feature.ts says why feature keys stay out of i18next.d.ts).
import { featureT, type FeatureT, type Paths } from "./feature";
import type en from "./locales/userarea/en_US.json";

export type UserAreaKey = Paths<typeof en>;
export type UserAreaT = FeatureT<UserAreaKey>;
/** t() for the user area' keys: useUserAreaT().t("x.y") is t("userarea.x.y"). */
export const useUserAreaT = featureT<typeof en>("userarea");
