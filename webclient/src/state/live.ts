// Finding streams (issue 17): which matches live rooms stream now ("Watch live" on match rows and
// the match page), refreshed while a page shows match rows.
import { atom } from "jotai";

/** One streamed match: how many live rooms stream it and the room with the most viewers. */
export interface StreamedMatch {
  count: number;
  roomId: string;
}

/** matchId -> its live rooms; empty until the first GET /getAnchorMatchLive answers. */
export const streamedMatchesAtom = atom<Record<string, StreamedMatch>>({});
