// The gift rules the live room's chat needs at once (giftFx.ts has the overlay's): combos folded
// into one chat line, and which gifts are fresh. Apart so that the room's first render does not
// load the overlay's rules (issue 19).
import type { ChatLine } from "../../realtime/roomLog";
import type { RoomEvent } from "../../realtime/protocol";

/**
 * Sends of the same gift by the same sender within this time of the previous one form one combo.
 * Ten seconds, not three: a big gift passes the price confirmation before every send, and two
 * confirmed sends measured 3.5 s apart on a busy machine (docs/decisions/0014-gift-animation.md).
 */
export const COMBO_WINDOW_MS = 10_000;
/** A combo as the chat shows it on its line: the sends so far and the gifts in all. */
export interface Combo {
  n: number;
  total: number;
}

/**
 * The chat with combos folded: a gift event whose sender sent the same gift within
 * COMBO_WINDOW_MS before (by the server's ts) replaces that earlier line, and the line moves to
 * the newest position with its combo counted up. `combos` says, by the seq of a shown line, how
 * many sends it stands for (only lines with n > 1 are in it).
 */
export function foldGiftCombos(lines: ChatLine[], windowMs = COMBO_WINDOW_MS): { lines: ChatLine[]; combos: Map<number, Combo> } {
  const out: (ChatLine | null)[] = [];
  const open = new Map<string, { at: number; ts: number; combo: Combo }>();
  const combos = new Map<number, Combo>();
  for (const l of lines) {
    if (l.kind !== "event" || l.ev.k !== "gift" || !l.ev.uid) {
      out.push(l);
      continue;
    }
    const key = `${l.ev.uid}|${l.ev.gift ?? l.ev.text ?? ""}`;
    const prev = open.get(key);
    const count = l.ev.count ?? 1;
    if (prev && l.ev.ts - prev.ts <= windowMs && l.ev.ts >= prev.ts) {
      const prevLine = out[prev.at];
      out[prev.at] = null;
      if (prevLine) combos.delete(prevLine.seq);
      const combo = { n: prev.combo.n + 1, total: prev.combo.total + count };
      open.set(key, { at: out.length, ts: l.ev.ts, combo });
      combos.set(l.seq, combo);
    } else {
      open.set(key, { at: out.length, ts: l.ev.ts, combo: { n: 1, total: count } });
    }
    out.push(l);
  }
  return { lines: out.filter((l): l is ChatLine => l !== null), combos };
}

/**
 * The gift events of lines to animate: newer than seq `after` and sent within freshMs of the
 * newest line (server time), so neither the history a join brings nor a late resume replays
 * old gifts (the same rule as the bullet chat).
 */
export function freshGifts(lines: ChatLine[], after: number, freshMs = 10_000): RoomEvent[] {
  let newestTs = 0;
  for (const l of lines) if (l.kind === "event") newestTs = Math.max(newestTs, l.ev.ts ?? 0);
  const out: RoomEvent[] = [];
  for (const l of lines) {
    if (l.kind === "event" && l.ev.k === "gift" && l.seq > after && (l.ev.ts ?? 0) >= newestTs - freshMs) out.push(l.ev);
  }
  return out;
}
