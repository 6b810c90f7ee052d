// The rules of gift effects (issue 17), pure so they are tested without a browser:
//
//   * combos: the same gift from the same sender again within COMBO_WINDOW_MS of that sender's
//     previous send of it counts up on ONE line (x2, x3 ...), in the chat (foldGiftCombos) and in the
//     overlay (enqueue merges into the playing or a waiting item);
//   * big gifts (isBigGift): a send worth BIG_GIFT_COINS coins or more plays a full animation over
//     the video; smaller ones show as a banner. Diamonds count DIAMOND_COINS coins each (the wallet's
//     default rate, api/wallet rates.go DiamondCoinValue);
//   * the queue: one big animation at a time, the others wait in arrival order (bounded), a skip or
//     the end of an animation plays the next.
import type { RoomEvent } from "../../realtime/protocol";
import { COMBO_WINDOW_MS } from "./giftLines";

export { COMBO_WINDOW_MS, foldGiftCombos, freshGifts, type Combo } from "./giftLines";

/** A send worth this many coins or more is a big gift (50 RMB at 10 coins per RMB). */
export const BIG_GIFT_COINS = 500;
/** What one diamond is worth in coins (api/wallet: CoinsPerCNY / DiamondsPerCNY, default 10). */
export const DIAMOND_COINS = 10;
/** Big animations waiting at most; a flood beyond it keeps only the newest (they still show in chat). */
export const MAX_WAITING = 12;

/** Only what the rules need of a catalogue entry. */
export interface GiftInfo {
  id: string;
  name: string;
  icon?: string;
  /** "gold" (coins) or "score" (diamonds), as the wallet names them. */
  currency: string;
  price: number;
}

/** The coin value of sending count of a gift. */
export function coinValue(g: Pick<GiftInfo, "currency" | "price">, count: number): number {
  return g.price * Math.max(1, count) * (g.currency === "score" ? DIAMOND_COINS : 1);
}

/** Whether a send plays the full animation over the video. */
export function isBigGift(g: Pick<GiftInfo, "currency" | "price"> | undefined, count: number): boolean {
  return !!g && coinValue(g, count) >= BIG_GIFT_COINS;
}

/** One big gift on screen or waiting for it, with its combo so far. */
export interface FxItem {
  /** Stable while the combo counts up: the seq of its first send. */
  key: number;
  uid: string;
  name: string;
  gift: string;
  giftName: string;
  icon?: string;
  /** Gifts per send of the first send, and all gifts of the combo. */
  count: number;
  total: number;
  combo: number;
  /** Server time of the newest send of the combo. */
  ts: number;
}

export interface FxQueue {
  playing: FxItem | null;
  waiting: FxItem[];
  /** The item that played last: a repeat within the window after its scene ended still counts up. */
  last?: FxItem;
}

export const EMPTY_QUEUE: FxQueue = { playing: null, waiting: [] };

/** The item a gift event would be, once its catalogue entry is known. */
export function fxItem(ev: RoomEvent, gift: GiftInfo | undefined): FxItem {
  const count = ev.count ?? 1;
  return {
    key: ev.seq,
    uid: ev.uid ?? "",
    name: ev.name ?? "",
    gift: ev.gift ?? "",
    giftName: ev.text || gift?.name || ev.gift || "",
    icon: gift?.icon,
    count,
    total: count,
    combo: 1,
    ts: ev.ts,
  };
}

function sameCombo(a: FxItem, b: FxItem, windowMs: number): boolean {
  return a.uid === b.uid && a.gift === b.gift && b.ts >= a.ts && b.ts - a.ts <= windowMs;
}

function bump(a: FxItem, b: FxItem): FxItem {
  return { ...a, combo: a.combo + 1, total: a.total + b.total, ts: b.ts };
}

/**
 * Adds a big gift: into the playing item or a waiting one when it continues its combo, else at
 * the end of the line (dropping the oldest waiting one beyond MAX_WAITING), or on screen at once.
 * A repeat of the item that played last, within the window, is a new scene whose combo goes on
 * counting (x3 after x2), as the chat line does.
 */
export function enqueue(q: FxQueue, item: FxItem, windowMs = COMBO_WINDOW_MS): FxQueue {
  if (q.playing && sameCombo(q.playing, item, windowMs)) return { ...q, playing: bump(q.playing, item) };
  const i = q.waiting.findIndex((w) => sameCombo(w, item, windowMs));
  if (i >= 0) return { ...q, waiting: q.waiting.map((w, j) => (j === i ? bump(w, item) : w)) };
  const next = q.last && sameCombo(q.last, item, windowMs) ? { ...bump(q.last, item), key: item.key } : item;
  if (!q.playing) return { ...q, playing: next };
  return { ...q, waiting: [...q.waiting, next].slice(-MAX_WAITING) };
}

/** The playing animation ended or was skipped: the next one plays. */
export function advance(q: FxQueue): FxQueue {
  const [next = null, ...rest] = q.waiting;
  return { playing: next, waiting: rest, last: q.playing ?? q.last };
}

/** Which choreography a gift plays: a few flagship gifts have their own, the rest burst. */
export type Scene = "drive" | "rise" | "kick" | "burst";

export function sceneOf(gift: Pick<GiftInfo, "icon" | "name"> | undefined): Scene {
  const s = `${gift?.icon ?? ""} ${gift?.name ?? ""}`.toLowerCase();
  if (s.includes("car")) return "drive";
  if (s.includes("stadium") || s.includes("trophy") || s.includes("medal")) return "rise";
  if (s.includes("boot") || s.includes("football") || s.includes("basketball")) return "kick";
  return "burst";
}

/** A catalogue icon as a URL: the wallet stores paths under the site root ("gift/boot.svg"). */
export function iconUrl(icon: string | undefined): string | undefined {
  if (!icon) return undefined;
  return /^(https?:|data:|\/)/.test(icon) ? icon : `/${icon}`;
}
