// The live rooms list with its linked matches' scores kept live (the scoreboard topics of the
// matches' games, as the match lists use them).
import { useMemo } from "react";
import type { LiveCard } from "../../api/live";
import type { GameInfo, MatchItem } from "../../api/matches";
import { catalogueIndex, useCatalogue, useLiveList } from "../matches/hooks";

/** The cards' linked matches with live deltas applied, by match id. */
export function useCardMatches(cards: readonly LiveCard[]): Map<string, MatchItem> {
  const items = useMemo(() => cards.flatMap((c) => (c.match ? [c.match] : [])), [cards]);
  const { items: live } = useLiveList(items);
  return useMemo(() => new Map(live.map((m) => [m.id, m])), [live]);
}

/** Game names by id from the catalogue (empty until it loads). */
export function useGameNames(): Map<number, GameInfo> {
  const cat = useCatalogue();
  return catalogueIndex(cat.status === "ready" ? cat.value : undefined).byId;
}

/** Games among the cards, most rooms first (the filter chips of /live). */
export function gamesOf(cards: readonly Pick<LiveCard, "gameId">[]): number[] {
  const n = new Map<number, number>();
  for (const c of cards) if (c.gameId > 0) n.set(c.gameId, (n.get(c.gameId) ?? 0) + 1);
  return [...n.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([g]) => g);
}

/** Cards matching a search text: title, streamer, linked teams or league (case-insensitive). */
export function searchCards<T extends Pick<LiveCard, "title" | "name" | "customTag" | "match">>(cards: readonly T[], text: string): T[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  return cards.filter((c) =>
    [c.title, c.name, c.customTag, c.match?.homeName, c.match?.awayName, c.match?.leagueName].some((f) => f?.toLowerCase().includes(q)),
  );
}

/** The URL slug of a game (the match page is /<slug>/<id>). */
export function gameSlugOf(gameId: number, byId: Map<number, GameInfo>): string {
  return byId.get(gameId)?.abbr ?? String(gameId);
}
