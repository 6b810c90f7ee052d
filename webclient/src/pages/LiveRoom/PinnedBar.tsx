// The pinned paid messages of a live room (issue 25 §4): above the chat, biggest amount first, each
// in its tier's colour with a countdown. The list is read when the room opens (late joiners see what
// is pinned) and follows the room's `paid` and `unpin` events; moderators remove one with a reason.
import { useEffect, useMemo, useState } from "react";
import { useResource } from "../../data";
import { errorText } from "../../api/client";
import { paidApi, type RemovalReason } from "../../api/paidmsg";
import { usePaidT } from "../../i18n/paidmsg";
import type { RoomLog } from "../../realtime/roomLog";
import { showToast } from "../../state/ui";
import { countdown, pinsNow } from "./pins";
import { usePaidConfig } from "./paidConfig";
import styles from "./PinnedBar.module.css";
import colors from "./PaidColors.module.css";

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
  // What is pinned when the room opens (late joiners see it); a failed read leaves the live events
  // to fill the bar.
  const pinned = useResource(`pinned:${room}`, () => paidApi.pinned(room).then((r) => r.list ?? []));
  const fetched = useMemo(() => pinned.value ?? [], [pinned.value]);
  const [clock, setClock] = useState(now);
  const [removing, setRemoving] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
      pinned.set((list) => (list ?? []).filter((p) => p.id !== id));
      setRemoving(null);
    } catch (e) {
      showToast(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.pinnedBar} data-testid="pinned-bar" aria-label={t("pinned")}>
      <ol className={styles.pinnedBarList}>
        {pins.map((p) => {
          const left = p.until - clock;
          const total = Math.max(1, p.until - p.at);
          return (
            <li key={p.id} className={`${styles.pinnedBarPin} ${colors[`paid-color--${p.color}`]}`} data-testid="pinned" data-id={p.id} data-coins={p.coins}>
              <div className={styles.pinnedBarHead}>
                <span className={styles.pinnedBarCoins}>{p.coins}</span>
                <bdi className={styles.pinnedBarName}>{p.name}</bdi>
                <span className={styles.pinnedBarLeft} data-testid="pinned-left">
                  {t("left", { time: countdown(left) })}
                </span>
                {canModerate && (
                  <button type="button" className={styles.pinnedBarRemove} data-testid="pinned-remove" onClick={() => setRemoving(removing === p.id ? null : p.id)}>
                    {t("remove")}
                  </button>
                )}
              </div>
              <bdi className={styles.pinnedBarText}>{p.text}</bdi>
              <span className={styles.pinnedBarTime} style={{ width: `${Math.min(100, (100 * left) / total)}%` }} aria-hidden="true" />
              {removing === p.id && (
                <div className={styles.pinnedBarReasons} role="group" aria-label={t("removeTitle")} data-testid="pinned-reasons">
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
