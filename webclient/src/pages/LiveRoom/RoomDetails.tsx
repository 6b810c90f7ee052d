// The parts of a live room's head past the title (RoomHead.tsx loads them on demand): followers
// and Follow, the line of live state, viewers, game, tag and multi-view, the reserved broadcast of
// an offline room, and the score of the room's match.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { tagPath, type LiveCard } from "../../api/live";
import { useMultiViewT } from "../../i18n/multiview";
import { userApi } from "../../api/account";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { userInfoAtom } from "../../state/session";
import { gameLabel, useLiveMatch } from "../Matches/hooks";
import { LiveClock } from "../Matches/MatchRow";
import { inPlay, upcoming } from "../Matches/live";
import { formatCount } from "../Matches/format";
import { gameSlugOf, useGameNames } from "../Live/hooks";
import { ReservedBroadcast } from "../../components/ReservedBroadcast/ReservedBroadcast";

function FollowButton({ card, onFollowers }: { card: LiveCard; onFollowers: (n: number) => void }) {
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  const openLogin = useSetAtom(loginModalAtom);
  const [following, setFollowing] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const self = !!user && user.uid === card.anchorId;

  useEffect(() => {
    if (!user || self) return;
    let live = true;
    userApi.hasFollow(card.anchorId).then((r) => live && setFollowing(r.following), () => undefined);
    return () => {
      live = false;
    };
  }, [user, self, card.anchorId]);

  if (self) return null;
  const click = async () => {
    if (!user) {
      openLogin({ open: true, mode: LoginMode.Password });
      return;
    }
    setBusy(true);
    try {
      const r = await userApi.follow(card.anchorId, !following);
      setFollowing(r.following);
      onFollowers(r.fans);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`room-head__follow${following ? " room-head__follow--on" : ""}`}
      data-testid="follow-button"
      aria-pressed={!!following}
      disabled={busy}
      onClick={() => void click()}
    >
      {following ? t("live.room.following") : t("live.room.follow")}
    </button>
  );
}

/** The followers' count and Follow. */
export function RoomFollow({ card, onFollowers }: { card: LiveCard; onFollowers: (n: number) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="room-head__followers" data-testid="room-followers" data-count={card.followers}>
        {t("discover.followers", { count: card.followers, n: formatCount(card.followers) })}
      </span>
      <FollowButton card={card} onFollowers={onFollowers} />
    </>
  );
}

/** Live or offline, viewers, the game, the custom tag and the link to add the room to multi-view. */
export function RoomMeta({ card, presence }: { card: LiveCard; presence: number }) {
  const { t } = useTranslation();
  const { t: mt } = useMultiViewT();
  const names = useGameNames();
  const game = names.get(card.gameId);
  const viewers = Math.max(presence, card.viewers);
  return (
    <div className="room-head__line room-head__line--meta">
      {card.live ? <span className="lcard__live lcard__live--inline room-head__badge">{t("discover.liveBadge")}</span> : <span className="room-head__offline">{t("live.room.offline")}</span>}
      <span data-testid="room-viewers">{t("discover.viewers", { count: viewers, n: formatCount(viewers) })}</span>
      {game && !(card.customTag && card.gameId === 0) && <span data-testid="room-game">{gameLabel(t, game)}</span>}
      {card.customTag && (
        <Link className="room-head__tag room-head__tag-link" to={tagPath(card.customTag)} data-testid="room-tag">
          <bdi>#{card.customTag}</bdi>
        </Link>
      )}
      <Link className="room-head__multi" to={`/live2?add=${encodeURIComponent(card.roomId)}`} data-testid="add-to-multiview">
        {mt("addToMultiView")}
      </Link>
    </div>
  );
}

/** An offline room's reserved broadcast, and the score of the room's match. */
export function RoomExtras({ card }: { card: LiveCard }) {
  const { t } = useTranslation();
  const names = useGameNames();
  const match = useLiveMatch(card.match ?? null);
  return (
    <>
      {!card.live && <ReservedBroadcast roomId={card.roomId} />}
      {match && (
        <div className="room-head__score-row">
          <Link className="room-score" to={`/${gameSlugOf(match.gameId, names)}/${encodeURIComponent(match.id)}`} data-testid="room-score" data-match={match.id}>
            <span className="room-score__team">{match.homeName}</span>
            <span className="room-score__score" data-testid="room-score-value" aria-live="polite">
              {upcoming(match.status) ? t("matches.vs") : `${match.homeScore} - ${match.awayScore}`}
            </span>
            <span className="room-score__team">{match.awayName}</span>
            {inPlay(match.status) && <LiveClock m={match} />}
          </Link>
        </div>
      )}
    </>
  );
}
