// The streamer centre ingest tools' translations (locales/streamcentre/<locale>.json, under the key "streamcentre"), keys typed against
// its own English file (./feature.ts says why feature keys stay out of i18next.d.ts).
import { featureT, type FeatureT, type Paths } from "./feature";
import type en from "./locales/streamcentre/en_US.json";

export type CentreKey = Paths<typeof en>;
export type CentreT = FeatureT<CentreKey>;
/** t() for the streamer centre ingest tools' keys: useCentreT().t("x.y") is t("streamcentre.x.y"). */
export const useCentreT = featureT<typeof en>("streamcentre");
