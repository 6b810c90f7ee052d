// The match pictures' translations (locales/matchviz/<locale>.json, under "matchviz"): the field
// of the animation tab, the momentum graph and the odds chart per bookmaker (issue 18).
import { featureT, type Paths } from "./feature";
import type en from "./locales/matchviz/en_US.json";

export type MatchVizKey = Paths<typeof en>;
export const useMatchVizT = featureT<typeof en>("matchviz");
