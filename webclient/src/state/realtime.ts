import { atom, type PrimitiveAtom } from "jotai";
import { atomWithStorage } from "jotai/utils";
import type { CommandInput, CommandResult, ConnStatus, TopicStatus } from "../realtime/connection";
import type { MatchDelta, WelcomeFrame } from "../realtime/protocol";
import { EMPTY_LOG, type RoomLog } from "../realtime/roomLog";

/** Connection to the gateway (spec §4 chat connection states). Written by RealtimeBridge only. */
export const connStatusAtom = atom<ConnStatus>({ state: "idle", attempt: 0 });

/** Who the gateway says we are (guest or user). */
export const wsUserAtom = atom<WelcomeFrame["user"] | null>(null);

/**
 * Rooms that mounted pages want to be in, with a count per room so two views of the
 * same room do not leave it when one unmounts. Pages write it; the bridge reads it.
 */
export const roomWantsAtom = atom<Record<string, number>>({});

export interface RoomView {
  log: RoomLog;
  joined: boolean;
  open: boolean;
  presence: number;
  /** Ordinary chat lines the server sampled out of this room's frames so far. */
  sampled: number;
  /** Localized message of the last refused command (shown under the input). */
  sendError: string | null;
  /** Raw error key, for a local fallback text when the server sent no message. */
  sendErrorKey: string | null;
  /** Localized reason the server refused to let us in (e.g. 'Streamer not found'). */
  joinError: string | null;
  /** Slow-mode interval in seconds (0 = off), from `joined.slow` and `slow` events. */
  slowSecs: number;
  /** Counts the room's `access` events: the player asks for its playback again when it moves. */
  accessVersion: number;
  /** The level a viewer needs to chat (0: none), from `joined.minLevel` and a level refusal. */
  minLevel: number;
  /**
   * Our standing in the room. `mod` comes from `joined.you` when the server sends it, and
   * otherwise from a moderation command of ours that the server accepted. `mutedUntil` (unix ms,
   * 0 = not muted) comes from `joined.you` and from `mute`/`unmute` events that name us: the
   * chat input locks with the time left.
   */
  you: { mod: boolean; streamer: boolean; mutedUntil?: number };
}

export const EMPTY_ROOM: RoomView = {
  log: EMPTY_LOG,
  joined: false,
  open: true,
  presence: 0,
  sampled: 0,
  sendError: null,
  sendErrorKey: null,
  joinError: null,
  slowSecs: 0,
  accessVersion: 0,
  minLevel: 0,
  you: { mod: false, streamer: false, mutedUntil: 0 },
};

const roomAtoms = new Map<string, PrimitiveAtom<RoomView>>();

/** The atom of one room's view; the same atom for the same id. Written by RealtimeBridge only. */
export function roomAtom(id: string): PrimitiveAtom<RoomView> {
  let a = roomAtoms.get(id);
  if (!a) {
    a = atom<RoomView>(EMPTY_ROOM);
    roomAtoms.set(id, a);
  }
  return a;
}

/** Forgets a room's atom (after the page left it) so memory does not grow with visits. */
export function forgetRoomAtom(id: string): void {
  roomAtoms.delete(id);
}

/** Commands pages may issue; null until the bridge is mounted. */
export interface RealtimeCommands {
  /** Returns false when not connected (nothing was sent). */
  sendChat(room: string, text: string): boolean;
  reconnect(): void;
  clearSendError(room: string): void;
  /**
   * A gift, moderation (`mod`), `report` or `muted` command; resolves with the answer
   * matched by nonce (refusals carry the server's localized msg).
   */
  command(cmd: CommandInput): Promise<CommandResult>;
}

export const realtimeCommandsAtom = atom<RealtimeCommands | null>(null);

/** Last connection-level error from the gateway (not tied to a room or command). */
export const connErrorAtom = atom<{ code: number; key: string; msg: string } | null>(null);

/** Theatre mode of the live room: the page covers the site's layout, the player widens. Remembered. */
export const theatreModeAtom = atomWithStorage<boolean>("courtside.theatre", false, undefined, { getOnInit: true });

/** Danmu (bullet chat over the video, spec client state `danmu`): on by default. Remembered. */
export const danmuAtom = atomWithStorage<boolean>("courtside.danmu", true, undefined, { getOnInit: true });

/**
 * Score topics pages want (`match:<id>`, `scores:<gameId>`), each with the delayMs of every
 * page that wants it (one entry per page, so two pages of one topic do not unsubscribe
 * when one leaves). The bridge subscribes with the largest delay (never show a score before
 * the slowest stream shows it) and unsubscribes when the list is empty. Use
 * addTopicWant / removeTopicWant (or the useTopic hook) to change it.
 */
export const topicWantsAtom = atom<Record<string, number[]>>({});

export function addTopicWant(w: Record<string, number[]>, topic: string, delayMs = 0): Record<string, number[]> {
  return { ...w, [topic]: [...(w[topic] ?? []), Math.max(0, delayMs)] };
}

export function removeTopicWant(w: Record<string, number[]>, topic: string, delayMs = 0): Record<string, number[]> {
  const list = (w[topic] ?? []).slice();
  const i = list.indexOf(Math.max(0, delayMs));
  if (i < 0) return w;
  list.splice(i, 1);
  const next = { ...w };
  if (list.length > 0) next[topic] = list;
  else delete next[topic];
  return next;
}

/** One topic's live state: match id -> every field received so far, latest value wins. */
export type TopicState = Record<string, MatchDelta>;

const topicAtoms = new Map<string, PrimitiveAtom<TopicState>>();

/** The atom of one topic's state; the same atom for the same topic. Written by RealtimeBridge only. */
export function topicAtom(topic: string): PrimitiveAtom<TopicState> {
  let a = topicAtoms.get(topic);
  if (!a) {
    a = atom<TopicState>({});
    topicAtoms.set(topic, a);
  }
  return a;
}

/** Forgets a topic's atom after no page wants it. */
export function forgetTopicAtom(topic: string): void {
  topicAtoms.delete(topic);
}

/** Merges deltas into a topic's state, field by field (latest value wins). */
export function mergeTopic(state: TopicState, deltas: Record<string, MatchDelta>): TopicState {
  let next: TopicState | null = null;
  for (const [match, delta] of Object.entries(deltas)) {
    if (!delta || typeof delta !== "object") continue;
    next ??= { ...state };
    next[match] = { ...next[match], ...delta };
  }
  return next ?? state;
}

/** Subscription state per wanted topic (pending, subbed, refused). Written by RealtimeBridge only. */
export const topicStatusAtom = atom<Record<string, TopicStatus>>({});
