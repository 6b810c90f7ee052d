// Our own standing in a room while we are in it: a muted user's input is disabled and shows the
// time left (issue 17), and a viewer the streamer makes a moderator gets the tools at once (no
// reload). The room tells everyone with `mute`/`unmute` and `mod`/`unmod` events naming the user;
// a viewer who joins later learns both from `joined.you` (the bridge copies that one).
import type { RoomView } from "../state/realtime";
import type { RoomEvent } from "./protocol";

/** Applies the `mute`/`unmute`/`mod`/`unmod` events that name us (me: our user id, "u123") to the room's view. */
export function selfStanding(v: RoomView, events: readonly RoomEvent[], me: string | undefined): RoomView {
  if (!me) return v;
  let out = v;
  for (const ev of events) {
    if (ev.uid !== me) continue;
    if (ev.k === "mute") out = { ...out, you: { ...out.you, mutedUntil: ev.until ?? 0 } };
    else if (ev.k === "unmute") out = { ...out, you: { ...out.you, mutedUntil: 0 } };
    else if (ev.k === "mod") out = { ...out, you: { ...out.you, mod: true } };
    // The streamer keeps the tools of their own room.
    else if (ev.k === "unmod") out = { ...out, you: { ...out.you, mod: out.you.streamer } };
  }
  return out;
}

/** Milliseconds of our mute left at now (0: not muted). */
export function muteLeft(v: RoomView, now: number): number {
  return Math.max(0, (v.you.mutedUntil ?? 0) - now);
}

/** A time left as h:mm:ss or m:ss (digits read the same in every language). */
export function formatLeft(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
