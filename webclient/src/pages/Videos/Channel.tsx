// /videos/:game — a game's video channel (spec §2 "channels per sport or game"): its latest
// videos of every kind, its most watched, and the way to the full list.
import { Link } from "react-router";
import { videosApi } from "../../api/videos";
import { useVideosT } from "../../i18n/videos";
import { Loadable, useResource } from "../../data";
import { VideoGrid, useGameName } from "../../features/videos/shared";
import styles from "../../features/videos/Videos.module.css";

export function Channel({ game }: { game: string }) {
  const { t } = useVideosT();
  const gameName = useGameName();
  const latest = useResource(`videos-latest|${game}`, (signal) => videosApi.list({ game, pageSize: 8 }, signal));
  // The highlights strip shows only when there are some; it draws no state of its own.
  const highlights = useResource(`videos-highlights|${game}`, (signal) => videosApi.list({ game, kind: "highlight", pageSize: 4 }, signal));
  return (
    <section className={styles.videos} data-testid="videos-channel">
      <div className={styles.videosHead}>
        <h1 className={styles.videosTitle}>{t("channel", { game: gameName(game) })}</h1>
        <Link className={styles.videosLink} to={`/videos/${game}/videoList`} data-testid="channel-all">
          {t("all")}
        </Link>
      </div>
      {highlights.value && highlights.value.list.length > 0 && (
        <>
          <h2 className={styles.videosSectionTitle}>{t("kind.highlight")}</h2>
          <VideoGrid videos={highlights.value.list} strip showGame={false} />
        </>
      )}
      <h2 className={styles.videosSectionTitle}>{t("latest")}</h2>
      <Loadable resource={latest} minHeight={360}>
        {/* VideoGrid draws the no-data picture itself on an empty list */}
        {(r) => <VideoGrid videos={r.list} showGame={false} />}
      </Loadable>
    </section>
  );
}
