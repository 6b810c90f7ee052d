// Pure functions behind the match page's pictures (issue 18): which field a game is drawn on,
// what each incident looks like there, the momentum graph computed from the incidents, the odds
// lines per bookmaker and the ticks of a chart's axes. No React here: vitest covers all of it.
import type { TextLine } from "../../api/matches";

/**
 * The field a game's incidents are placed on (the frames of actors/match/feed/place.go): a
 * football pitch, an ice rink, a basketball court, a MOBA map, a round-based shooter's sites, an
 * objective shooter's map (the objective between the two spawns) or a gridiron field with its end
 * zones, or the court of a net game (tennis, volleyball, badminton, the table tennis table with
 * the floor around it: where the ball ended, place_net.go). Families without places (cricket, card
 * games...) have none.
 */
export type FieldKind =
  | "pitch"
  | "rink"
  | "court"
  | "moba"
  | "sites"
  | "objective"
  | "gridiron"
  | "tennis"
  | "volleyball"
  | "badminton"
  | "tableTennis";

const FIELD_OF_FAMILY: Record<string, FieldKind> = {
  football: "pitch",
  carSoccer: "pitch",
  hockey: "rink",
  basketball: "court",
  moba: "moba",
  tactical: "sites",
  modes: "objective",
  heroShooter: "objective",
  gridiron: "gridiron",
  tennis: "tennis",
};

/** The rally games' courts, by game id (the family "rally" holds the three). */
const FIELD_OF_RALLY_GAME: Record<number, FieldKind> = { 206: "volleyball", 207: "badminton", 208: "tableTennis" };

export function fieldOf(family: string | undefined, gameId?: number): FieldKind | null {
  if (family === "rally") return (gameId !== undefined && FIELD_OF_RALLY_GAME[gameId]) || null;
  return (family && FIELD_OF_FAMILY[family]) || null;
}

/** The net games' courts: the picture names each side's half. */
export function netCourt(field: FieldKind | null): boolean {
  return field === "tennis" || field === "volleyball" || field === "badminton" || field === "tableTennis";
}

/** Fields whose game time starts again with each map: the picture shows one map at a time. */
export function perMap(field: FieldKind | null): boolean {
  return field === "moba" || field === "sites" || field === "objective";
}

/** How an incident is drawn: its marker and the label key of its kind (matchviz.kind.*). */
export type MarkerKind =
  | "goal"
  | "ownGoal"
  | "penalty"
  | "miss"
  | "shot"
  | "save"
  | "yellowCard"
  | "redCard"
  | "three"
  | "kill"
  | "firstBlood"
  | "tower"
  | "objective"
  | "plant"
  | "defuse"
  | "touchdown"
  | "fieldGoal"
  | "ace"
  | "doubleFault"
  | "winner"
  | "breakWon"
  | "block"
  | "smash"
  | "edgeBall"
  | "netCord"
  | "error"
  | "other";

const MARKERS: Record<string, MarkerKind> = {
  goal: "goal",
  ownGoal: "ownGoal",
  goalDisallowed: "miss",
  penaltyScored: "goal",
  penaltyAwarded: "penalty",
  penaltyMissed: "miss",
  shot: "shot",
  shotSaved: "save",
  yellowCard: "yellowCard",
  secondYellow: "redCard",
  redCard: "redCard",
  threePointer: "three",
  kill: "kill",
  firstBlood: "firstBlood",
  firstTower: "tower",
  bombPlant: "plant",
  spikePlant: "plant",
  defuserPlant: "plant",
  bombDefuse: "defuse",
  spikeDefuse: "defuse",
  defuserDisable: "defuse",
  touchdown: "touchdown",
  fieldGoal: "fieldGoal",
  missedFieldGoal: "miss",
  ace: "ace",
  doubleFault: "doubleFault",
  winner: "winner",
  break: "breakWon",
  block: "block",
  smash: "smash",
  edgeBall: "edgeBall",
  netCord: "netCord",
  error: "error",
};

const OBJECTIVES = new Set([
  "dragon", "herald", "baron", "roshan", "tyrant", "overlord", "turtle", "lord", "abyssalDragon", "darkSlayer",
  "firstDragon", "firstBaron", "firstRoshan", "firstTyrant", "firstOverlord",
]);

export function markerOf(type: string): MarkerKind {
  return MARKERS[type] ?? (OBJECTIVES.has(type) ? "objective" : "other");
}

/** An incident with a place on the field. */
export interface PlacedEvent {
  seq: number;
  type: string;
  marker: MarkerKind;
  team: number;
  x: number;
  y: number;
  minute: string;
  name: string;
  period: number;
}

/**
 * The incidents of text live that have a place, oldest first (text live comes newest first); with
 * `period` only that period's (the map shown). Incidents at 0,0 have no place.
 */
export function placedEvents(lines: readonly TextLine[], period?: number): PlacedEvent[] {
  const out: PlacedEvent[] = [];
  for (const l of lines) {
    const x = l.x ?? 0;
    const y = l.y ?? 0;
    if ((x === 0 && y === 0) || !Number.isFinite(x) || !Number.isFinite(y)) continue;
    if (period !== undefined && (l.period ?? 0) !== period) continue;
    out.push({
      seq: l.seq,
      type: l.type,
      marker: markerOf(l.type),
      team: l.team,
      x: Math.min(Math.max(x, 0), 100),
      y: Math.min(Math.max(y, 0), 100),
      minute: l.minute,
      name: l.name ?? "",
      period: l.period ?? 0,
    });
  }
  return out.sort((a, b) => a.seq - b.seq);
}

/** The periods (maps) that have placed incidents, in order. */
export function placedPeriods(lines: readonly TextLine[]): number[] {
  return [...new Set(placedEvents(lines).map((e) => e.period))].sort((a, b) => a - b);
}

