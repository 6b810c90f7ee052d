// A live room's stream, muted and small, for staff to see what is on air (the live player's own
// source selection and engines; the signed playback URLs come from the same call the room page uses).
// Opened on demand, one room at a time, so the list never loads every stream. A room that has just
// gone on air may have no playable segment yet: the preview tries again a few times before it says
// the stream cannot be shown.
import { useEffect, useRef, useState } from "react";
import { anchorApi } from "../../../api/anchor";
import { attachSource, detectEnv, playableKinds } from "../../../components/Player/engine";
import { useResource } from "../../../data";
import { useOpsT } from "../../../i18n/adminops";
import styles from "./ops.module.css";

/** How many times, and how far apart, the preview tries a stream before giving up. */
const ATTEMPTS = 8;
const RETRY_MS = 3000;

export function MutedPreview({ room }: { room: string }) {
  const { t } = useOpsT();
  const ref = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const failed = attempt >= ATTEMPTS;
  // Each attempt asks for fresh signed URLs (a new key); the effect below plays what they point at.
  const playback = useResource(failed ? null : `admin-preview:${room}:${attempt}`, () => anchorApi.playback(room, { toast: false }));
  const { value: sources, status } = playback;
  useEffect(() => {
    const video = ref.current;
    if (!video || (status !== "ready" && status !== "error")) return;
    let cancelled = false;
    let detach: (() => void) | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const tryAgain = () => {
      if (cancelled || retry) return;
      detach?.();
      detach = undefined;
      retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
    };
    video.addEventListener("error", tryAgain);
    const kinds = sources ? playableKinds(sources.sources, detectEnv(video)) : [];
    const src = sources?.sources.find((s) => kinds.includes(s.kind) && s.kind === "hls") ?? sources?.sources.find((s) => kinds.includes(s.kind));
    if (!src) tryAgain();
    else {
      void attachSource(video, src, { onEnded: tryAgain, onRefused: tryAgain }).then((d) => {
        if (cancelled) d();
        else detach = d;
      });
    }
    return () => {
      cancelled = true;
      clearTimeout(retry);
      video.removeEventListener("error", tryAgain);
      detach?.();
    };
  }, [sources, status]);
  if (failed) return <div className={`${styles.opsRoomPlayer} ${styles.opsRoomPreviewNone}`}>{t("rooms.noStream")}</div>;
  return <video ref={ref} className={styles.opsRoomPlayer} muted autoPlay playsInline data-testid="admin-room-player" />;
}
