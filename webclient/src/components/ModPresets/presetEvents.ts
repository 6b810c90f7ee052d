// Which chat events are moderation presets' announcements, apart from their line (PresetLine.tsx),
// so that the live room's chat can tell them apart without loading the line's component.
import type { RoomEvent } from "../../realtime/protocol";

/** The key prefix of a preset's announcements. */
export const PRESET_PREFIX = "modpresets.";

/** Whether a `sys` event is a preset's announcement. */
export const isPresetEvent = (ev: RoomEvent) => ev.k === "sys" && !!ev.key?.startsWith(PRESET_PREFIX);

/** Whether a preset announcement ends an action (expired or undone). */
export const endsAction = (key: string) => key.endsWith(".ended") || key.endsWith(".undone");

/** The ids of the automatic actions that have ended, from the room's lines. */
export function endedActions(events: Iterable<RoomEvent>): Set<string> {
  const out = new Set<string>();
  for (const ev of events) if (isPresetEvent(ev) && ev.msg && endsAction(ev.key!)) out.add(ev.msg);
  return out;
}
