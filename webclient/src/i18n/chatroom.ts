// Live-room moderation's translations: the chatter card and the muted chat input
// (locales/chatroom/<locale>.json, under the key "chatroom"), with keys typed against their own
// English file, checked here like the shop's (see shop.ts for why).
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type en from "./locales/chatroom/en_US.json";

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A key of the chatroom's locale files ("card.title"). */
export type ChatroomKey = Paths<typeof en>;

export type ChatroomT = (key: ChatroomKey, options?: Record<string, unknown>) => string;

/** t() for the chatroom's keys: useChatroomT()("card.title") is t("chatroom.card.title"). */
export function useChatroomT(): { t: ChatroomT; language: string } {
  const { t, i18n } = useTranslation();
  const st = useCallback<ChatroomT>((key, options) => String((t as unknown as (k: string, o?: object) => string)(`chatroom.${key}`, options)), [t]);
  return { t: st, language: i18n.language };
}
