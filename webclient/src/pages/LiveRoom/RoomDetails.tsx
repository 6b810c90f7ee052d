// The parts of a live room's head past the title (RoomHead.tsx loads them on demand): followers
// and Follow, the line of live state, viewers, game, tag and multi-view, the reserved broadcast of
// an offline room, and the score of the room's match (drawn into the band the head keeps for it).
import { useState } from "react";
import { useResource } from "../../data";
import { Link } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { tagPath, type LiveCard } from "../../api/live";
import { useMultiViewT } from "../../i18n/multiview";
import { userApi } from "../../api/account";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { userInfoAtom } from "../../state/session";
import { gameLabel, useLiveMatch } from "../../features/matches/hooks";
import { LiveClock } from "../../features/matches/MatchRow";
import { inPlay, upcoming } from "../../features/matches/live";
import { formatCount } from "../../features/matches/format";
import { gameSlugOf, useGameNames } from "../../features/live/hooks";
import { ReservedBroadcast } from "../../components/ReservedBroadcast/ReservedBroadcast";
import styles from "./LiveRoom.module.css";

function FollowButton({ card, onFollowers }: { card: LiveCard; onFollowers: (n: number) => void }) {
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  const openLogin = useSetAtom(loginModalAtom);
  const [busy, setBusy] = useState(false);
  const self = !!user && user.uid === card.anchorId;
  // Whether the reader follows the streamer (signed in, not their own room); unknown reads as not.
  const follow = useResource(user && !self ? `follows:${user.uid}:${card.anchorId}` : null, () => userApi.hasFollow(card.anchorId));
  const following = follow.value?.following ?? null;

  if (self) return null;
  const click = async () => {
    if (!user) {
      openLogin({ open: true, mode: LoginMode.Password });
      return;
    }
    setBusy(true);
    try {
      const r = await userApi.follow(card.anchorId, !following);
      follow.set({ following: r.following });
      onFollowers(r.fans);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`${styles.roomHeadFollow}${following ? ` ${styles.roomHeadFollowOn}` : ""}`}
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
      <span className={styles.roomHeadFollowers} data-testid="room-followers" data-count={card.followers}>
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
    <div className={`${styles.roomHeadLine} ${styles.roomHeadLineMeta}`}>
      {card.live ? <span className={styles.roomHeadBadge}>{t("discover.liveBadge")}</span> : <span className={styles.roomHeadOffline}>{t("live.room.offline")}</span>}
      <span data-testid="room-viewers">{t("discover.viewers", { count: viewers, n: formatCount(viewers) })}</span>
      {game && !(card.customTag && card.gameId === 0) && <span className={styles.roomHeadGame} data-testid="room-game">{gameLabel(t, game)}</span>}
      {card.customTag && (
        <Link className={`${styles.roomHeadTag} ${styles.roomHeadTagLink}`} to={tagPath(card.customTag)} data-testid="room-tag">
          <bdi>#{card.customTag}</bdi>
        </Link>
      )}
      <Link className={styles.roomHeadMulti} to={`/live2?add=${encodeURIComponent(card.roomId)}`} data-testid="add-to-multiview">
        {mt("addToMultiView")}
      </Link>
    </div>
  );
}

/** An offline room's reserved broadcast. */
export function RoomTeaser({ card }: { card: LiveCard }) {
  return <ReservedBroadcast roomId={card.roomId} className={styles.roomHeadTeaser} />;
}

/** The score of the room's match, drawn into the head's band (RoomHead.tsx) once the match arrives. */
export function RoomScore({ card }: { card: LiveCard }) {
  const { t } = useTranslation();
  const names = useGameNames();
  const match = useLiveMatch(card.match ?? null);
  if (!match) return null;
  return (
    <Link className={styles.roomScore} to={`/${gameSlugOf(match.gameId, names)}/${encodeURIComponent(match.id)}`} data-testid="room-score" data-match={match.id}>
      <span className={styles.roomScoreTeam}>{match.homeName}</span>
      <span className={styles.roomScoreScore} data-testid="room-score-value" aria-live="polite">
        {upcoming(match.status) ? t("matches.vs") : `${match.homeScore} - ${match.awayScore}`}
      </span>
      <span className={styles.roomScoreTeam}>{match.awayName}</span>
      {inPlay(match.status) && <LiveClock m={match} className={styles.roomScorePeriod} showBreak />}
    </Link>
  );
}
