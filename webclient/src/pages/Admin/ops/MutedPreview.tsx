// A live room's stream, muted and small, for staff to see what is on air (the live player's own
// source selection and engines; the signed playback URLs come from the same call the room page uses).
// Opened on demand, one room at a time, so the list never loads every stream.
import { useEffect, useRef, useState } from "react";
import { anchorApi } from "../../../api/endpoints";
import { attachSource, detectEnv, playableKinds } from "../../../components/Player/engine";
import { useOpsT } from "../../../i18n/adminops";

export function MutedPreview({ room }: { room: string }) {
  const { t } = useOpsT();
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let detach: (() => void) | undefined;
    anchorApi.playback(room, { toast: false }).then(
      async (p) => {
        const video = ref.current;
        if (cancelled || !video) return;
        const kinds = playableKinds(p.sources, detectEnv(video));
        const src = p.sources.find((s) => kinds.includes(s.kind) && s.kind === "hls") ?? p.sources.find((s) => kinds.includes(s.kind));
        if (!src) {
          setFailed(true);
          return;
        }
        const d = await attachSource(video, src, { onEnded: () => setFailed(true), onRefused: () => setFailed(true) });
        if (cancelled) d();
        else detach = d;
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      detach?.();
    };
  }, [room]);
  if (failed) return <div className="ops-room__player ops-room__preview--none">{t("rooms.noStream")}</div>;
  return <video ref={ref} className="ops-room__player" muted autoPlay playsInline data-testid="admin-room-player" />;
}
