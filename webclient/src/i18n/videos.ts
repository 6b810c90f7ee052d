// The videos' translations (locales/videos/<locale>.json, under the key "videos"), keys typed against
// its own English file (./feature.ts says why feature keys stay out of i18next.d.ts).
import { featureT, type FeatureT, type Paths } from "./feature";
import type en from "./locales/videos/en_US.json";

export type VideosKey = Paths<typeof en>;
export type VideosT = FeatureT<VideosKey>;
/** t() for the videos' keys: useVideosT().t("x.y") is t("videos.x.y"). */
export const useVideosT = featureT<typeof en>("videos");
