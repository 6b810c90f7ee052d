// The connection self-test's translations (locales/selftest/<locale>.json, under "selftest").
import { featureT, type Paths } from "./feature";
import type en from "./locales/selftest/en_US.json";

export type SelfTestKey = Paths<typeof en>;
export const useSelfTestT = featureT<typeof en>("selftest");
