// "Watch live (n)" on a match row or the match page: shown while live rooms stream the match, it
// leads to the room with the most viewers.
import { useTranslation } from "react-i18next";
import { useStreamedMatches } from "./watch";
import styles from "./WatchLive.module.css";

export function WatchLive({ matchId, large }: { matchId: string; large?: boolean }) {
  const { t } = useTranslation();
  const s = useStreamedMatches()[matchId];
  if (!s) return null;
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
