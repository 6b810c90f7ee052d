import { describe, expect, it } from "vitest";
import { favouriteRank, favouritesFirst } from "./prefs";

const m = (gameId: number, homeName: string, awayName: string, leagueName: string) => ({ gameId, homeName, awayName, leagueName });

describe("favourites first", () => {
  const items = [m(201, "Lakers", "Celtics", "NBA"), m(1, "T1", "G2", "Worlds"), m(202, "Arsenal", "Chelsea", "Premier League"), m(202, "Inter", "Milan", "Serie A")];

  it("keeps the server's order for a guest", () => {
    expect(favouritesFirst(items, null)).toEqual(items);
  });

  it("puts favourite teams and leagues first, then favourite games, stably", () => {
    const out = favouritesFirst(items, { favGames: [202], favTeams: ["t1"], favLeagues: [] });
    expect(out.map((x) => x.homeName)).toEqual(["T1", "Arsenal", "Inter", "Lakers"]);
    expect(favouriteRank(items[0]!, { favLeagues: ["nba"] })).toBe(0);
    expect(favouriteRank(items[0]!, { favGames: [201] })).toBe(1);
    expect(favouriteRank(items[0]!, {})).toBe(2);
  });
});
