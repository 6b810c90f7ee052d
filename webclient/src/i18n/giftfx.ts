// The gift effects' translations (locales/giftfx/<locale>.json, under the key "giftfx"), keys typed against
// its own English file (./feature.ts says why feature keys stay out of i18next.d.ts).
import { featureT, type FeatureT, type Paths } from "./feature";
import type en from "./locales/giftfx/en_US.json";

export type GiftFxKey = Paths<typeof en>;
export type GiftFxT = FeatureT<GiftFxKey>;
/** t() for the gift effects' keys: useGiftFxT().t("x.y") is t("giftfx.x.y"). */
export const useGiftFxT = featureT<typeof en>("giftfx");
