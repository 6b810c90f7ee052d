// One video in a grid or strip: poster with its length, title, game and views.
import { Link } from "react-router";
import type { Video } from "../../api/videos";
import { useVideosT } from "../../i18n/videos";
import { formatDuration } from "./format";
import styles from "./Videos.module.css";

/** The page of a video: /videos/<game>/<id>, or /videos/<id> for a video of no known game. */
export function videoPath(v: Pick<Video, "id" | "game">): string {
  return v.game ? `/videos/${v.game}/${v.id}` : `/videos/${v.id}`;
}

export function VideoCard({ video, gameName, numberFormat }: { video: Video; gameName?: string; numberFormat: Intl.NumberFormat }) {
  const { t } = useVideosT();
  return (
    <li data-testid="video-card">
      <Link to={videoPath(video)} className={styles.vcardLink}>
        <span className={styles.vcardPoster}>
          {video.poster ? <img src={video.poster} alt="" loading="lazy" /> : <span className={styles.vcardNoposter} aria-hidden="true">▶</span>}
          <span className={styles.vcardDuration}>{formatDuration(video.durationSec)}</span>
          <span className={`${styles.vcardKind} ${styles[`vcard__kind--${video.kind}`] ?? ""}`}>{t(`kind.${video.kind}`)}</span>
        </span>
        <span className={styles.vcardTitle}>{video.title}</span>
        <span className={styles.vcardMeta}>
          {gameName && <span>{gameName}</span>}
          <span>{t("views", { n: numberFormat.format(video.views) })}</span>
        </span>
      </Link>
    </li>
  );
}
