// The experts feature's translation function. Its keys (locales/experts/*.json, under "experts.")
// are typed here from the en_US file rather than in i18next.d.ts: one more feature in the global key
// union takes TypeScript past its instantiation depth in other files' t() calls (TS2589).
import { useTranslation } from "react-i18next";
import type en from "./locales/experts/en_US.json";

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the experts feature, "experts.plan.buy", ... */
export type ExpertsKey = `experts.${Leaves<typeof en>}`;

export type ExpertsT = (key: ExpertsKey, options?: Record<string, unknown>) => string;

/** useTranslation for the experts pages: t checked against locales/experts/en_US.json. */
export function useExpertsT() {
  const { t, i18n } = useTranslation();
  return { t: t as unknown as ExpertsT, i18n };
}
