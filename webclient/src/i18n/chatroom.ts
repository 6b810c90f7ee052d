// Live-room moderation's translations: the chatter card and the muted chat input
// (locales/chatroom/<locale>.json, under "chatroom").
import { featureT, type Paths } from "./feature";
import type en from "./locales/chatroom/en_US.json";

export type ChatroomKey = Paths<typeof en>;
export const useChatroomT = featureT<typeof en>("chatroom");
