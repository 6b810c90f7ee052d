// Figures the library's sub-pages derive from a league page's standings and results (the
// rankings, the league's statistics and the per-team averages). Pure, so they are tested alone.
import type { MatchItem, StandingRow } from "../../api/matches";

/** The component sub-pages of a library page (spec §2), in the order of its tabs. */
export const LIBRARY_TABS = ["config", "teamTable", "sortTable", "dataModule", "meansModule", "scheduleTable"] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];

export function isLibraryTab(s: string | undefined): s is LibraryTab {
  return (LIBRARY_TABS as readonly string[]).includes(s ?? "");
}

/** One team of a league with the per-match figures of the rankings and the averages. */
export interface TeamLine {
  teamId: string;
  teamName: string;
  teamLogo: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  for: number;
  against: number;
  points: number;
  winRate: number;
  scoredPerMatch: number;
  concededPerMatch: number;
  pointsPerMatch: number;
  difference: number;
}

const per = (n: number, played: number) => (played > 0 ? n / played : 0);

/**
 * One line per team from the standings. A team listed in several stages or groups keeps the row
 * with the most matches (its main table), so nobody is ranked twice.
 */
export function teamLines(rows: readonly StandingRow[]): TeamLine[] {
  const best = new Map<string, StandingRow>();
  for (const r of rows) {
    const cur = best.get(r.teamId);
    if (!cur || r.played > cur.played) best.set(r.teamId, r);
  }
  return [...best.values()].map((r) => ({
    teamId: r.teamId,
    teamName: r.teamName || r.teamId,
    teamLogo: r.teamLogo,
    played: r.played,
    won: r.won,
    drawn: r.drawn,
    lost: r.lost,
    for: r.for,
    against: r.against,
    points: r.points,
    winRate: per(r.won, r.played),
    scoredPerMatch: per(r.for, r.played),
    concededPerMatch: per(r.against, r.played),
    pointsPerMatch: per(r.points, r.played),
    difference: r.for - r.against,
  }));
}

export const RANK_METRICS = ["points", "winRate", "scoredPerMatch", "concededPerMatch", "difference"] as const;
export type RankMetric = (typeof RANK_METRICS)[number];

/** Teams best first by a metric; fewer conceded is better. Ties go to more matches, then the name. */
export function rankTeams(lines: readonly TeamLine[], metric: RankMetric): TeamLine[] {
  const dir = metric === "concededPerMatch" ? 1 : -1;
  return [...lines].sort((a, b) => dir * (a[metric] - b[metric]) || b.played - a.played || a.teamName.localeCompare(b.teamName));
}

/** The league's mean line: every per-match figure averaged over the teams that played. */
export function leagueAverage(lines: readonly TeamLine[]): Pick<TeamLine, "played" | "scoredPerMatch" | "concededPerMatch" | "pointsPerMatch" | "winRate"> {
  const played = lines.filter((l) => l.played > 0);
  const mean = (f: (l: TeamLine) => number) => (played.length ? played.reduce((s, l) => s + f(l), 0) / played.length : 0);
  return {
    played: mean((l) => l.played),
    scoredPerMatch: mean((l) => l.scoredPerMatch),
    concededPerMatch: mean((l) => l.concededPerMatch),
    pointsPerMatch: mean((l) => l.pointsPerMatch),
    winRate: mean((l) => l.winRate),
  };
}

/** A league's season in figures, from its finished matches. */
export interface LeagueSummary {
  played: number;
  homeWins: number;
  draws: number;
  awayWins: number;
  /** Goals, points, maps or rounds per match: whatever the game scores. */
  scoredPerMatch: number;
  /** The widest margin (the earliest of equals); undefined before any result. */
  biggestWin?: MatchItem;
}

const FINISHED = 5;

export function leagueSummary(results: readonly MatchItem[]): LeagueSummary {
  const done = results.filter((m) => m.status === FINISHED);
  let scored = 0;
  let biggestWin: MatchItem | undefined;
  const out: LeagueSummary = { played: done.length, homeWins: 0, draws: 0, awayWins: 0, scoredPerMatch: 0 };
  for (const m of [...done].sort((a, b) => a.startTime - b.startTime)) {
    scored += m.homeScore + m.awayScore;
    if (m.homeScore > m.awayScore) out.homeWins++;
    else if (m.homeScore < m.awayScore) out.awayWins++;
    else out.draws++;
    const margin = Math.abs(m.homeScore - m.awayScore);
    if (margin > 0 && (!biggestWin || margin > Math.abs(biggestWin.homeScore - biggestWin.awayScore))) biggestWin = m;
  }
  out.scoredPerMatch = per(scored, done.length);
  out.biggestWin = biggestWin;
  return out;
}
