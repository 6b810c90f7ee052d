// A whole match item for component tests: a football match of the demo's shape, not started;
// overrides set what a test is about.
import type { MatchItem } from "../api/matches";

export function testMatch(overrides: Partial<MatchItem> = {}): MatchItem {
  return {
    id: "m1", gameId: 202, gameName: "soccer", leagueId: "sim-spl", leagueName: "Premier Division", seasonId: "", roundId: "",
    homeId: "h", homeName: "Harbor City", homeLogo: "", awayId: "a", awayName: "Northgate", awayLogo: "",
    startTime: Date.UTC(2026, 10, 20, 18), status: 0, statusName: "", homeScore: 0, awayScore: 0, period: 0, periodName: "",
    clock: { s: 0, r: false, at: 0 }, periods: [], updated: 1, source: "", topic: "match:m1",
    ...overrides,
  } as unknown as MatchItem;
}
