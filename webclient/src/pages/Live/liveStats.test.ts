import { describe, expect, it } from "vitest";
import type { LiveCard } from "../../api/live";
import { liveStats } from "./liveStats";

const card = (roomId: string, gameId: number, viewers: number, live = true) =>
  ({ roomId, gameId, viewers, live, title: roomId, name: roomId }) as LiveCard;

describe("the live data page's figures", () => {
  it("adds up the rooms on air per game, most watched first", () => {
    const s = liveStats([card("a", 201, 120), card("b", 202, 40), card("c", 201, 30), card("d", 202, 500, false), card("e", 101, 40)], 2);
    expect(s.rooms).toBe(4); // an ended room does not count
    expect(s.viewers).toBe(230);
    expect(s.games).toEqual([
      { gameId: 201, rooms: 2, viewers: 150 },
      { gameId: 101, rooms: 1, viewers: 40 }, // a tie: the lower game id first, so the order holds still
      { gameId: 202, rooms: 1, viewers: 40 },
    ]);
    expect(s.top.map((c) => c.roomId)).toEqual(["a", "b"]);
  });

  it("is empty when nobody streams", () => {
    expect(liveStats([])).toEqual({ rooms: 0, viewers: 0, games: [], top: [] });
  });
});
