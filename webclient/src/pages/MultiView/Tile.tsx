// One tile of the multi-view: the room's player (one per tile, its code loaded lazily with the
// first tile), who streams what, and the linked match's score strip updating live over the match's
// topic. Clicking the tile moves the sound to it.
import { lazy, memo, Suspense } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { liveApi, streamerName, tagPath } from "../../api/live";
import { useMultiViewT } from "../../i18n/multiview";
import { useFetch, useLiveMatch } from "../Matches/hooks";
import { LiveClock } from "../Matches/MatchRow";
import { inPlay, upcoming } from "../Matches/live";

const Player = lazy(() => import("../../components/Player/Player"));

/** How often a tile's head reloads (title, linked match, live state). */
export const TILE_REFRESH_MS = 60_000;

export const Tile = memo(function Tile({
  roomId,
  sound,
  audible = true,
  onListen,
  onRemove,
}: {
  roomId: string;
  sound: boolean;
  /** False until the viewer has touched the page: the sound tile waits muted (autoplay rules). */
  audible?: boolean;
  onListen: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { t: mt } = useMultiViewT();
  const { state } = useFetch((signal) => liveApi.room(roomId, { signal }), `mv-room-${roomId}`, TILE_REFRESH_MS);
  const card = state.status === "ready" ? state.value : null;
  const match = useLiveMatch(card?.match ?? null);
  const name = card ? streamerName(card, t("discover.streamer")) : "";
  const stop = (e: React.MouseEvent) => e.stopPropagation();

  return (
    <article
      className={`mtile${sound ? " mtile--sound" : ""}`}
      data-testid="mv-tile"
      data-room={roomId}
      data-sound={sound}
      aria-label={card?.title || roomId}
      data-audible={sound && audible}
      onClick={() => !sound && onListen(roomId)}
    >
      <div className="mtile__video">
        <Suspense fallback={<div className="mtile__wait">{mt("tile.loading")}</div>}>
          <Player roomId={roomId} theatreToggle={false} muted={!(sound && audible)} onSoundRequest={() => onListen(roomId)} />
        </Suspense>
      </div>
      <div className="mtile__info">
        <div className="mtile__text">
          <p className="mtile__title" title={card?.title}>
            {card ? card.title || t("live.room.untitled") : state.status === "error" ? mt("tile.gone") : mt("tile.loading")}
          </p>
          {card && (
            <p className="mtile__meta">
              <span className="mtile__name" data-testid="mv-tile-streamer">{name}</span>
              {card.customTag && (
                <Link className="mtile__tag" to={tagPath(card.customTag)} onClick={stop}>
                  <bdi>#{card.customTag}</bdi>
                </Link>
              )}
            </p>
          )}
        </div>
        <div className="mtile__tools" onClick={stop}>
          <button
            type="button"
            className={`mtile__sound${sound ? " mtile__sound--on" : ""}`}
            data-testid="mv-sound"
            aria-pressed={sound}
            onClick={() => onListen(roomId)}
          >
            <span aria-hidden="true">{sound && audible ? "🔊" : "🔇"}</span> {sound && audible ? mt("tile.sound") : mt("tile.listen")}
          </button>
          <Link className="mtile__tool" to={`/live/${encodeURIComponent(roomId)}`} data-testid="mv-open">
            {mt("tile.openRoom")}
          </Link>
          <button type="button" className="mtile__tool" data-testid="mv-remove" onClick={() => onRemove(roomId)}>
            {mt("tile.remove")}
          </button>
        </div>
      </div>
      {match && (
        <div className="mtile__score" data-testid="mv-score" data-match={match.id}>
          <span className="mtile__team">{match.homeName}</span>
          <b data-testid="mv-score-value" aria-live="polite">
            {upcoming(match.status) ? t("matches.vs") : `${match.homeScore} - ${match.awayScore}`}
          </b>
          <span className="mtile__team">{match.awayName}</span>
          {inPlay(match.status) && <LiveClock m={match} />}
        </div>
      )}
    </article>
  );
});
