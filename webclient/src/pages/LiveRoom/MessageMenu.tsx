import { useState } from "react";
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { realtimeCommandsAtom } from "../../state/realtime";
import { showToast } from "../../state/ui";
import { REPORT_REASONS, type RoomEvent } from "../../realtime/protocol";
import type { CommandResult } from "../../realtime/connection";
import { PaidRemoval } from "./PaidRemoval";
import { useDialog } from "../../components/useDialog";
import styles from "./MessageMenu.module.css";

/** Mute lengths offered to moderators (seconds). */
export const MUTE_CHOICES = [
  { secs: 600, key: "m10" },
  { secs: 3600, key: "h1" },
  { secs: 86400, key: "d1" },
  { secs: 604800, key: "d7" },
] as const;

type Step = "main" | "report" | "mute";

/**
 * Actions on one chat line: report (every signed-in user, with the six reasons of spec §6),
 * and for moderators mute (with a duration) and delete. A refusal shows the server's
 * localized message in the menu; success closes it with a toast.
 */
export function MessageMenu(props: { room: string; ev: RoomEvent; canModerate: boolean; signedIn: boolean; onClose(): void }) {
  const { room, ev, canModerate, signedIn, onClose } = props;
  const { t } = useTranslation();
  const commands = useAtomValue(realtimeCommandsAtom);
  const [step, setStep] = useState<Step>("main");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const who = ev.name ?? ev.uid ?? "";
  const popup = useDialog<HTMLDivElement>(onClose);

  const run = async (send: () => Promise<CommandResult> | undefined, done: string) => {
    setBusy(true);
    setError(null);
    const r = await send();
    setBusy(false);
    if (!r) return;
    if (r.ok) {
      showToast(done, "info");
      onClose();
    } else {
      setError(r.msg || t("live.sendFailed"));
    }
  };

  return (
    <div className={styles.msgMenu} role="dialog" aria-label={t("live.menu.open")} data-testid="msg-menu" {...popup}>
      <p className={styles.msgMenuQuote}>
        <bdi className={styles.msgMenuWho}>{who}</bdi> <bdi>{ev.text}</bdi>
      </p>
      {step === "main" && (
        <div className={styles.msgMenuRow}>
          {signedIn && (
            <button type="button" data-testid="menu-report" onClick={() => setStep("report")}>
              {t("live.menu.report")}
            </button>
          )}
          {canModerate && ev.uid && (
            <button type="button" data-testid="menu-mute" onClick={() => setStep("mute")}>
              {t("live.menu.mute")}
            </button>
          )}
          {canModerate && ev.k === "paid" && ev.pin && <PaidRemoval room={room} pin={ev.pin} onDone={onClose} buttonClassName={styles.msgMenuDanger} />}
          {canModerate && ev.id && ev.k !== "paid" && (
            <button
              type="button"
              className={styles.msgMenuDanger}
              data-testid="menu-delete"
              disabled={busy}
              onClick={() => void run(() => commands?.command({ t: "mod", room, op: "delete", msg: ev.id }), t("live.menu.deleted"))}
            >
              {t("live.menu.delete")}
            </button>
          )}
        </div>
      )}
      {step === "report" && (
        <div className={styles.msgMenuGrid}>
          {REPORT_REASONS.map((reason) => (
            <button
              key={reason}
              type="button"
              data-testid={`report-${reason}`}
              disabled={busy || !ev.id}
              onClick={() => void run(() => commands?.command({ t: "report", room, msg: ev.id!, reason }), t("live.menu.reported"))}
            >
              {t(`live.reason.${reason}`)}
            </button>
          ))}
        </div>
      )}
      {step === "mute" && (
        <div className={styles.msgMenuGrid}>
          {MUTE_CHOICES.map((c) => (
            <button
              key={c.secs}
              type="button"
              data-testid={`mute-${c.secs}`}
              disabled={busy}
              onClick={() =>
                void run(() => commands?.command({ t: "mod", room, op: "mute", uid: ev.uid, secs: c.secs }), t("live.menu.muted", { name: who }))
              }
            >
              {t(`live.duration.${c.key}`)}
            </button>
          ))}
        </div>
      )}
      {error && (
        <p className={styles.msgMenuError} role="alert" data-testid="menu-error">
          {error}
        </p>
      )}
      <button type="button" className={styles.msgMenuCancel} data-testid="menu-cancel" onClick={onClose}>
        {t("live.menu.cancel")}
      </button>
    </div>
  );
}
