// /videos/:game/:id and /videos/:id — one video: the HLS player, its title, game, date, views, the
// match it shows, more videos of its game, and the comments (mounted here after the merge of the
// comments feature: <Comments kind="video" id={...} />). A video the server does not know (404)
// shows the not-found page, like an id or game that cannot be one.
import { useRef } from "react";
import { Link, useParams } from "react-router";
import { videosApi, type VideoDetail } from "../../api/videos";
import { HlsVideo, formatDate } from "../../components/Videos";
import { useVideosT } from "../../i18n/videos";
import { GAME_SLUGS } from "../../seo/games";
import NotFound from "../../components/ErrorPages/NotFound";
import { Loadable, useResource } from "../../data";
import { VideoGrid, useGameName, useNumberFormat } from "../../features/videos/shared";
import { Comments } from "../../components/Comments/Comments";
import { ReplayChat, ReplayTimeline } from "./Replay";
import styles from "../../features/videos/Videos.module.css";
import replayStyles from "./Replay.module.css";

export default function VideoPage({ id: idProp }: { id?: string }) {
  const params = useParams();
  const id = idProp ?? params.id ?? "";
  const game = idProp ? "" : (params.game ?? "");
  const valid = /^\d+$/.test(id) && (!game || GAME_SLUGS.has(game));
  const detail = useResource(valid ? `video|${game}/${id}` : null, (signal) => videosApi.detail(id, game || undefined, signal));
  if (!valid) return <NotFound />;
  return (
    <Loadable resource={detail} notFound="page" minHeight={560}>
      {(d) => <VideoView detail={d} />}
    </Loadable>
  );
}

function VideoView({ detail }: { detail: VideoDetail }) {
  const { t, language } = useVideosT();
  const player = useRef<HTMLVideoElement>(null);
  const gameName = useGameName();
  const nf = useNumberFormat();
  const { video: v, related } = detail;
  return (
    <section className={styles.vpage} data-testid="video-page" data-video={v.id}>
      <div className={styles.vpageMain}>
        {v.kind === "recording" && v.roomId && v.playlist ? (
          // A broadcast's recording: its chat replayed beside the player, the match's timeline under it.
          <>
            <div className={replayStyles.replay}>
              <div className={replayStyles.replayPlayer}>
                <HlsVideo key={v.id} playlist={v.playlist} renditions={v.renditions} poster={v.poster} title={v.title} videoRef={player} />
              </div>
              <ReplayChat videoId={v.id} videoRef={player} />
            </div>
            <ReplayTimeline videoId={v.id} videoRef={player} />
          </>
        ) : (
          v.playlist && <HlsVideo key={v.id} playlist={v.playlist} renditions={v.renditions} poster={v.poster} title={v.title} />
        )}
        <h1 className={styles.vpageTitle}>{v.title}</h1>
        <div className={styles.vpageMeta}>
          <span>{t(`kind.${v.kind}`)}</span>
          {v.game && <Link to={`/videos/${v.game}`}>{gameName(v.game)}</Link>}
          <span>{t("published", { date: formatDate(v.createdAt, language) })}</span>
          <span>{t("views", { n: nf.format(v.views) })}</span>
          {v.matchId && v.game && (
            <Link to={`/${v.game}/${encodeURIComponent(v.matchId)}`} data-testid="video-match">
              {t("matchPage")}
            </Link>
          )}
        </div>
        <section className={styles.vpageComments} data-testid="video-comments" data-kind="video" data-id={v.id} aria-label={t("comments")}>
          <Comments kind="video" id={String(v.id)} />
        </section>
      </div>
      <aside className={styles.vpageSide}>
        <h2 className={styles.videosSectionTitle}>{t("related")}</h2>
        <VideoGrid videos={related} className={styles.vpageRelated} />
        {v.game && (
          <Link className={styles.videosLink} to={`/videos/${v.game}/videoList`}>
            {t("more")}
          </Link>
        )}
      </aside>
    </section>
  );
}

