// The home page's videos: the most watched highlights (the highlights tab) or videos of every kind
// (the section under the match lists), with the way into /videos/videoList.
import { Link } from "react-router";
import { videosApi, type VideoKind } from "../../api/videos";
import { useVideosT } from "../../i18n/videos";
import { useFetch } from "../Matches/hooks";
import { VideoGrid } from "./shared";

export function HomeVideos({ kind = "", count = 4 }: { kind?: VideoKind | ""; count?: number }) {
  const { t } = useVideosT();
  const { state } = useFetch((signal) => videosApi.hot({ kind, pageSize: count }, signal), `home-videos|${kind}|${count}`);
  if (state.status !== "ready" || state.value.list.length === 0) return null;
  return (
    <section className="home-videos" data-testid={`home-videos${kind ? `-${kind}` : ""}`}>
      <div className="home-videos__head">
        <h2>{kind ? t(`kind.${kind}`) : t("homeSection")}</h2>
        <Link className="videos__link" to={kind ? `/videos/videoList?kind=${kind}` : "/videos/videoList"} data-testid="home-videos-all">
          {t("all")}
        </Link>
      </div>
      <VideoGrid videos={state.value.list} strip />
    </section>
  );
}
