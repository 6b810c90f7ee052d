// Danmu (bullet chat, spec client state `danmu`): new chat lines fly across the video, right to left,
// each in a lane free for LANE_GAP_MS so they do not overlap. Only lines that arrive after the join
// fly (not the history it brings, nor lines older than FRESH_MS by the server's clock); a line with no
// free lane, or beyond MAX_FLYING in flight, stays only in the chat column (a flood is sampled there
// as on Bilibili). The toggle is remembered (state/realtime: danmuAtom).
import { memo, useEffect, useRef, useState } from "react";
import type { ChatLine } from "../../realtime/roomLog";
import styles from "./Danmu.module.css";

/** Lanes of the overlay and the most lines in flight. */
export const LANES = 8;
export const MAX_FLYING = 40;
const FLIGHT_MS = 9000;
const LANE_GAP_MS = 3500;
const FRESH_MS = 10_000;

interface Flying {
  key: number;
  lane: number;
  text: string;
  gift: boolean;
}

/**
 * The lines of lines newer than seq that fly: chat lines and gifts, with their text, sent within
 * FRESH_MS of the newest line (server time).
 */
export function newFlights(lines: ChatLine[], after: number): { seq: number; text: string; gift: boolean }[] {
  const out: { seq: number; text: string; gift: boolean }[] = [];
  const newestTs = lines.reduce((m, l) => (l.kind === "event" ? Math.max(m, l.ev.ts ?? 0) : m), 0);
  for (const l of lines) {
    if (l.kind !== "event" || l.seq <= after || (l.ev.ts ?? 0) < newestTs - FRESH_MS) continue;
    const ev = l.ev;
    if (ev.k === "chat" && ev.text) out.push({ seq: l.seq, text: ev.text, gift: false });
    else if (ev.k === "gift") out.push({ seq: l.seq, text: `${ev.name ?? ""} ✦ ${ev.text || ev.gift || ""} ×${ev.count ?? 1}`, gift: true });
  }
  return out;
}

export const Danmu = memo(function Danmu({ lines, joined, now = Date.now }: { lines: ChatLine[]; joined: boolean; now?: () => number }) {
  const [flying, setFlying] = useState<Flying[]>([]);
  // The newest seq seen: until the room is joined everything counts as seen (the history).
  const seen = useRef(0);
  const laneFreeAt = useRef<number[]>(Array(LANES).fill(0));
  const nextKey = useRef(0);

  useEffect(() => {
    const newest = lines.reduce((m, l) => (l.kind === "event" ? Math.max(m, l.seq) : m), 0);
    const fresh = joined ? newFlights(lines, seen.current) : [];
    seen.current = Math.max(seen.current, newest);
    if (fresh.length === 0) return;
    const t = now();
    const add: Flying[] = [];
    for (const f of fresh) {
      const lane = laneFreeAt.current.findIndex((free) => free <= t);
      if (lane < 0) break; // every lane busy: the rest stay in the chat column
      laneFreeAt.current[lane] = t + LANE_GAP_MS;
      add.push({ key: nextKey.current++, lane, text: f.text, gift: f.gift });
    }
    if (add.length > 0) setFlying((cur) => [...cur, ...add].slice(0, MAX_FLYING));
  }, [lines, joined, now]);

  const landed = (key: number) => setFlying((cur) => cur.filter((f) => f.key !== key));

  return (
    <div className={styles.danmu} data-testid="danmu" aria-hidden="true">
      {flying.map((f) => (
        <span
          key={f.key}
          className={`${styles.danmuLine}${f.gift ? ` ${styles.danmuLineGift}` : ""}`}
          data-gift={f.gift}
          data-testid="danmu-line"
          style={{ top: `${(f.lane * 100) / LANES}%`, animationDuration: `${FLIGHT_MS}ms` }}
          onAnimationEnd={() => landed(f.key)}
        >
          {f.text}
        </span>
      ))}
    </div>
  );
});
