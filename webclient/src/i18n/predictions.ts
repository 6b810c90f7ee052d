// The in-room predictions' translations (locales/predictions/<locale>.json, under the key
// "predictions") with keys typed against their own English file (see shop.ts for why they are not
// in the global typed resources).
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type en from "./locales/predictions/en_US.json";

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key of the predictions' locale files ("chat.resolved"). */
export type PredictionsKey = Paths<typeof en>;

export type PredictionsT = (key: PredictionsKey, options?: Record<string, unknown>) => string;

/** t() for the predictions' keys: usePredictionsT().t("title") is t("predictions.title"). */
export function usePredictionsT(): { t: PredictionsT; language: string } {
  const { t, i18n } = useTranslation();
  const pt = useCallback<PredictionsT>(
    (key, options) => String((t as unknown as (k: string, o?: object) => string)(`predictions.${key}`, options)),
    [t],
  );
  return { t: pt, language: i18n.language };
}
