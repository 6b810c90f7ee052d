// The REST forms of live-room moderation (issue 17; api/chat/README.md is the contract): the
// chatter card, deleting a line, mute/unmute and moderators. Paths and payloads only: the call
// contract itself lives in client.ts. Every call goes through the room's own rules on the server.
import { api } from "./client";

export type ChatterBadge = "streamer" | "moderator" | "staff" | "svip" | "vip" | "expert";

/** The chatter card (GET /chatroom/userInfo). `moderation` only for the room's moderators. */
export interface Chatter {
  name: string;
  avatar?: string;
  level: number;
  badges: ChatterBadge[];
  self: boolean;
  you: { moderate: boolean; mute: boolean; appoint: boolean };
  moderation?: {
    /** Unix ms; 0: not muted here. */
    mutedUntil: number;
    platformUntil: number;
    mutes: number;
    reports: number;
  };
  /** The server's clock (unix ms) when it answered. */
  now: number;
}

export type OperateOp = "mute" | "unmute" | "addMod" | "removeMod";

export interface Operation {
  roomId: string;
  /** The chatter as chat lines name them ("u123"). */
  uid: string;
  op: OperateOp;
  secs?: number;
  reason?: string;
  /** addMod, removeMod: the chatter's member id typed again. */
  confirm?: string;
}

const quiet = { toast: false } as const;

export const chatroomApi = {
  userInfo: (roomId: string, uid: string) => api.get<Chatter>("/chatroom/userInfo", { query: { roomId, uid }, ...quiet }),
  operate: (p: Operation) => api.post<{ op: OperateOp; until?: number; seq: number }>("/chatroom/operate", p, quiet),
  deleteLine: (roomId: string, msgId: string) => api.get<{ msgId: string; seq: number }>("/chatroom/delete", { query: { roomId, msgId }, ...quiet }),
};
