// The home page's videos: the most watched highlights (the highlights tab) or videos of every kind
// (the section under the match lists), with the way into /videos/videoList.
import { Link } from "react-router";
import { videosApi, type VideoKind } from "../../api/videos";
import { useVideosT } from "../../i18n/videos";
import { useFetch } from "../Matches/hooks";
import { VideoGrid } from "./shared";
import styles from "./Videos.module.css";

export function HomeVideos({ kind = "", count = 4 }: { kind?: VideoKind | ""; count?: number }) {
  const { t } = useVideosT();
  const { state } = useFetch((signal) => videosApi.hot({ kind, pageSize: count }, signal), `home-videos|${kind}|${count}`);
  if (state.status !== "ready" || state.value.list.length === 0) return null;
  return (
    <section className={styles.homeVideos} data-testid={`home-videos${kind ? `-${kind}` : ""}`}>
      <div className={styles.homeVideosHead}>
        <h2>{kind ? t(`kind.${kind}`) : t("homeSection")}</h2>
        <Link className={styles.videosLink} to={kind ? `/videos/videoList?kind=${kind}` : "/videos/videoList"} data-testid="home-videos-all">
          {t("all")}
        </Link>
      </div>
      <VideoGrid videos={state.value.list} strip />
    </section>
  );
}
