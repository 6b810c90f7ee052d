// The rules of a multi-view (issue 17, /live2): up to four live rooms at once, exactly one of them
// with sound. The set lives in the URL (?rooms=a,b&sound=b) so a view can be shared and survives a
// reload. Pure functions: the page and its tests share them.

/** How many rooms a multi-view holds. */
export const MAX_TILES = 4;

export interface View {
  /** Room ids in tile order (at most MAX_TILES, no repeats). */
  rooms: string[];
  /** The room with sound: one of rooms, or null when there is none. */
  sound: string | null;
}

export const EMPTY_VIEW: View = { rooms: [], sound: null };

/** Room ids as the site makes them (demo "1001", streamers "a21"); anything else is dropped. */
const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A view made valid: known-looking ids, no repeats, at most MAX_TILES, sound on one of them. */
export function normalize(rooms: readonly string[], sound: string | null | undefined): View {
  const out: string[] = [];
  for (const r of rooms) {
    const id = r.trim();
    if (ROOM_ID.test(id) && !out.includes(id) && out.length < MAX_TILES) out.push(id);
  }
  return { rooms: out, sound: sound && out.includes(sound) ? sound : (out[0] ?? null) };
}

/** The view a URL describes. */
export function parseView(params: URLSearchParams): View {
  return normalize((params.get("rooms") ?? "").split(",").filter(Boolean), params.get("sound"));
}

/** The URL parameters of a view (empty for an empty view). */
export function viewParams(v: View): URLSearchParams {
  const p = new URLSearchParams();
  if (v.rooms.length > 0) {
    p.set("rooms", v.rooms.join(","));
    if (v.sound) p.set("sound", v.sound);
  }
  return p;
}

/** Whether two views have the same rooms in the same order and the same sound. */
export const sameView = (a: View, b: View) => a.sound === b.sound && a.rooms.join(",") === b.rooms.join(",");

/** Whether another room fits. */
export const isFull = (v: View) => v.rooms.length >= MAX_TILES;

/** Adds a room at the end (unchanged when it is there already or the view is full). The first room
 *  of an empty view gets the sound. */
export function addRoom(v: View, id: string): View {
  if (v.rooms.includes(id) || isFull(v) || !ROOM_ID.test(id)) return v;
  return { rooms: [...v.rooms, id], sound: v.sound ?? id };
}

/** Removes a room; if it had the sound, the sound moves to the first room left. */
export function removeRoom(v: View, id: string): View {
  const rooms = v.rooms.filter((r) => r !== id);
  return { rooms, sound: v.sound === id || v.sound === null ? (rooms[0] ?? null) : v.sound };
}

/** Moves the sound to a room of the view (exactly one tile is heard). */
export function moveSound(v: View, id: string): View {
  return v.rooms.includes(id) ? { ...v, sound: id } : v;
}

/** The grid for n tiles: one large, two side by side, or two by two (three leave one cell for
 *  "add a room"). */
export function gridOf(n: number): "empty" | "one" | "two" | "four" {
  if (n <= 0) return "empty";
  if (n === 1) return "one";
  if (n === 2) return "two";
  return "four";
}

/**
 * The view /live2 opens with: the URL's set when it has one, else the remembered one; ?add=<room>
 * (the live room's "Add to multi-view") adds that room. full tells that the room did not fit.
 */
export function startingView(params: URLSearchParams, remembered: View): { view: View; full: boolean } {
  const fromUrl = parseView(params);
  const base = fromUrl.rooms.length > 0 ? fromUrl : normalize(remembered.rooms, remembered.sound);
  const add = params.get("add")?.trim();
  if (!add || base.rooms.includes(add)) return { view: base, full: false };
  if (isFull(base)) return { view: base, full: true };
  return { view: addRoom(base, add), full: false };
}
