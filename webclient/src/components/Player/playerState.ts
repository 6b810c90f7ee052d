// The player's state machine, kept pure so it can be tested without a browser: the component
// feeds it the answers of GET /live/playback and the video element's events, and attaches a
// stream engine only while the state says a source should be playing.
//
//   loading ──mediaPlaying──▶ playing ──mediaWaiting──▶ stalled ──mediaPlaying──▶ playing
//      │                        │  mediaEnded: ask /live/playback again (loading); "not live" then
//      │                        ▼  means the stream ended (ended), otherwise it reconnects
//   notLive (never played)   ended (played, then the room went offline)
//   trialEnded (the trial's end passed, or the server refused after a trial)
//   refused (the server refused playback, or refused the signed URL twice in a row)
//   unsupported (no offered source can play in this browser)
import type { Playback, PlaybackKind } from "../../api/anchor";

export type PlayerStatus =
  | "loading"
  | "playing"
  | "stalled"
  | "ended"
  | "notLive"
  | "trialEnded"
  | "refused"
  | "unsupported";

export interface Refusal {
  /** The server's localized message, or "" when the player shows its own (urlRefused). */
  message: string;
  errorCode?: number;
  /** Guests must sign in first. */
  login?: boolean;
  /** The media endpoint refused the signed URL (403) twice in a row. */
  urlRefused?: boolean;
}

export interface PlayerState {
  status: PlayerStatus;
  playback: Playback | null;
  /** Kinds of the offered sources that this browser can play, in the server's order. */
  playable: PlaybackKind[];
  selected: PlaybackKind | null;
  /** The stream played at least once in this room: going offline afterwards is "ended". */
  wasPlaying: boolean;
  /** The current trial's end (unix ms), kept after the playback answer is gone. */
  trialEndsAt: number | null;
  refusal: Refusal | null;
  /** Consecutive refusals of signed URLs by the media endpoint. */
  urlRefusals: number;
}

export type PlayerEvent =
  /** A new room: forget everything. */
  | { type: "reset" }
  | { type: "playback"; playback: Playback; playable: PlaybackKind[]; preferred: PlaybackKind | null; now: number }
  | { type: "notLive" }
  | { type: "refused"; refusal: Refusal }
  | { type: "select"; kind: PlaybackKind }
  | { type: "mediaPlaying" }
  | { type: "mediaWaiting" }
  /** The source finished or its connection closed: the component asks /live/playback again. */
  | { type: "mediaEnded" }
  /** The media endpoint answered 401/403 to the signed URL. */
  | { type: "mediaRefused" }
  | { type: "tick"; now: number };

/** Statuses in which no stream engine is attached. */
export const TERMINAL: ReadonlySet<PlayerStatus> = new Set(["ended", "notLive", "trialEnded", "refused", "unsupported"]);

/** Order of preference when the viewer has not chosen: the low-delay stream first. */
const DEFAULT_ORDER: PlaybackKind[] = ["pro", "hls", "external"];

export const initialPlayerState: PlayerState = {
  status: "loading",
  playback: null,
  playable: [],
  selected: null,
  wasPlaying: false,
  trialEndsAt: null,
  refusal: null,
  urlRefusals: 0,
};

/** After this many refused signed URLs in a row the player stops retrying and shows the error. */
export const MAX_URL_REFUSALS = 2;

function choose(current: PlaybackKind | null, preferred: PlaybackKind | null, playable: PlaybackKind[]): PlaybackKind | null {
  if (current && playable.includes(current)) return current;
  if (preferred && playable.includes(preferred)) return preferred;
  return DEFAULT_ORDER.find((k) => playable.includes(k)) ?? null;
}

const offline = (s: PlayerState): PlayerState => ({
  ...s,
  status: s.wasPlaying ? "ended" : "notLive",
  playback: null,
  playable: [],
  refusal: null,
});

export function playerReducer(s: PlayerState, e: PlayerEvent): PlayerState {
  switch (e.type) {
    case "reset":
      return initialPlayerState;
    case "playback": {
      // Final until the viewer retries (reset): a late answer must not revive the stream.
      if (s.status === "trialEnded" || (s.status === "refused" && s.refusal?.urlRefused)) return s;
      const p = e.playback;
      const trialEndsAt = p.trial && p.trialEndsAt ? p.trialEndsAt : null;
      if (trialEndsAt !== null && e.now >= trialEndsAt) {
        return { ...s, status: "trialEnded", playback: null, playable: [], trialEndsAt };
      }
      if (p.sources.length === 0) return offline({ ...s, trialEndsAt });
      const selected = choose(s.selected, e.preferred, e.playable);
      const base = { ...s, playback: p, playable: e.playable, selected, trialEndsAt, refusal: null };
      if (selected === null) return { ...base, status: "unsupported" };
      // A refreshed URL for the source already playing keeps the status; the engine reattaches
      // and the video's own events move it on.
      const keep = selected === s.selected && (s.status === "playing" || s.status === "stalled");
      if (keep) return { ...base, status: p.stalled && selected !== "external" ? "stalled" : s.status };
      return { ...base, status: "loading" };
    }
    case "notLive":
      return offline(s);
    case "refused":
      if (s.trialEndsAt !== null) return { ...s, status: "trialEnded", playback: null, playable: [], refusal: e.refusal };
      return { ...s, status: "refused", playback: null, playable: [], refusal: e.refusal };
    case "select":
      if (!s.playable.includes(e.kind) || e.kind === s.selected || s.status === "trialEnded") return s;
      return { ...s, selected: e.kind, status: "loading", urlRefusals: 0 };
    case "mediaPlaying":
      if (s.status !== "loading" && s.status !== "stalled") return s;
      return { ...s, status: "playing", wasPlaying: true, urlRefusals: 0 };
    case "mediaWaiting":
      return s.status === "playing" ? { ...s, status: "stalled" } : s;
    case "mediaEnded":
      return TERMINAL.has(s.status) ? s : { ...s, status: "loading" };
    case "mediaRefused": {
      if (TERMINAL.has(s.status)) return s;
      const urlRefusals = s.urlRefusals + 1;
      if (urlRefusals >= MAX_URL_REFUSALS) {
        return { ...s, status: "refused", playback: null, playable: [], urlRefusals, refusal: { message: "", urlRefused: true } };
      }
      return { ...s, status: "loading", urlRefusals };
    }
    case "tick":
      if (s.trialEndsAt !== null && e.now >= s.trialEndsAt && !TERMINAL.has(s.status)) {
        return { ...s, status: "trialEnded", playback: null, playable: [] };
      }
      return s;
  }
}

/** Whole seconds left of a trial, never negative. */
export function trialSecondsLeft(trialEndsAt: number | null, now: number): number {
  return trialEndsAt === null ? 0 : Math.max(0, Math.ceil((trialEndsAt - now) / 1000));
}

/** "m:ss" (or "h:mm:ss") for a countdown. */
export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const sec = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}
