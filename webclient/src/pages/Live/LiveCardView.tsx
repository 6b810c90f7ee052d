// One live room as a card: cover (or a drawn placeholder), LIVE and viewers over it, the title, the
// streamer's avatar and name, the game, and the linked match's score (live deltas applied by the
// caller through useLiveList).
import { memo } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { streamerName, type LiveCard } from "../../api/live";
import type { MatchItem } from "../../api/matches";
import { Avatar } from "../../components/Avatar";
import { formatCount } from "../Matches/format";
import "./Live.css";

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
    <li className={`lcard${compact ? " lcard--compact" : ""}`} data-testid="live-card" data-room={card.roomId} data-viewers={card.viewers}>
      <Link to={`/live/${encodeURIComponent(card.roomId)}`} className="lcard__link">
        <div className="lcard__cover">
          {card.coverUrl ? <img src={card.coverUrl} alt="" loading="lazy" /> : <span className="lcard__placeholder" aria-hidden="true">▶</span>}
          {card.live && <span className="lcard__live">{t("discover.liveBadge")}</span>}
          <span className="lcard__viewers" data-testid="live-card-viewers">
            {t("discover.viewers", { count: card.viewers, n: formatCount(card.viewers) })}
          </span>
          {match && !compact && (
            <span className="lcard__score" data-testid="live-card-score">
              <span className="lcard__team">{match.homeName}</span>
              <b>
                {match.homeScore} - {match.awayScore}
              </b>
              <span className="lcard__team">{match.awayName}</span>
            </span>
          )}
        </div>
        <div className="lcard__body">
          {!compact && <Avatar src={card.avatar || undefined} name={name} size={36} />}
          <div className="lcard__text">
            <p className="lcard__title" title={card.title}>
              {card.title}
            </p>
            <p className="lcard__meta">
              <span className="lcard__name" data-testid="live-card-name">{name}</span>
              {gameName && !(card.customTag && card.gameId === 0) && <span className="lcard__game">{gameName}</span>}
              {card.customTag && (
                <bdi className="lcard__tag" data-testid="live-card-tag">
                  #{card.customTag}
                </bdi>
              )}
            </p>
            {match && compact && (
              <p className="lcard__meta lcard__meta--score" data-testid="live-card-score">
                <span className="lcard__team">{match.homeName}</span>
                <b>
                  {match.homeScore} - {match.awayScore}
                </b>
                <span className="lcard__team">{match.awayName}</span>
              </p>
            )}
          </div>
        </div>
      </Link>
    </li>
  );
});
