// Matches state (issue 7): the game catalogue every match page reads, the merged live state
// of several scoreboard topics, a one-second clock for running match clocks, and the
// reservations made in this session (so a booking shows at once on every list).
import { atom, type Atom } from "jotai";
import type { GameCatalogue, Reservation } from "../api/matches";
import type { Loadable } from "./wallet";
import { topicAtom, type TopicState } from "./realtime";

/** The game catalogue (GET /game/v3/getPCGameSource), loaded once per page load. */
export const catalogueAtom = atom<Loadable<GameCatalogue>>({ status: "idle" });

/**
 * Several topics' states merged into one map (match id -> fields). A match appears on one
 * scoreboard only (its game's), so merging never mixes two matches. `topicsKey` is the topics
 * joined by ",".
 *
 * Make one per mounted view (useMemo on the key), never cache it across mounts: the bridge
 * forgets a topic's atom when no page wants it and creates a new one on the next want, and a
 * derived atom keeps depending on the atoms it read first.
 */
export function createScoreboardAtom(topicsKey: string): Atom<TopicState> {
  const topics = topicsKey ? topicsKey.split(",") : [];
  return atom((get) => {
    if (topics.length === 1) return get(topicAtom(topics[0]!));
    const out: TopicState = {};
    for (const t of topics) Object.assign(out, get(topicAtom(t)));
    return out;
  });
}

/** Unix ms, advancing once a second while a component reads it (running match clocks). */
export const nowAtom = atom(Date.now());
nowAtom.onMount = (set) => {
  const id = setInterval(() => set(Date.now()), 1000);
  return () => clearInterval(id);
};

/** Reservations changed in this session: match id -> booked or bookable (after a cancel). */
export const reservationsAtom = atom<Record<string, Reservation>>({});

/** Unix ms, advancing every 30 s while read: relative times ("in 2 hours") on match rows. */
export const minuteAtom = atom(Date.now());
minuteAtom.onMount = (set) => {
  const id = setInterval(() => set(Date.now()), 30_000);
  return () => clearInterval(id);
};