/**
 * How much an incident says about a side's attacking pressure: a goal or an objective more than a
 * shot or a kill. Cards, substitutions and period ends say nothing.
 */
export const PRESSURE: Partial<Record<MarkerKind, number>> = {
  goal: 4,
  penalty: 3,
  miss: 2,
  save: 2,
  shot: 1,
  three: 2,
  kill: 1,
  firstBlood: 1,
  tower: 2,
  objective: 3,
  plant: 2,
  defuse: 1,
  touchdown: 4,
  fieldGoal: 2,
  ace: 2,
  winner: 2,
  breakWon: 3,
  block: 2,
  smash: 2,
  edgeBall: 2,
  netCord: 2,
};

export interface MomentumPoint {
  /** Game time in seconds at the end of the bucket. */
  secs: number;
  home: number;
  away: number;
}

/**
 * Attack pressure over time per team: the incidents' weights (PRESSURE) summed in buckets of
 * `bucketSecs` of game time, each bucket carrying `carry` of the one before (pressure builds and
 * fades). Only incidents with a game time count (`secs`); with `period`, only that period's. The
 * series runs from 0 to the bucket of the last incident, or of `nowSecs` when later.
 */
export function momentum(
  lines: readonly TextLine[],
  opts: { bucketSecs: number; carry?: number; period?: number; nowSecs?: number },
): MomentumPoint[] {
  const size = Math.max(1, opts.bucketSecs);
  const carry = opts.carry ?? 0.5;
  const sums = new Map<number, [number, number]>();
  let last = -1;
  for (const l of lines) {
    const w = PRESSURE[markerOf(l.type)];
    if (!w || (l.team !== 0 && l.team !== 1) || l.secs === undefined || l.secs < 0) continue;
    if (opts.period !== undefined && (l.period ?? 0) !== opts.period) continue;
    const b = Math.floor(l.secs / size);
    const s = sums.get(b) ?? [0, 0];
    s[l.team] += w;
    sums.set(b, s);
    last = Math.max(last, b);
  }
  if (opts.nowSecs !== undefined && opts.nowSecs >= 0) last = Math.max(last, Math.floor(opts.nowSecs / size));
  if (last < 0) return [];
  const out: MomentumPoint[] = [{ secs: 0, home: 0, away: 0 }];
  let home = 0;
  let away = 0;
  for (let b = 0; b <= last; b++) {
    const s = sums.get(b) ?? [0, 0];
    home = home * carry + s[0];
    away = away * carry + s[1];
    out.push({ secs: (b + 1) * size, home: round2(home), away: round2(away) });
  }
  return out;
}

/** The bucket of the momentum graph for a field: five minutes of football, two of a MOBA map... */
export function momentumBucket(field: FieldKind | null): number {
  switch (field) {
    case "pitch":
      return 300;
    case "rink":
      return 180;
    case "court":
      return 120;
    case "moba":
      return 180;
    case "sites":
      return 240;
    case "objective":
      return 120;
    case "gridiron":
      return 300;
    case "tennis":
    case "volleyball":
    case "badminton":
      return 600;
    case "tableTennis":
      return 300;
    default:
      return 300;
  }
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** One bookmaker's prices at one time (a trends point or an odds history point). */
export interface BookPrice {
  at: number;
  company?: string;
  home: number;
  draw?: number;
  away: number;
}

export type Outcome = "home" | "draw" | "away";

export interface OddsSeries {
  company: string;
  points: [number, number][];
}

/**
 * A line per bookmaker of one outcome's price over time, the bookmakers in the order they first
 * quote; points without a price for the outcome (0: not offered) are left out, and so are
 * bookmakers left without points.
 */
export function oddsByBookmaker(points: readonly BookPrice[], outcome: Outcome): OddsSeries[] {
  const by = new Map<string, [number, number][]>();
  for (const p of [...points].sort((a, b) => a.at - b.at)) {
    const v = p[outcome] ?? 0;
    if (!(v > 0) || !Number.isFinite(p.at)) continue;
    const k = p.company || "";
    by.set(k, [...(by.get(k) ?? []), [p.at, v]]);
  }
  return [...by.entries()].map(([company, pts]) => ({ company, points: pts }));
}

/** Whether any bookmaker offers a draw (football) — the outcome picker shows it only then. */
export function hasDraw(points: readonly BookPrice[]): boolean {
  return points.some((p) => (p.draw ?? 0) > 0);
}

/**
 * Once a match is under way its odds move by the minute while the pre-match quotes are days
 * apart: the chart starts `leadMs` before the kick-off (or before the quotes that follow the last
 * gap of more than six hours, when earlier: a demo match played ahead of its schedule), each
 * bookmaker's last earlier quote carried to that moment (its price when the window opens). Before
 * any quote from then on, points are unchanged.
 */
export function fromKickOff(points: readonly BookPrice[], startMs: number, leadMs = 30 * 60_000): BookPrice[] {
  const times = [...new Set(points.map((p) => p.at))].sort((a, b) => a - b);
  let kick = startMs;
  for (let i = 1; i < times.length; i++) if (times[i]! - times[i - 1]! > 6 * 3600_000) kick = Math.min(kick, times[i]!);
  const from = kick - leadMs;
  if (!points.some((p) => p.at >= kick) || !points.some((p) => p.at < from)) return [...points];
  const carried = new Map<string, BookPrice>();
  const out: BookPrice[] = [];
  for (const p of [...points].sort((a, b) => a.at - b.at)) {
    if (p.at < from) carried.set(p.company ?? "", { ...p, at: from });
    else out.push(p);
  }
  return [...carried.values(), ...out];
}
