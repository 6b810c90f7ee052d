// The translations of /caijian (locales/caijian/<locale>.json, under "caijian"; decision 0016).
import { featureT, type Paths } from "./feature";
import type en from "./locales/caijian/en_US.json";

export type CaijianKey = Paths<typeof en>;
export const useCaijianT = featureT<typeof en>("caijian");
