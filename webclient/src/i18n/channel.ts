// The promotion channels' translations (locales/channel/<locale>.json, under the key "channel"), keys typed against
// its own English file (./feature.ts says why feature keys stay out of i18next.d.ts).
import { featureT, type FeatureT, type Paths } from "./feature";
import type en from "./locales/channel/en_US.json";

export type ChannelKey = Paths<typeof en>;
export type ChannelT = FeatureT<ChannelKey>;
/** t() for the promotion channels' keys: useChannelT().t("x.y") is t("channel.x.y"). */
export const useChannelT = featureT<typeof en>("channel");
