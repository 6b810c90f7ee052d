// The library sub-pages' figures: one line per team across stages, rankings (fewer conceded is
// better), the league's mean line and the season summary from finished matches only.
import { describe, expect, it } from "vitest";
import type { MatchItem, StandingRow } from "../../api/matches";
import { isLibraryTab, leagueAverage, leagueSummary, rankTeams, teamLines } from "./stats";

const row = (teamId: string, played: number, won: number, drawn: number, lost: number, f: number, a: number, stageId = "s1"): StandingRow => ({
  seasonId: "2026", stageId, group: "", teamId, position: 0, played, won, drawn, lost, for: f, against: a,
  points: won * 3 + drawn, form: "", teamName: teamId.toUpperCase(), teamLogo: "",
});
const m = (home: number, away: number, status = 5, startTime = 0): MatchItem =>
  ({ id: `${home}-${away}-${startTime}`, status, homeScore: home, awayScore: away, startTime, homeName: "H", awayName: "A" }) as MatchItem;

describe("library tabs", () => {
  it("knows the six sub-pages of spec §2 and nothing else", () => {
    expect(["config", "teamTable", "sortTable", "dataModule", "meansModule", "scheduleTable"].every(isLibraryTab)).toBe(true);
    expect(isLibraryTab("teamtable")).toBe(false);
    expect(isLibraryTab(undefined)).toBe(false);
  });
});

describe("team lines and rankings", () => {
  const lines = teamLines([row("a", 10, 6, 2, 2, 20, 10), row("b", 10, 5, 5, 0, 15, 5), row("c", 10, 2, 0, 8, 8, 30), row("a", 3, 3, 0, 0, 9, 1, "cup")]);

  it("keeps one line per team, its main table", () => {
    expect(lines.map((l) => [l.teamId, l.played])).toEqual([["a", 10], ["b", 10], ["c", 10]]);
    expect(lines[0]).toMatchObject({ points: 20, winRate: 0.6, scoredPerMatch: 2, concededPerMatch: 1, pointsPerMatch: 2, difference: 10 });
  });

  it("ranks best first, and fewest conceded first", () => {
    expect(rankTeams(lines, "points").map((l) => l.teamId)).toEqual(["a", "b", "c"]);
    expect(rankTeams(lines, "concededPerMatch").map((l) => l.teamId)).toEqual(["b", "a", "c"]);
    expect(rankTeams(lines, "difference").map((l) => l.teamId)).toEqual(["a", "b", "c"]);
  });

  it("averages the per-match figures over teams that played", () => {
    const avg = leagueAverage([...lines, ...teamLines([row("d", 0, 0, 0, 0, 0, 0)])]);
    expect(avg.played).toBe(10);
    expect(avg.scoredPerMatch).toBeCloseTo((2 + 1.5 + 0.8) / 3);
  });
});

describe("league summary", () => {
  it("counts finished matches only and finds the widest win", () => {
    const s = leagueSummary([m(1, 0, 5, 1), m(2, 2, 5, 2), m(0, 3, 5, 3), m(5, 1, 5, 4), m(9, 0, 1, 5), m(0, 0, 0, 6)]);
    expect(s).toMatchObject({ played: 4, homeWins: 2, draws: 1, awayWins: 1, scoredPerMatch: 14 / 4 });
    expect(s.biggestWin?.homeScore).toBe(5);
    expect(leagueSummary([]).biggestWin).toBeUndefined();
  });
});
