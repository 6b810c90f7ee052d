// The news' translations (locales/news/<locale>.json, under the key "news"), keys typed against
// its own English file (./feature.ts says why feature keys stay out of i18next.d.ts).
import { featureT, type FeatureT, type Paths } from "./feature";
import type en from "./locales/news/en_US.json";

export type NewsKey = Paths<typeof en>;
export type NewsT = FeatureT<NewsKey>;
/** t() for the news' keys: useNewsT().t("x.y") is t("news.x.y"). */
export const useNewsT = featureT<typeof en>("news");
