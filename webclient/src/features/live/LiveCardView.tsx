// One live room as a card: cover (or a drawn placeholder), LIVE and viewers over it, the title, the
// streamer's avatar and name, the game, and the linked match's score (live deltas applied by the
// caller through useLiveList).
import { memo, type ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { streamerName, type LiveCard } from "../../api/live";
import type { MatchItem } from "../../api/matches";
import { Avatar } from "../../components/Avatar";
import { formatCount } from "../matches/format";
import styles from "./LiveCardView.module.css";

/**
 * The red LIVE badge of a card; `inline` sets it in a line of text (a room's head) instead of over
 * the cover, and className places it there.
 */
export function LiveBadge({ inline, className }: { inline?: boolean; className?: string }) {
  const { t } = useTranslation();
  const cls = [styles.lcardLive, inline && styles.lcardLiveInline, className].filter(Boolean).join(" ");
  return <span className={cls}>{t("discover.liveBadge")}</span>;
}

/** The list the cards sit in: a grid (/live, /customLive), or one column (the home page's Live tab). */
export function LiveCardList({ column, testId, children }: { column?: boolean; testId?: string; children: ReactNode }) {
  return (
    <ul className={column ? `${styles.lcards} ${styles.lcardsColumn}` : styles.lcards} data-testid={testId}>
      {children}
    </ul>
  );
}

export const LiveCardView = memo(function LiveCardView({
  card,
  match,
  gameName,
  compact,
}: {
  card: LiveCard;
  match?: MatchItem;
  gameName?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const name = streamerName(card, t("discover.streamer"));
  return (
    <li className={`${styles.lcard}${compact ? ` ${styles.lcardCompact}` : ""}`} data-testid="live-card" data-room={card.roomId} data-viewers={card.viewers}>
      <Link to={`/live/${encodeURIComponent(card.roomId)}`} className={styles.lcardLink}>
        <div className={styles.lcardCover}>
          {card.coverUrl ? <img src={card.coverUrl} alt="" loading="lazy" /> : <span className={styles.lcardPlaceholder} aria-hidden="true">▶</span>}
          {card.live && <LiveBadge />}
          <span className={styles.lcardViewers} data-testid="live-card-viewers">
            {t("discover.viewers", { count: card.viewers, n: formatCount(card.viewers) })}
          </span>
          {match && !compact && (
            <span className={styles.lcardScore} data-testid="live-card-score">
              <ScoreLine match={match} />
            </span>
          )}
        </div>
        <div className={styles.lcardBody}>
          {!compact && <Avatar src={card.avatar || undefined} name={name} size={36} />}
          <div className={styles.lcardText}>
            <p className={styles.lcardTitle} title={card.title} dir="auto">
              {card.title}
            </p>
            <p className={styles.lcardMeta}>
              <span className={styles.lcardName} data-testid="live-card-name" dir="auto">
                {name}
              </span>
              {gameName && !(card.customTag && card.gameId === 0) && <span className={styles.lcardGame}>{gameName}</span>}
              {card.customTag && (
                <bdi className={styles.lcardTag} data-testid="live-card-tag">
                  #{card.customTag}
                </bdi>
              )}
            </p>
            {match && compact && (
              <p className={`${styles.lcardMeta} ${styles.lcardMetaScore}`} data-testid="live-card-score">
                <ScoreLine match={match} />
              </p>
            )}
          </div>
        </div>
      </Link>
    </li>
  );
});

/** The linked match's teams and score, the same on the wide card's cover and the compact card's line. */
function ScoreLine({ match }: { match: { homeName: string; awayName: string; homeScore: number | string; awayScore: number | string } }) {
  return (
    <>
      <span className={styles.lcardTeam} dir="auto">
        {match.homeName}
      </span>
      <b>
        {match.homeScore} - {match.awayScore}
      </b>
      <span className={styles.lcardTeam} dir="auto">
        {match.awayName}
      </span>
    </>
  );
}
