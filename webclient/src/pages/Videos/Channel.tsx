// /videos/:game — a game's video channel (spec §2 "channels per sport or game"): its latest
// videos of every kind, its most watched, and the way to the full list.
import { Link } from "react-router";
import { videosApi } from "../../api/videos";
import { useVideosT } from "../../i18n/videos";
import { useFetch } from "../Matches/hooks";
import { LoadError, Loading } from "../Matches/MatchList";
import { VideoGrid, useGameName } from "./shared";
import styles from "./Videos.module.css";

export function Channel({ game }: { game: string }) {
  const { t } = useVideosT();
  const gameName = useGameName();
  const latest = useFetch((signal) => videosApi.list({ game, pageSize: 8 }, signal), `latest|${game}`);
  const highlights = useFetch((signal) => videosApi.list({ game, kind: "highlight", pageSize: 4 }, signal), `hl|${game}`);
  return (
    <section className={styles.videos} data-testid="videos-channel">
      <div className={styles.videosHead}>
        <h1 className={styles.videosTitle}>{t("channel", { game: gameName(game) })}</h1>
        <Link className={styles.videosLink} to={`/videos/${game}/videoList`} data-testid="channel-all">
          {t("all")}
        </Link>
      </div>
      {highlights.state.status === "ready" && highlights.state.value.list.length > 0 && (
        <>
          <h2 className={styles.videosSectionTitle}>{t("kind.highlight")}</h2>
          <VideoGrid videos={highlights.state.value.list} strip showGame={false} />
        </>
      )}
      <h2 className={styles.videosSectionTitle}>{t("latest")}</h2>
      {latest.state.status === "loading" && <Loading />}
      {latest.state.status === "error" && <LoadError message={latest.state.message} onRetry={latest.reload} />}
      {latest.state.status === "ready" && <VideoGrid videos={latest.state.value.list} showGame={false} />}
    </section>
  );
}
