// The translations of /{game}/data (locales/gamedata/<locale>.json, under "gamedata"; decision 0016).
import { featureT, type Paths } from "./feature";
import type en from "./locales/gamedata/en_US.json";

export type GameDataKey = Paths<typeof en>;
export const useGameDataT = featureT<typeof en>("gamedata");
