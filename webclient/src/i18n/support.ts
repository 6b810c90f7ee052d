// Customer service's translations (locales/support/<locale>.json, under "support"): the help centre's
// questions, the message form, the user's tickets and the back office's support queue.
import { featureT, type Paths } from "./feature";
import type en from "./locales/support/en_US.json";

export type SupportKey = Paths<typeof en>;
export const useSupportT = featureT<typeof en>("support");
