// Wire types of docs/protocol.md (version 1). Only what the client reads or sends.

export const PROTOCOL_VERSION = 1;

export type EventKind =
  | "chat"
  | "gift"
  | "del"
  | "mute"
  | "unmute"
  | "mod"
  | "unmod"
  | "slow"
  | "sys"
  | "open"
  | "access"
  | "close"
  | "paid"
  | "unpin";

/** A room event (inside batch.ev and ack.ev). Fields beyond seq/k/ts depend on k. */
export interface RoomEvent {
  seq: number;
  k: EventKind | string;
  ts: number;
  id?: string;
  uid?: string;
  name?: string;
  lvl?: number;
  text?: string;
  gift?: string;
  count?: number;
  msg?: string;
  by?: string;
  until?: number;
  /** Mute length or slow-mode interval in seconds (`mute`, `slow`). */
  secs?: number;
  key?: string;
  /** "expert" on an approved expert's chat lines (the verified badge). */
  badge?: string;
  /** The sender's standing in the room on chat lines: "streamer", "mod" or "staff" (absent: a viewer). */
  role?: "streamer" | "mod" | "staff";
  /** The sender's membership on chat lines: 1 VIP, 2 SVIP (absent: none). */
  tier?: number;
  /** Paid messages (`paid`, `unpin`): coins paid, the tier's colour, the pin's id. */
  coins?: number;
  color?: string;
  pin?: string;
}

export interface WelcomeFrame {
  t: "welcome";
  v: number;
  sid: string;
  user: { id: string; name: string; guest: boolean; level: number; roles?: string[] };
}
export interface JoinedFrame {
  t: "joined";
  room: string;
  seq: number;
  open: boolean;
  presence: number;
  gap?: boolean;
  /**
   * Our standing in this room. Not sent by the server yet (see the report of the live-room
   * client): the client reads it when present and otherwise learns `mod` from a moderation
   * command that succeeded.
   */
  you?: { mod?: boolean; streamer?: boolean; mutedUntil?: number };
  /** Slow-mode interval in seconds, when the server sends it. */
  slow?: number;
  /** The level a viewer needs to chat here (absent: none); the streamer, moderators and staff are exempt. */
  minLevel?: number;
}
export interface LeftFrame {
  t: "left";
  room: string;
}
export interface BatchFrame {
  t: "batch";
  room: string;
  ev: RoomEvent[];
  sampled?: number;
}
export interface AckFrame {
  t: "ack";
  nonce: string;
  seq?: number;
  ev?: RoomEvent;
}
export interface ErrorFrame {
  t: "error";
  nonce?: string;
  /** Room a refused join was for, when the server names it. */
  room?: string;
  code: number;
  key: string;
  msg: string;
  /** The level needed, on a refusal for a level too low (chat.levelTooLow). */
  level?: number;
}
export interface PresenceFrame {
  t: "presence";
  room: string;
  count: number;
}
export interface PongFrame {
  t: "pong";
}
export interface MutedEntry {
  uid: string;
  name: string;
  /** Epoch ms the mute ends. */
  until: number;
}
export interface MutedListFrame {
  t: "mutedList";
  room: string;
  nonce: string;
  list: MutedEntry[] | null;
}
/** Fields of one match that changed; a field's latest value wins. */
export type MatchDelta = Record<string, unknown>;
export interface ScoreFrame {
  t: "score";
  topic: string;
  match: string;
  delta: MatchDelta;
}
/** A scoreboard topic's frame: deltas of several matches at once. */
export interface ScoresFrame {
  t: "scores";
  topic: string;
  deltas: Record<string, MatchDelta>;
}
export interface TopicAnswerFrame {
  t: "subbed" | "unsubbed";
  topic: string;
}

/** A notice for the signed-in user (docs/protocol.md): the message centre changed
 *  (`inbox.new`, `inbox.read`, with the unread count), or a booked match started. */
export interface NoticeFrame {
  t: "notice";
  key: string;
  kind?: string;
  id?: number;
  unread?: number;
  link?: string;
}

export type ServerFrame =
  | NoticeFrame
  | WelcomeFrame
  | JoinedFrame
  | LeftFrame
  | BatchFrame
  | AckFrame
  | ErrorFrame
  | PresenceFrame
  | PongFrame
  | MutedListFrame
  | ScoreFrame
  | ScoresFrame
  | TopicAnswerFrame;

