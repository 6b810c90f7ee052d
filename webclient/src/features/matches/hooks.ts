// Hooks shared by the match pages: the catalogue, live scores over a REST list, the score
// highlight, and reservations.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { TFunction } from "i18next";
import { useAtomValue, useAtomValuePerFrame, useSetAtom } from "../../state/hooks";
import { errorText } from "../../api/client";
import { matchesApi, type GameCatalogue, type GameInfo, type MatchItem } from "../../api/matches";
import { addTopicWant, removeTopicWant, topicWantsAtom } from "../../state/realtime";
import { createScoreboardAtom, reservationsAtom } from "../../state/matches";
import { useCatalogue } from "../../state/catalogue";
import { tokenAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { useTopic } from "../../realtime/useTopic";
import { applyLive, FLASH_MS, scoreboardTopics, scoreChanges } from "./live";

/** Kept for the pages that import it from here; the one definition is beside ApiError. */
export { errorText };

/** The game catalogue (src/state/catalogue.ts: the page chrome reads it too). */
export { useCatalogue } from "../../state/catalogue";

/** Lookups over a loaded catalogue. */
export function catalogueIndex(c: GameCatalogue | undefined) {
  const byId = new Map<number, GameInfo>();
  const byAbbr = new Map<string, GameInfo>();
  for (const g of c?.games ?? []) {
    byId.set(g.id, g);
    byAbbr.set(g.abbr.toLowerCase(), g);
  }
  return { byId, byAbbr, groups: c?.groups ?? [] };
}

/**
 * The name fans see for a game: its display name in the interface language (matches.game, keyed by
 * the catalogue's abbr), never the raw slug. A game the translations do not know yet shows the
 * catalogue's name; an unknown id shows `fallback`.
 */
export function gameLabel(t: TFunction, game: GameInfo | undefined, fallback = ""): string {
  if (!game) return fallback;
  const key = game.abbr.toLowerCase();
  return t(`matches.game.${key}`, { defaultValue: game.name || fallback });
}

/** The path segment of a game in match URLs: its abbr, else its id. */
export function gameSlug(gameId: number, byId: Map<number, GameInfo>): string {
  return byId.get(gameId)?.abbr ?? String(gameId);
}

/** Follows each topic while mounted (one want per topic, removed on unmount); their state, per frame. */
export function useTopics(topics: readonly string[], delayMs = 0) {
  const setWants = useSetAtom(topicWantsAtom);
  const key = topics.join(",");
  useEffect(() => {
    if (!key) return;
    const list = key.split(",");
    setWants((w) => list.reduce((acc, t) => addTopicWant(acc, t, delayMs), w));
    return () => setWants((w) => list.reduce((acc, t) => removeTopicWant(acc, t, delayMs), w));
  }, [key, delayMs, setWants]);
  const board = useMemo(() => createScoreboardAtom(key), [key]);
  // One render per frame however many score frames arrive in it (a list re-renders its rows).
  return useAtomValuePerFrame(board);
}

/** Ids whose score changed recently (shown with a short highlight), cleared after FLASH_MS. */
export function useScoreFlash(items: readonly MatchItem[]): ReadonlySet<string> {
  const prev = useRef<Map<string, string>>(new Map());
  const [flashing, setFlashing] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef<Map<string, ReturnType<typeof setTimeout>>>(new Map());
  useEffect(() => {
    const { changed, next } = scoreChanges(prev.current, items);
    // Keep ids that left the list so a match coming back is not mistaken for a change.
    for (const [k, v] of prev.current) if (!next.has(k)) next.set(k, v);
    prev.current = next;
    if (changed.length === 0) return;
    setFlashing((s) => new Set([...s, ...changed]));
    for (const id of changed) {
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          setFlashing((s) => {
            const n = new Set(s);
            n.delete(id);
            return n;
          });
        }, FLASH_MS),
      );
    }
  }, [items]);
  useEffect(() => {
    const t = timers.current;
    return () => t.forEach((x) => clearTimeout(x));
  }, []);
  return flashing;
}

/** A REST list with its games' scoreboard topics applied, plus the session's reservations. */
export function useLiveList(items: readonly MatchItem[]) {
  const topics = useMemo(() => scoreboardTopics(items), [items]);
  const live = useTopics(topics);
  const reservations = useAtomValue(reservationsAtom);
  const merged = useMemo(
    () =>
      items.map((m) => {
        const x = applyLive(m, live[m.id]);
        const r = reservations[m.id];
        return r !== undefined && r !== x.reservation ? { ...x, reservation: r } : x;
      }),
    [items, live, reservations],
  );
  const flashing = useScoreFlash(merged);
  return { items: merged, flashing };
}

/**
 * A list of match rows: the items with live scores and reservations applied, and each row's
 * props (its game's URL slug, the score highlight, the reservation toggle).
 */
export function useMatchRows(items: readonly MatchItem[]) {
  const { items: live, flashing } = useLiveList(items);
  const cat = useCatalogue();
  const { byId } = catalogueIndex(cat.status === "ready" ? cat.value : undefined);
  const { toggle, busy } = useReserve();
  const rowProps = (m: MatchItem) => ({ m, slug: gameSlug(m.gameId, byId), flash: flashing.has(m.id), onReserve: toggle, busy: busy === m.id });
  return { live, rowProps };
}

/** One match with its own topic applied (the detail page). */
export function useLiveMatch(item: MatchItem | null): MatchItem | null {
  const state = useTopic(item ? `match:${item.id}` : "");
  const reservations = useAtomValue(reservationsAtom);
  return useMemo(() => {
    if (!item) return null;
    const x = applyLive(item, state[item.id]);
    const r = reservations[item.id];
    return r !== undefined && r !== x.reservation ? { ...x, reservation: r } : x;
  }, [item, state, reservations]);
}

/** Book or cancel; a guest gets the login modal (spec §6: login needed to reserve). */
export function useReserve() {
  const token = useAtomValue(tokenAtom);
  const setModal = useSetAtom(loginModalAtom);
  const setReservations = useSetAtom(reservationsAtom);
  const [busy, setBusy] = useState<string | null>(null);
  const toggle = useCallback(
    async (m: MatchItem) => {
      if (!token) {
        setModal({ open: true, mode: LoginMode.Password });
        return;
      }
      const book = m.reservation !== "booked";
      setBusy(m.id);
      try {
        const res = await matchesApi.attention(m.id, book);
        setReservations((r) => ({ ...r, [m.id]: res.reservation || (book ? "booked" : "bookable") }));
      } catch {
        // The client already toasted the server's message.
      } finally {
        setBusy(null);
      }
    },
    [token, setModal, setReservations],
  );
  return { toggle, busy, signedIn: !!token };
}
