// When a live room mounts its gift effects (issue 19): the overlay (GiftOverlay, with its chunk)
// loads with the first gift sent after the room was joined, not with the page.
import { useEffect, useState } from "react";
import type { ChatLine } from "../../realtime/roomLog";
import { freshGifts } from "./giftLines";

/**
 * Null until a gift arrives after joining; then the seq of the newest line seen before it, which
 * the overlay takes as already seen (so it plays that gift and not the room's history). Until the
 * room is joined every line counts as seen, as in GiftOverlay.
 */
export function useFirstFreshGift(lines: ChatLine[], joined: boolean): { since: number } | null {
  const [seen, setSeen] = useState(0);
  const [first, setFirst] = useState<{ since: number } | null>(null);
  useEffect(() => {
    if (first) return;
    if (joined && freshGifts(lines, seen).length > 0) {
      setFirst({ since: seen });
      return;
    }
    const newest = lines.reduce((m, l) => (l.kind === "event" ? Math.max(m, l.seq) : m), 0);
    if (newest > seen) setSeen(newest);
  }, [lines, joined, seen, first]);
  return first;
}
