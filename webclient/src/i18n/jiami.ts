// The translations of /jiami (locales/jiami/<locale>.json, under "jiami"; decision 0016).
import { featureT, type Paths } from "./feature";
import type en from "./locales/jiami/en_US.json";

export type JiamiKey = Paths<typeof en>;
export const useJiamiT = featureT<typeof en>("jiami");
