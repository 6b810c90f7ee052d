// The site content (proclamations, text pages)' translations (locales/content/<locale>.json, under the key "content"), keys typed against
// its own English file (./feature.ts says why feature keys stay out of i18next.d.ts).
import { featureT, type FeatureT, type Paths } from "./feature";
import type en from "./locales/content/en_US.json";

export type ContentKey = Paths<typeof en>;
export type ContentT = FeatureT<ContentKey>;
/** t() for the site content (proclamations, text pages)' keys: useContentT().t("x.y") is t("content.x.y"). */
export const useContentT = featureT<typeof en>("content");
