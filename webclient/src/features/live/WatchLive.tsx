// "Watch live (n)" on a match row or the match page: shown while live rooms stream the match, it
// leads to the room with the most viewers.
import { useTranslation } from "react-i18next";
import { useStreamedMatches } from "./watch";
import type { StreamedMatch } from "../../state/live";
import styles from "./WatchLive.module.css";

export function WatchLive({ matchId, large }: { matchId: string; large?: boolean }) {
  const s = useStreamedMatches()[matchId];
  // Most rows have no stream: they stop here, before the link's translation hook (issue 19: a list
  // mounts one per row).
  return s ? <WatchLiveLink s={s} large={large} /> : null;
}

function WatchLiveLink({ s, large }: { s: StreamedMatch; large?: boolean }) {
  const { t } = useTranslation();
  return (
    // A plain anchor routed by the Layout's listener (components/linkClicks.ts): one per match row.
    <a
      href={`/live/${encodeURIComponent(s.roomId)}`}
      data-link=""
      className={`${styles.watchLive}${large ? ` ${styles.watchLiveLarge}` : ""}`}
      data-testid="watch-live"
      data-count={s.count}
    >
      <span className={styles.watchLiveDot} aria-hidden="true" />
      {t("discover.watchLive", { count: s.count })}
    </a>
  );
}
