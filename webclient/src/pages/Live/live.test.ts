// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { LiveCard, MatchLive } from "../../api/live";
import type { MatchItem } from "../../api/matches";
import { streamedMatches } from "../../features/live/watch";
import { gamesOf, searchCards } from "../../features/live/hooks";

const card = (p: Partial<LiveCard>): LiveCard => ({
  roomId: "r", title: "", anchorId: "u1", name: "", avatar: "", followers: 0, coverUrl: "", matchId: "", gameId: 0,
  customTag: "", live: true, liveSince: 0, viewers: 0, ...p,
});

describe("Watch live", () => {
  it("maps each streamed match to its room count and the room with the most viewers", () => {
    const list: MatchLive[] = [
      { matchId: "m1", gameId: 201, live: true, count: 2, rooms: [card({ roomId: "top" }), card({ roomId: "second" })] },
      { matchId: "m2", gameId: 202, live: false, count: 0, rooms: [] },
    ];
    expect(streamedMatches(list)).toEqual({ m1: { count: 2, roomId: "top" } });
  });
});

describe("live room lists", () => {
  it("offers the games with rooms, most rooms first, no game for custom tags", () => {
    expect(gamesOf([card({ gameId: 202 }), card({ gameId: 201 }), card({ gameId: 201 }), card({ gameId: 0 })])).toEqual([201, 202]);
  });
  it("finds rooms by title, streamer, teams or league, whatever the case", () => {
    const m = { homeName: "Harbor City Pioneers", awayName: "Pine Hollow Comets", leagueName: "Coastal League" } as MatchItem;
    const rooms = [card({ roomId: "a", title: "Tactics cam", name: "MidfieldMaya" }), card({ roomId: "b", title: "Watch-along", name: "HoopsHannah", match: m })];
    expect(searchCards(rooms, "maya").map((c) => c.roomId)).toEqual(["a"]);
    expect(searchCards(rooms, "pine hollow").map((c) => c.roomId)).toEqual(["b"]);
    expect(searchCards(rooms, "coastal").map((c) => c.roomId)).toEqual(["b"]);
    expect(searchCards(rooms, "  ")).toEqual([]);
  });
});
