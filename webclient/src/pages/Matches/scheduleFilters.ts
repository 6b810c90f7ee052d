// The filters of /schedule live in the URL (?game=<abbr>&league=<id>&day=<0..6>) so a filtered
// schedule can be linked, bookmarked and restored by the back button. These are the pure rules;
// SchedulePage renders them.
import type { LeagueCount, MatchItem } from "../../api/matches";

export interface ScheduleFilters {
  /** A catalogue abbr ("lol", "soccer"); "" is every game. */
  game: string;
  /** A league or series id; "" is every competition. */
  league: string;
  /** Days from today, 0..6. */
  day: number;
}

/** The schedule's days: today and the next six. */
export const SCHEDULE_DAYS = 7;

/** Reads the filters; anything malformed falls back to "all" or today rather than an empty page. */
export function readFilters(p: URLSearchParams): ScheduleFilters {
  const day = Number(p.get("day") ?? 0);
  return {
    game: (p.get("game") ?? "").toLowerCase(),
    league: p.get("league") ?? "",
    day: Number.isInteger(day) && day >= 0 && day < SCHEDULE_DAYS ? day : 0,
  };
}

/**
 * The query string after a change. A new game drops the competition (a league belongs to one
 * game, so keeping it would filter everything out); defaults are left out of the URL.
 */
export function writeFilters(p: URLSearchParams, change: Partial<ScheduleFilters>): URLSearchParams {
  const cur = readFilters(p);
  const next: ScheduleFilters = { ...cur, ...change };
  if (change.game !== undefined && change.game !== cur.game && change.league === undefined) next.league = "";
  const out = new URLSearchParams(p);
  for (const [k, v] of [
    ["game", next.game],
    ["league", next.league],
    ["day", next.day === 0 ? "" : String(next.day)],
  ] as const) {
    if (v) out.set(k, v);
    else out.delete(k);
  }
  return out;
}

/** One competition's block of the schedule. */
export interface CompetitionGroup {
  leagueId: string;
  leagueName: string;
  gameId: number;
  items: MatchItem[];
}

/**
 * Groups a day's matches by competition: rows by kick-off within a group, groups by their first
 * kick-off (then name), so the earliest action stays at the top as in a plain time-ordered list.
 */
export function groupByCompetition(items: readonly MatchItem[]): CompetitionGroup[] {
  const byLeague = new Map<string, CompetitionGroup>();
  for (const m of items) {
    const key = m.leagueId || `${m.gameId}|${m.leagueName}`;
    let g = byLeague.get(key);
    if (!g) {
      g = { leagueId: m.leagueId, leagueName: m.leagueName, gameId: m.gameId, items: [] };
      byLeague.set(key, g);
    }
    g.items.push(m);
  }
  const groups = [...byLeague.values()];
  for (const g of groups) g.items.sort((a, b) => a.startTime - b.startTime || a.id.localeCompare(b.id));
  return groups.sort((a, b) => a.items[0]!.startTime - b.items[0]!.startTime || a.leagueName.localeCompare(b.leagueName));
}

/**
 * The competitions the filter offers: those of the chosen game (or every game) with a match in
 * the window, by name; the chosen one stays listed even when it has none, so the select never
 * shows a value it does not hold.
 */
export function competitionOptions(leagues: readonly LeagueCount[], gameId: number | undefined, chosen: string): LeagueCount[] {
  return leagues
    .filter((l) => (gameId === undefined || l.gameId === gameId) && (l.total > 0 || l.id === chosen))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
