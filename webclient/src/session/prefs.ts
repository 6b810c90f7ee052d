// The signed-in user's favourites (issue 23, /userInfo/preferences) applied to lists: favourite
// teams and leagues first, then favourite games, the rest in the order the server gave. The
// preferences object loads once per session into prefsAtom.
import { useCallback, useEffect } from "react";
import { useAtom, useAtomValue } from "../state/hooks";
import { userAreaApi, type Prefs } from "../api/userarea";
import type { MatchItem } from "../api/matches";
import { tokenAtom } from "../state/session";
import { prefsAtom } from "../state/userarea";

/** 0 for a favourite team or league, 1 for a favourite game, 2 otherwise. */
export function favouriteRank(m: Pick<MatchItem, "gameId" | "homeName" | "awayName" | "leagueName">, p: Prefs | null): number {
  if (!p) return 2;
  const names = new Set([...(p.favTeams ?? []), ...(p.favLeagues ?? [])].map((x) => x.toLowerCase()));
  if (names.size > 0 && [m.homeName, m.awayName, m.leagueName].some((n) => n && names.has(n.toLowerCase()))) return 0;
  if (p.favGames?.includes(m.gameId)) return 1;
  return 2;
}

/** A stable sort of items by favouriteRank. */
export function favouritesFirst<T extends Pick<MatchItem, "gameId" | "homeName" | "awayName" | "leagueName">>(items: readonly T[], p: Prefs | null): T[] {
  if (!p) return [...items];
  return items.map((m, i) => [favouriteRank(m, p), i, m] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
}

/** The favourites-first order for the signed-in user (identity for a guest). */
export function useFavouriteOrder(): <T extends Pick<MatchItem, "gameId" | "homeName" | "awayName" | "leagueName">>(items: readonly T[]) => T[] {
  const token = useAtomValue(tokenAtom);
  const [prefs, setPrefs] = useAtom(prefsAtom);
  useEffect(() => {
    if (!token || prefs) return;
    userAreaApi.prefs().then(setPrefs, () => undefined);
  }, [token, prefs, setPrefs]);
  const p = token ? prefs : null;
  return useCallback(<T extends Pick<MatchItem, "gameId" | "homeName" | "awayName" | "leagueName">>(items: readonly T[]) => favouritesFirst(items, p), [p]);
}
