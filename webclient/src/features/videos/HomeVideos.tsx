// The home page's videos: the most watched highlights (the highlights tab) or videos of every kind
// (the section under the match lists), with the way into /videos/videoList. The section is a
// supplement to the home page: it draws no loading, error or empty state of its own and shows only
// once there are videos (like the channel's highlights strip).
import { Link } from "react-router";
import { videosApi, type VideoKind } from "../../api/videos";
import { useVideosT } from "../../i18n/videos";
import { useResource } from "../../data";
import { VideoGrid } from "./shared";
import styles from "./Videos.module.css";

export function HomeVideos({ kind = "", count = 4 }: { kind?: VideoKind | ""; count?: number }) {
  const { t } = useVideosT();
  const hot = useResource(`home-videos|${kind}|${count}`, (signal) => videosApi.hot({ kind, pageSize: count }, signal));
  const videos = hot.value?.list ?? [];
  if (videos.length === 0) return null;
  return (
    <section className={styles.homeVideos} data-testid={`home-videos${kind ? `-${kind}` : ""}`}>
      <div className={styles.homeVideosHead}>
        <h2>{kind ? t(`kind.${kind}`) : t("homeSection")}</h2>
        <Link className={styles.videosLink} to={kind ? `/videos/videoList?kind=${kind}` : "/videos/videoList"} data-testid="home-videos-all">
          {t("all")}
        </Link>
      </div>
      <VideoGrid videos={videos} strip />
    </section>
  );
}
