// The figures of /live/data from the live rooms now: totals, rooms and viewers per game, the most
// watched rooms (pure, so they can be tested).
import type { LiveCard } from "../../api/live";

export interface GameShare {
  gameId: number;
  rooms: number;
  viewers: number;
}

export interface LiveStats {
  rooms: number;
  viewers: number;
  games: GameShare[]; // most viewers first
  top: LiveCard[]; // the most watched rooms, at most `topN`
}

export function liveStats(cards: readonly LiveCard[], topN = 10): LiveStats {
  const live = cards.filter((c) => c.live);
  const byGame = new Map<number, GameShare>();
  for (const c of live) {
    const g = byGame.get(c.gameId) ?? { gameId: c.gameId, rooms: 0, viewers: 0 };
    g.rooms++;
    g.viewers += Math.max(0, c.viewers);
    byGame.set(c.gameId, g);
  }
  return {
    rooms: live.length,
    viewers: live.reduce((n, c) => n + Math.max(0, c.viewers), 0),
    games: [...byGame.values()].sort((a, b) => b.viewers - a.viewers || b.rooms - a.rooms || a.gameId - b.gameId),
    top: [...live].sort((a, b) => b.viewers - a.viewers).slice(0, topN),
  };
}
