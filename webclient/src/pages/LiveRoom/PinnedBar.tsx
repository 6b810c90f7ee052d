// The pinned paid messages of a live room (issue 25 §4): above the chat, biggest amount first, each
// in its tier's colour with a countdown. The list is read when the room opens (late joiners see what
// is pinned) and follows the room's `paid` and `unpin` events; moderators remove one with a reason.
import { useEffect, useMemo, useState } from "react";
import { ApiError } from "../../api/client";
import { paidApi, type PaidPin, type RemovalReason } from "../../api/paidmsg";
import { usePaidT } from "../../i18n/paidmsg";
import type { RoomLog } from "../../realtime/roomLog";
import { showToast } from "../../state/ui";
import { countdown, pinsNow } from "./pins";
import { usePaidConfig } from "./paidConfig";
import "./PinnedBar.css";

export interface PinnedBarProps {
  room: string;
  log: RoomLog;
  canModerate: boolean;
  reasons: RemovalReason[];
  /** The clock (tests). Default Date.now. */
  now?: () => number;
}

/** A room's pinned bar with the removal reasons of the paid messages' configuration. */
export function RoomPins(props: Omit<PinnedBarProps, "reasons" | "now">) {
  const cfg = usePaidConfig();
  return <PinnedBar {...props} reasons={cfg?.reasons ?? []} />;
}

export function PinnedBar({ room, log, canModerate, reasons, now = Date.now }: PinnedBarProps) {
  const { t } = usePaidT();
  const [fetched, setFetched] = useState<PaidPin[]>([]);
  const [clock, setClock] = useState(now);
  const [removing, setRemoving] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    paidApi.pinned(room).then(
      (r) => live && setFetched(r.list ?? []),
      () => undefined, // the live events still fill the bar
    );
    return () => {
      live = false;
    };
  }, [room]);

  const pins = useMemo(() => pinsNow(fetched, log, clock), [fetched, log, clock]);
  const ticking = pins.length > 0;
  useEffect(() => {
    setClock(now());
    if (!ticking) return;
    const id = setInterval(() => setClock(now()), 1000);
    return () => clearInterval(id);
  }, [ticking, now, log]);

  if (pins.length === 0) return null;

  const remove = async (id: string, reason: string) => {
    setBusy(true);
    try {
      const r = await paidApi.remove({ room, id, reason });
      showToast(r.refunded ? t("removedRefund") : t("removed"), "info");
      setFetched((list) => list.filter((p) => p.id !== id));
      setRemoving(null);
    } catch (e) {
      showToast(e instanceof ApiError ? e.userMessage : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="pinned-bar" data-testid="pinned-bar" aria-label={t("pinned")}>
      <ol className="pinned-bar__list">
        {pins.map((p) => {
          const left = p.until - clock;
          const total = Math.max(1, p.until - p.at);
          return (
            <li key={p.id} className={`pinned-bar__pin paid-color--${p.color}`} data-testid="pinned" data-id={p.id} data-coins={p.coins}>
              <div className="pinned-bar__head">
                <span className="pinned-bar__coins">{p.coins}</span>
                <bdi className="pinned-bar__name">{p.name}</bdi>
                <span className="pinned-bar__left" data-testid="pinned-left">
                  {t("left", { time: countdown(left) })}
                </span>
                {canModerate && (
                  <button type="button" className="pinned-bar__remove" data-testid="pinned-remove" onClick={() => setRemoving(removing === p.id ? null : p.id)}>
                    {t("remove")}
                  </button>
                )}
              </div>
              <bdi className="pinned-bar__text">{p.text}</bdi>
              <span className="pinned-bar__time" style={{ width: `${Math.min(100, (100 * left) / total)}%` }} aria-hidden="true" />
              {removing === p.id && (
                <div className="pinned-bar__reasons" role="group" aria-label={t("removeTitle")} data-testid="pinned-reasons">
                  <span>{t("removeTitle")}</span>
                  {reasons.map((r) => (
                    <button key={r.key} type="button" data-testid={`remove-${r.key}`} disabled={busy} onClick={() => void remove(p.id, r.key)}>
                      {t(`reason.${r.key}` as "reason.mistake")}
                    </button>
                  ))}
                  <button type="button" onClick={() => setRemoving(null)}>
                    {t("cancel")}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
