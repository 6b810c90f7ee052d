// The pinned bar's list: the pins read when the room opened (GET /paidmsg/pinned) and the `paid`
// events that arrived since, less those a moderator removed (`unpin`, remembered in the room
// log as "pin:<id>" among the deleted ids) and those whose time is over; biggest amount first,
// then oldest.
import type { PaidPin } from "../../api/paidmsg";
import type { RoomLog } from "../../realtime/roomLog";

export function pinsNow(fetched: readonly PaidPin[], log: RoomLog, now: number): PaidPin[] {
  const byId = new Map<string, PaidPin>();
  for (const p of fetched) byId.set(p.id, p);
  for (const l of log.lines) {
    if (l.kind !== "event" || l.ev.k !== "paid" || !l.ev.pin) continue;
    const ev = l.ev;
    if (!byId.has(ev.pin!)) {
      byId.set(ev.pin!, {
        id: ev.pin!, uid: ev.uid ?? "", name: ev.name ?? ev.uid ?? "", text: ev.text ?? "", coins: ev.coins ?? 0,
        color: ev.color ?? "blue", at: ev.ts, until: ev.until ?? 0,
      });
    }
  }
  const removed = new Set(log.deleted.filter((d) => d.startsWith("pin:")).map((d) => d.slice(4)));
  return [...byId.values()]
    .filter((p) => p.until > now && !removed.has(p.id))
    .sort((a, b) => b.coins - a.coins || a.at - b.at || Number(a.id) - Number(b.id));
}

/** "4:05" for a time left in ms (rounded up to the second). */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

/** A new nonce for a paid message (a retry of the same message reuses it). */
export function newNonce(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID().replaceAll("-", "");
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}
