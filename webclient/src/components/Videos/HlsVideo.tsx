// The on-demand HLS player of the videos pages: the browser's own HLS support (Chromium and Safari
// play an m3u8 given as the <video> source; checked with canPlayType) with a quality choice: Auto
// (the master playlist, the browser picks) or one rendition's playlist. A browser without native
// HLS is told so instead of showing a black box.
import { useEffect, useRef, useState, type RefObject } from "react";
import { useVideosT } from "../../i18n/videos";
import styles from "./Videos.module.css";

export interface HlsVideoProps {
  /** The master playlist (…/master.m3u8). */
  playlist: string;
  renditions: readonly string[];
  poster?: string;
  title: string;
  autoPlay?: boolean;
  /** Gets the <video> element (a replay follows and seeks it). */
  videoRef?: RefObject<HTMLVideoElement | null>;
}

/** A rendition's playlist beside the master playlist. */
export function renditionUrl(master: string, rendition: string): string {
  return master.replace(/master\.m3u8$/, `${rendition}/index.m3u8`);
}

export function canPlayHls(video?: HTMLVideoElement | null): boolean {
  const v = video ?? (typeof document !== "undefined" ? document.createElement("video") : null);
  return !!v && v.canPlayType("application/vnd.apple.mpegurl") !== "";
}

export function HlsVideo({ playlist, renditions, poster, title, autoPlay, videoRef }: HlsVideoProps) {
  const { t } = useVideosT();
  const own = useRef<HTMLVideoElement>(null);
  const ref = videoRef ?? own;
  const [quality, setQuality] = useState("auto");
  const [supported] = useState(() => canPlayHls());
  const src = quality === "auto" ? playlist : renditionUrl(playlist, quality);

  // Switching quality keeps the position and the play state.
  const resume = useRef<{ at: number; playing: boolean } | null>(null);
  const choose = (q: string) => {
    const v = ref.current;
    resume.current = v ? { at: v.currentTime, playing: !v.paused } : null;
    setQuality(q);
  };
  useEffect(() => {
    const v = ref.current;
    const r = resume.current;
    if (!v || !r) return;
    const onMeta = () => {
      v.currentTime = r.at;
      if (r.playing) v.play().catch(() => undefined);
      resume.current = null;
    };
    v.addEventListener("loadedmetadata", onMeta, { once: true });
    return () => v.removeEventListener("loadedmetadata", onMeta);
  }, [src, ref]);

  return (
    <div className={styles.vplayer} data-testid="video-player">
      <div className={styles.vplayerStage}>
        {supported ? (
          <video ref={ref} className={styles.vplayerVideo} src={src} poster={poster} controls playsInline autoPlay={autoPlay} muted={autoPlay} aria-label={title} data-testid="video-element" />
        ) : (
          <div className={styles.vplayerUnsupported} role="alert">
            {poster && <img src={poster} alt="" />}
            <p>{t("player.unsupported")}</p>
          </div>
        )}
      </div>
      {supported && renditions.length > 1 && (
        <div className={styles.vplayerBar}>
          <label>
            {t("player.quality")}{" "}
            <select value={quality} onChange={(e) => choose(e.target.value)} data-testid="video-quality">
              <option value="auto">{t("player.auto")}</option>
              {renditions.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </div>
  );
}
