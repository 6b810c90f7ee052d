// The replay's translations (issue 25 §2: a recording's chat replay, the match's timeline and its
// highlights; locales/replay/<locale>.json, under the key "replay") with keys typed against its own
// English file. They are not added to the global typed resources of i18next.d.ts:
// the union of every key of the site there has reached TypeScript's instantiation limit (TS2589 in
// typed t() aliases), so the replay checks its keys here instead.
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type en from "./locales/replay/en_US.json";

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key of the replay's locale files ("chat.title"). */
export type ReplayKey = Paths<typeof en>;

export type ReplayT = (key: ReplayKey, options?: Record<string, unknown>) => string;

/** t() for the replay keys: useReplayT()("chat.title") is t("replay.chat.title"). */
export function useReplayT(): { t: ReplayT; language: string } {
  const { t, i18n } = useTranslation();
  const st = useCallback<ReplayT>((key, options) => String((t as unknown as (k: string, o?: object) => string)(`replay.${key}`, options)), [t]);
  return { t: st, language: i18n.language };
}
