// The coin shop' translations (locales/shop/<locale>.json, under the key "shop"), keys typed against
// its own English file (./feature.ts says why feature keys stay out of i18next.d.ts).
import { featureT, type FeatureT, type Paths } from "./feature";
import type en from "./locales/shop/en_US.json";

export type ShopKey = Paths<typeof en>;
export type ShopT = FeatureT<ShopKey>;
/** t() for the coin shop' keys: useShopT().t("x.y") is t("shop.x.y"). */
export const useShopT = featureT<typeof en>("shop");
