// The live room's identity (issue 17): the streamer's avatar and name, follow with the follower
// count, the live viewers, the title, the game, and the linked match's scoreboard inline, updated by
// the match's topic (useLiveMatch). No internal id is shown.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { liveApi, tagPath, type LiveCard } from "../../api/live";
import { useMultiViewT } from "../../i18n/multiview";
import { userApi } from "../../api/account";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { userInfoAtom } from "../../state/session";
import { Avatar } from "../../components/Avatar";
import { gameLabel, useLiveMatch } from "../Matches/hooks";
import { LiveClock } from "../Matches/MatchRow";
import { inPlay, upcoming } from "../Matches/live";
import { formatCount } from "../Matches/format";
import { gameSlugOf, useGameNames } from "../Live/hooks";
import { streamerName } from "../Live/LiveCardView";
import { ReservedBroadcast } from "../../components/ReservedBroadcast/ReservedBroadcast";

/** How often the head reloads (title, link and followers change from the streamer centre). */
const HEAD_REFRESH_MS = 60_000;

function useRoomCard(id: string) {
  const [card, setCard] = useState<LiveCard | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    setCard(null);
    setMissing(false);
    const load = () =>
      liveApi.room(id, { signal: ctrl.signal }).then(
        (c) => !ctrl.signal.aborted && setCard(c),
        () => !ctrl.signal.aborted && setMissing(true),
      );
    void load();
    const t = setInterval(() => void load(), HEAD_REFRESH_MS);
    return () => {
      ctrl.abort();
      clearInterval(t);
    };
  }, [id]);
  return { card, setCard, missing };
}

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

export function RoomHead({ id, presence, children }: { id: string; presence: number; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const { t: mt } = useMultiViewT();
  const { card, setCard, missing } = useRoomCard(id);
  const names = useGameNames();
  const match = useLiveMatch(card?.match ?? null);

  if (!card) {
    return (
      <div className="room-head" data-testid="room-head" aria-busy={!missing}>
        <div className="room-head__main">
          <h1 className="live-room__title">{missing ? t("live.room.untitled") : "\u00a0"}</h1>
        </div>
        {children}
      </div>
    );
  }
  const name = streamerName(card, t("discover.streamer"));
  const game = names.get(card.gameId);
  const viewers = Math.max(presence, card.viewers);
  return (
    <div className="room-head" data-testid="room-head">
      <Avatar src={card.avatar || undefined} name={name} size={52} testId="room-avatar" />
      <div className="room-head__main">
        <h1 className="live-room__title" data-testid="room-title">
          {card.title || t("live.room.untitled")}
        </h1>
        <div className="room-head__line">
          <span className="room-head__name" data-testid="room-streamer">{name}</span>
          <span className="room-head__followers" data-testid="room-followers" data-count={card.followers}>
            {t("discover.followers", { count: card.followers, n: formatCount(card.followers) })}
          </span>
          <FollowButton card={card} onFollowers={(n) => setCard((c) => (c ? { ...c, followers: n } : c))} />
        </div>
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
      </div>
      {children}
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
    </div>
  );
}
