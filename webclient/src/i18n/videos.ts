// The videos area's translations (locales/videos/<locale>.json, under the key "videos") with keys typed
// against its own English file. They are not added to the global typed resources of i18next.d.ts:
// the union of every key of the site there has reached TypeScript's instantiation limit (TS2589 in
// typed t() aliases), so the videos area checks its keys here instead.
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type en from "./locales/videos/en_US.json";

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key of the videos area's locale files ("form.title"). */
export type VideosKey = Paths<typeof en>;

export type VideosT = (key: VideosKey, options?: Record<string, unknown>) => string;

/** t() for the videos keys: useVideosT()("form.title") is t("videos.form.title"). */
export function useVideosT(): { t: VideosT; language: string } {
  const { t, i18n } = useTranslation();
  const st = useCallback<VideosT>((key, options) => String((t as unknown as (k: string, o?: object) => string)(`videos.${key}`, options)), [t]);
  return { t: st, language: i18n.language };
}
