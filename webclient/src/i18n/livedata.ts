// /live/data's translations (locales/livedata/<locale>.json, under "livedata").
import { featureT, type Paths } from "./feature";
import type en from "./locales/livedata/en_US.json";

export type LiveDataKey = Paths<typeof en>;
export const useLiveDataT = featureT<typeof en>("livedata");
