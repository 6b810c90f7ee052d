// The promotion channels' translations (locales/channel/<locale>.json, under the key "channel") with keys typed
// against its own English file. They are not added to the global typed resources of i18next.d.ts:
// the union of every key of the site there has reached TypeScript's instantiation limit (TS2589 in
// typed t() aliases), so the channel pages check their keys here instead.
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type en from "./locales/channel/en_US.json";

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key of the channel pages' locale files ("form.title"). */
export type ChannelKey = Paths<typeof en>;

export type ChannelT = (key: ChannelKey, options?: Record<string, unknown>) => string;

/** t() for the channel pages' keys: useChannelT()("form.title") is t("channel.form.title"). */
export function useChannelT(): { t: ChannelT; language: string } {
  const { t, i18n } = useTranslation();
  const st = useCallback<ChannelT>((key, options) => String((t as unknown as (k: string, o?: object) => string)(`channel.${key}`, options)), [t]);
  return { t: st, language: i18n.language };
}
