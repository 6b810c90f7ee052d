// A live room's stream, muted and small, for staff to see what is on air (the live player's own
// source selection and engines; the signed playback URLs come from the same call the room page uses).
// Opened on demand, one room at a time, so the list never loads every stream. A room that has just
// gone on air may have no playable segment yet: the preview tries again a few times before it says
// the stream cannot be shown.
import { useEffect, useRef, useState } from "react";
import { anchorApi } from "../../../api/anchor";
import { attachSource, detectEnv, playableKinds } from "../../../components/Player/engine";
import { useOpsT } from "../../../i18n/adminops";

/** How many times, and how far apart, the preview tries a stream before giving up. */
const ATTEMPTS = 8;
const RETRY_MS = 3000;

export function MutedPreview({ room }: { room: string }) {
  const { t } = useOpsT();
  const ref = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const failed = attempt >= ATTEMPTS;
  useEffect(() => {
    if (failed) return;
    let cancelled = false;
    let detach: (() => void) | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const tryAgain = () => {
      if (cancelled || retry) return;
      detach?.();
      detach = undefined;
      retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
    };
    const video = ref.current;
    video?.addEventListener("error", tryAgain);
    anchorApi.playback(room, { toast: false }).then(
      async (p) => {
        if (cancelled || !video) return;
        const kinds = playableKinds(p.sources, detectEnv(video));
        const src = p.sources.find((s) => kinds.includes(s.kind) && s.kind === "hls") ?? p.sources.find((s) => kinds.includes(s.kind));
        if (!src) return tryAgain();
        const d = await attachSource(video, src, { onEnded: tryAgain, onRefused: tryAgain });
        if (cancelled) d();
        else detach = d;
      },
      tryAgain,
    );
    return () => {
      cancelled = true;
      clearTimeout(retry);
      video?.removeEventListener("error", tryAgain);
      detach?.();
    };
  }, [room, attempt, failed]);
  if (failed) return <div className="ops-room__player ops-room__preview--none">{t("rooms.noStream")}</div>;
  return <video ref={ref} className="ops-room__player" muted autoPlay playsInline data-testid="admin-room-player" />;
}
