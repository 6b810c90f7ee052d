// Live scores on top of REST answers. A list or detail page loads matches over REST, follows
// their topics (`scores:<gameId>` for lists, `match:<id>` for a detail page) and shows the
// REST item with the topic's fields applied: st, h, a, p, pn, clk, ps, start, ts, odds, and
// the flattened d.<key> (detail) and s.<key> (statistics) of actors/match/feed.State.
import type { MatchItem } from "../../api/matches";

/** Fields of one match received on a topic so far (latest value wins). */
export type LiveFields = Record<string, unknown>;

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isPair = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && v.every(isNum);

/**
 * Applies a topic's fields to a REST item. The topic state is skipped when it is older than
 * the item (its `ts` before the item's `updated`): a list fetched after the last frame is
 * newer than what the socket holds. Returns the same object when nothing applies.
 */
export function applyLive(item: MatchItem, live: LiveFields | undefined): MatchItem {
  if (!live) return item;
  const ts = live.ts;
  if (isNum(ts) && ts < item.updated) return item;
  const next: MatchItem = { ...item };
  let changed = false;
  const set = <K extends keyof MatchItem>(k: K, v: MatchItem[K]) => {
    if (next[k] !== v) {
      next[k] = v;
      changed = true;
    }
  };
  for (const [k, v] of Object.entries(live)) {
    switch (k) {
      case "st":
        if (isNum(v)) set("status", v);
        break;
      case "h":
        if (isNum(v)) set("homeScore", v);
        break;
      case "a":
        if (isNum(v)) set("awayScore", v);
        break;
      case "p":
        if (isNum(v)) set("period", v);
        break;
      case "pn":
        if (typeof v === "string") set("periodName", v);
        break;
      case "clk":
        if (v && typeof v === "object") set("clock", v as MatchItem["clock"]);
        break;
      case "ps":
        if (Array.isArray(v)) set("periods", v as MatchItem["periods"]);
        else if (v === null) set("periods", []);
        break;
      case "start":
        if (isNum(v) && v > 0) set("startTime", v);
        break;
      case "ts":
        if (isNum(v)) set("updated", v);
        break;
      case "odds":
        set("odds", v && typeof v === "object" ? (v as MatchItem["odds"]) : undefined);
        break;
      default:
        if (k.startsWith("d.")) {
          const key = k.slice(2);
          const detail = { ...(next.detail ?? {}) };
          if (v === null) delete detail[key];
          else detail[key] = v;
          next.detail = detail;
          changed = true;
          // A second leg's row shows the aggregate and who goes through (the scoreboard carries
          // only these details).
          if (k === "d.agg") next.aggregate = isPair(v) ? v : undefined;
          if (k === "d.through") next.through = v === 0 || v === 1 ? v : undefined;
          if (k === "d.leg1") next.firstLeg = v === "postponed" || v === "cancelled" || v === "abandoned" ? v : undefined;
        } else if (k.startsWith("s.") && Array.isArray(v)) {
          next.stats = { ...(next.stats ?? {}), [k.slice(2)]: v as [number, number] };
          // The row shows red cards beside the names (the scoreboard carries only this statistic).
          if (k === "s.redCards") next.redCards = v as [number, number];
          changed = true;
        }
    }
  }
  return changed ? next : item;
}

/** The score shown for a match, as one comparable string. */
export function scoreKey(m: Pick<MatchItem, "homeScore" | "awayScore">): string {
  return `${m.homeScore}:${m.awayScore}`;
}

/**
 * Compares the scores now shown with the ones shown before. Returns the ids whose score
 * changed (a match seen for the first time is not a change: it just appeared) and the map to
 * compare against next time.
 */
export function scoreChanges(
  prev: ReadonlyMap<string, string>,
  items: readonly Pick<MatchItem, "id" | "homeScore" | "awayScore">[],
): { changed: string[]; next: Map<string, string> } {
  const next = new Map<string, string>();
  const changed: string[] = [];
  for (const m of items) {
    const k = scoreKey(m);
    next.set(m.id, k);
    const before = prev.get(m.id);
    if (before !== undefined && before !== k) changed.push(m.id);
  }
  return { changed, next };
}

/** Which side scored: "home", "away", "both" or null, from two score keys. */
export function scoringSide(before: string | undefined, after: string): "home" | "away" | "both" | null {
  if (!before || before === after) return null;
  const [h0, a0] = before.split(":").map(Number);
  const [h1, a1] = after.split(":").map(Number);
  const home = h1 !== h0;
  const away = a1 !== a0;
  if (home && away) return "both";
  return home ? "home" : away ? "away" : null;
}

/** How long a changed score stays marked. */
export const FLASH_MS = 2500;

/** Status groups of spec §4 used by the pages. */
export const inPlay = (s: number) => s === 1 || s === 2 || s === 3 || s === 4;
export const upcoming = (s: number) => s === 0 || s === 8;
export const isResult = (s: number) => s === 5 || s === 6 || s === 7;

/** Topics a list needs: one scoreboard per game present. */
export function scoreboardTopics(items: readonly Pick<MatchItem, "gameId">[]): string[] {
  return [...new Set(items.map((m) => m.gameId))].sort((a, b) => a - b).map((g) => `scores:${g}`);
}
