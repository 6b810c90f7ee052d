// "Watch live": the streamed matches (GET /getAnchorMatchLive) kept fresh while at least one
// component shows match rows, polled every WATCH_REFRESH_MS.
import { useEffect } from "react";
import { useAtomValue } from "../../state/hooks";
import { liveApi, type MatchLive } from "../../api/live";
import { appStore } from "../../state/store";
import { streamedMatchesAtom, type StreamedMatch } from "../../state/live";

export const WATCH_REFRESH_MS = 30_000;

/** The streamed matches of a getAnchorMatchLive answer, by match id. */
export function streamedMatches(list: readonly MatchLive[]): Record<string, StreamedMatch> {
  const out: Record<string, StreamedMatch> = {};
  for (const m of list) {
    const top = m.rooms[0];
    if (m.count > 0 && top) out[m.matchId] = { count: m.count, roomId: top.roomId };
  }
  return out;
}

let users = 0;
let timer: ReturnType<typeof setInterval> | undefined;

async function refresh() {
  try {
    const r = await liveApi.matchLive();
    appStore.set(streamedMatchesAtom, streamedMatches(r.list));
  } catch {
    // Keep what we had: a failed refresh must not hide the buttons.
  }
}

/** Keeps the streamed matches fresh while mounted; returns them. */
export function useStreamedMatches() {
  useEffect(() => {
    if (users++ === 0) {
      void refresh();
      timer = setInterval(() => void refresh(), WATCH_REFRESH_MS);
    }
    return () => {
      if (--users === 0) clearInterval(timer);
    };
  }, []);
  return useAtomValue(streamedMatchesAtom);
}
