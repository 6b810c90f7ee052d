// The site search' translations (locales/search/<locale>.json, under the key "search"), keys typed against
// its own English file (./feature.ts says why feature keys stay out of i18next.d.ts).
import { featureT, type FeatureT, type Paths } from "./feature";
import type en from "./locales/search/en_US.json";

export type SearchKey = Paths<typeof en>;
export type SearchT = FeatureT<SearchKey>;
/** t() for the site search' keys: useSearchT().t("x.y") is t("search.x.y"). */
export const useSearchT = featureT<typeof en>("search");
