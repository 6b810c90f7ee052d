// One tile of the multi-view: the room's player (one per tile, its code loaded lazily with the
// first tile), who streams what, and the linked match's score strip updating live over the match's
// topic. Clicking the tile moves the sound to it.
import { lazy, memo, Suspense } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { liveApi, streamerName, tagPath } from "../../api/live";
import { useMultiViewT } from "../../i18n/multiview";
import { useLiveMatch } from "../../features/matches/hooks";
import { useResource } from "../../data";
import { LiveClock } from "../../features/matches/MatchRow";
import { inPlay, upcoming } from "../../features/matches/live";
import styles from "./MultiView.module.css";

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
  const room = useResource(`mv-room-${roomId}`, (signal) => liveApi.room(roomId, { signal }), { refreshMs: TILE_REFRESH_MS });
  const card = room.value;
  const match = useLiveMatch(card?.match ?? null);
  const name = card ? streamerName(card, t("discover.streamer")) : "";
  const stop = (e: React.MouseEvent) => e.stopPropagation();

  return (
    <article
      className={`${styles.mtile}${sound ? ` ${styles.mtileSound}` : ""}`}
      data-testid="mv-tile"
      data-room={roomId}
      data-sound={sound}
      aria-label={card?.title || roomId}
      data-audible={sound && audible}
      onClick={() => !sound && onListen(roomId)}
    >
      <div className={styles.mtileVideo}>
        <Suspense fallback={<div className={styles.mtileWait}>{mt("tile.loading")}</div>}>
          <Player roomId={roomId} compact theatreToggle={false} muted={!(sound && audible)} onSoundRequest={() => onListen(roomId)} />
        </Suspense>
      </div>
      <div className={styles.mtileInfo} data-testid="mv-tile-info">
        <div className={styles.mtileText}>
          <p className={styles.mtileTitle} title={card?.title}>
            {card ? card.title || t("live.room.untitled") : room.status === "error" ? mt("tile.gone") : mt("tile.loading")}
          </p>
          {card && (
            <p className={styles.mtileMeta}>
              <span className={styles.mtileName} data-testid="mv-tile-streamer">{name}</span>
              {card.customTag && (
                <Link className={styles.mtileTag} to={tagPath(card.customTag)} onClick={stop}>
                  <bdi>#{card.customTag}</bdi>
                </Link>
              )}
            </p>
          )}
        </div>
        <div className={styles.mtileTools} onClick={stop}>
          <button
            type="button"
            className={`${styles.mtileListen}${sound ? ` ${styles.mtileListenOn}` : ""}`}
            data-testid="mv-sound"
            aria-pressed={sound}
            onClick={() => onListen(roomId)}
          >
            <span aria-hidden="true">{sound && audible ? "🔊" : "🔇"}</span> {sound && audible ? mt("tile.sound") : mt("tile.listen")}
          </button>
          <Link className={styles.mtileTool} to={`/live/${encodeURIComponent(roomId)}`} data-testid="mv-open">
            {mt("tile.openRoom")}
          </Link>
          <button type="button" className={styles.mtileTool} data-testid="mv-remove" onClick={() => onRemove(roomId)}>
            {mt("tile.remove")}
          </button>
        </div>
      </div>
      {match && (
        <div className={styles.mtileScore} data-testid="mv-score" data-match={match.id}>
          <span className={styles.mtileTeam}>{match.homeName}</span>
          <b data-testid="mv-score-value" aria-live="polite">
            {upcoming(match.status) ? t("matches.vs") : `${match.homeScore} - ${match.awayScore}`}
          </b>
          <span className={styles.mtileTeam}>{match.awayName}</span>
          {inPlay(match.status) && <LiveClock m={match} className={styles.mtilePeriod} showBreak />}
        </div>
      )}
    </article>
  );
});
