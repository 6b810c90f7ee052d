// Our own mute in a room (issue 17: a muted user's input is disabled and shows the time left).
// The room tells everyone with `mute` and `unmute` events naming the user; a viewer who joins
// while muted learns it from `joined.you.mutedUntil` (the bridge copies that one).
import type { RoomView } from "../state/realtime";
import type { RoomEvent } from "./protocol";

/** Applies the `mute`/`unmute` events that name us (me: our user id, "u123") to the room's view. */
export function selfMute(v: RoomView, events: readonly RoomEvent[], me: string | undefined): RoomView {
  if (!me) return v;
  let out = v;
  for (const ev of events) {
    if (ev.uid !== me) continue;
    if (ev.k === "mute") out = { ...out, you: { ...out.you, mutedUntil: ev.until ?? 0 } };
    else if (ev.k === "unmute") out = { ...out, you: { ...out.you, mutedUntil: 0 } };
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
