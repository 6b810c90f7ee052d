// Hooks shared by the match pages: the catalogue, live scores over a REST list, the score
// highlight, and reservations.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { TFunction } from "i18next";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { ApiError } from "../../api/client";
import { matchesApi, type GameCatalogue, type GameInfo, type MatchItem } from "../../api/matches";
import { addTopicWant, removeTopicWant, topicWantsAtom } from "../../state/realtime";
import { createScoreboardAtom, reservationsAtom } from "../../state/matches";
import { useCatalogue } from "../../state/catalogue";
import { tokenAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { useTopic } from "../../realtime/useTopic";
import { applyLive, FLASH_MS, scoreboardTopics, scoreChanges } from "./live";

export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.userMessage;
  return err instanceof Error ? err.message : String(err);
}

/** True when the server does not serve the call at all (the endpoint is not there yet). */
export function isNotServed(err: unknown): boolean {
  return err instanceof ApiError && err.httpStatus === 404;
}

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

/** Follows each topic while mounted (one want per topic, removed on unmount). */
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
  return useAtomValue(board);
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

/** A panel whose load failed: the message, or that the server does not serve the call. */
export type LoadFailure = { status: "error"; message: string; notServed: boolean };

export function loadFailure(err: unknown): LoadFailure {
  return { status: "error", message: errorText(err), notServed: isNotServed(err) };
}

/** The states of a keyed load; R is the shape of the answer on screen. */
type Loaded<R extends { status: "ready" }> = { status: "loading" } | LoadFailure | R;

export type Fetched<T> = Loaded<{ status: "ready"; value: T }>;

/**
 * The reload machinery of the keyed loads: `version` moves every `refreshMs` (when given) and on
 * `reload`; `shownKey` is the key whose answer is on screen, and `reload` forgets it so the panel
 * shows loading again rather than keeping the old answer.
 */
function useReload(key: string, refreshMs: number) {
  const [version, setVersion] = useState(0);
  const shownKey = useRef<string | null>(null);
  useEffect(() => {
    if (!refreshMs) return;
    const id = setInterval(() => setVersion((v) => v + 1), refreshMs);
    return () => clearInterval(id);
  }, [refreshMs, key]);
  const reload = useCallback(() => {
    shownKey.current = null;
    setVersion((v) => v + 1);
  }, []);
  return { version, shownKey, reload };
}

/**
 * Starts one load of `key` and shows its outcome; returns the effect's cleanup, which aborts it (a
 * newer load owns the panel then). A first load of a key shows loading; a refresh of the answer
 * on screen does not, and keeps that answer if it fails.
 */
function startLoad<V, R extends { status: "ready" }>({
  load,
  key,
  shownKey,
  setState,
  ready,
}: {
  load: (signal: AbortSignal) => Promise<V>;
  key: string;
  shownKey: { current: string | null };
  setState: (next: Loaded<R> | ((s: Loaded<R>) => Loaded<R>)) => void;
  ready: (value: V) => R;
}): (() => void) | undefined {
  const refresh = shownKey.current === key;
  if (!refresh) setState({ status: "loading" });
  const ctrl = new AbortController();
  load(ctrl.signal).then(
    (value) => {
      if (ctrl.signal.aborted) return;
      shownKey.current = key;
      setState(ready(value));
    },
    (err: unknown) => {
      if (ctrl.signal.aborted) return;
      shownKey.current = key;
      setState((s) => (refresh && s.status === "ready" ? s : loadFailure(err)));
    },
  );
  return () => ctrl.abort();
}

/**
 * Runs `fn` when `key` changes (aborting the previous call) and again every `refreshMs` when
 * given, keeping the last answer on screen while a refresh runs (so live rows do not blink).
 * The old way (docs/decisions/0006-one-data-layer.md): the match pages load through src/data;
 * only Live, MultiView and Videos still call this, and it goes when they have moved.
 */
export function useFetch<T>(fn: (signal: AbortSignal) => Promise<T>, key: string, refreshMs = 0) {
  const [state, setState] = useState<Fetched<T>>({ status: "loading" });
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const { version, shownKey, reload } = useReload(key, refreshMs);
  useEffect(
    () => startLoad({ load: (signal) => fnRef.current(signal), key, shownKey, setState, ready: (value) => ({ status: "ready" as const, value }) }),
    [key, version, shownKey],
  );
  return { state, reload };
}