export type ClientFrame =
  | { t: "auth"; token: string; lan: string }
  | { t: "join"; room: string; since?: number }
  | { t: "leave"; room: string }
  | { t: "chat"; room: string; text: string; nonce: string }
  | GiftCommand
  | ModCommand
  | ReportCommand
  | MutedCommand
  // `sub`/`unsub` carry a nonce although the protocol does not ask for one: the server echoes
  // it on a refusal, so the refusal cannot be mistaken for the answer to a pending join.
  | { t: "sub"; topic: string; delayMs?: number; nonce?: string }
  | { t: "unsub"; topic: string; delayMs?: number; nonce?: string }
  | { t: "ping" };

export type ModOp = "mute" | "unmute" | "delete" | "addMod" | "removeMod" | "slow" | "open" | "close" | "platformMute" | "shield" | "undo";
/** The six report reasons of spec §6, as the protocol spells them. */
export const REPORT_REASONS = ["inappropriate", "attack", "nickname", "ads", "avatar", "spam"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export interface GiftCommand {
  t: "gift";
  room: string;
  gift: string;
  count: number;
  nonce: string;
}
export interface ModCommand {
  t: "mod";
  room: string;
  op: ModOp;
  uid?: string;
  msg?: string;
  secs?: number;
  reason?: string;
  nonce: string;
}
export interface ReportCommand {
  t: "report";
  room: string;
  msg: string;
  reason: ReportReason;
  nonce: string;
}
export interface MutedCommand {
  t: "muted";
  room: string;
  nonce: string;
}
/** A command that is answered by nonce (ack, error or mutedList). */
export type NoncedCommand = GiftCommand | ModCommand | ReportCommand | MutedCommand;

/** Topic prefixes of docs/protocol.md. */
export const TOPIC_PREFIXES = ["match:", "scores:"] as const;

/**
 * The topic a page asked for, from the name the server uses in frames: a delayed
 * subscription's frames name `<topic>@<delay ms>`.
 */
export function baseTopic(name: string): string {
  const i = name.lastIndexOf("@");
  return i > 0 && /^\d+$/.test(name.slice(i + 1)) ? name.slice(0, i) : name;
}

/**
 * Decodes one text frame. A frame normally holds one JSON object; newline-separated
 * objects are accepted too so a server may coalesce frames.
 */
export function decodeFrames(data: string): ServerFrame[] {
  const out: ServerFrame[] = [];
  const push = (v: unknown) => {
    if (v && typeof v === "object" && typeof (v as { t?: unknown }).t === "string") out.push(v as ServerFrame);
  };
  try {
    const v: unknown = JSON.parse(data);
    if (Array.isArray(v)) v.forEach(push);
    else push(v);
    return out;
  } catch {
    for (const line of data.split("\n")) {
      const s = line.trim();
      if (!s) continue;
      try {
        push(JSON.parse(s));
      } catch {
        // A malformed line is dropped; the rest of the frame still counts.
      }
    }
    return out;
  }
}

/** The gateway of the attempt-th connection: the list in turn, so consecutive attempts try every node. */
export function pickGateway(gateways: readonly string[], attempt: number): string | undefined {
  if (gateways.length === 0) return undefined;
  return gateways[((attempt % gateways.length) + gateways.length) % gateways.length];
}

/**
 * Turns an entry of GET /java/system/gateways into a WebSocket URL with ?v=1. Entries may
 * be full ws(s):// or http(s):// URLs or a bare host:port.
 */
export function gatewayUrl(entry: string, page: { protocol: string; host: string }): string {
  const secure = page.protocol === "https:";
  let s = entry.trim();
  if (s.startsWith("http://")) s = `ws://${s.slice(7)}`;
  else if (s.startsWith("https://")) s = `wss://${s.slice(8)}`;
  else if (s.startsWith("//")) s = `${secure ? "wss:" : "ws:"}${s}`;
  else if (!/^wss?:\/\//.test(s)) s = `${secure ? "wss" : "ws"}://${s}`;
  const u = new URL(s);
  if (u.pathname === "/" || u.pathname === "") u.pathname = "/ws";
  u.searchParams.set("v", String(PROTOCOL_VERSION));
  return u.toString();
}
