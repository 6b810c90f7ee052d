// The streamer centre's announcement of an upcoming broadcast (issue 17 "Reservations"): title,
// start time and an optional linked match. The room page shows it while the room is offline with a
// Reserve button; when the streamer next goes live (from an hour before the start) every reserver is
// told through the message centre. Announcing again edits it (reservations stay); it can be withdrawn.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { reservationApi, type BroadcastAnnouncement } from "../../api/reservations";
import { Loadable, useResource } from "../../data";
import { useCenter } from "./AnchorCenter";
import styles from "./Anchor.module.css";
import { errorText } from "../../api/client";

/** The value of a datetime-local input for a time (local time, minutes). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

export function Announce() {
  const { t } = useTranslation();
  const { info } = useCenter();
  const res = useResource(`anchor-announcement|${info.roomId}`, (signal) => reservationApi.announcement(info.roomId, { signal }));
  return (
    <section className={`${styles.anchorPanel} ${styles.anchorForm}`} data-testid="announce">
      <h2 className={styles.anchorSub}>{t("anchor.announce.title")}</h2>
      <p className={styles.anchorMuted}>{t("anchor.announce.rule")}</p>
      <Loadable resource={res} minHeight={280}>
        {(r) => <AnnounceForm current={r.announcement} onChange={(announcement) => res.set({ announcement })} />}
      </Loadable>
    </section>
  );
}

/** The form, filled from the announcement in force; saving or withdrawing hands the new one up. */
function AnnounceForm({ current, onChange }: { current: BroadcastAnnouncement | null; onChange: (a: BroadcastAnnouncement | null) => void }) {
  const { t, i18n } = useTranslation();
  const [title, setTitle] = useState(current?.title ?? "");
  const [when, setWhen] = useState(current ? toLocalInput(current.startTime) : "");
  const [matchId, setMatchId] = useState(current?.matchId ?? "");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const show = (a: BroadcastAnnouncement | null) => {
    onChange(a);
    if (a) {
      setTitle(a.title);
      setWhen(toLocalInput(a.startTime));
      setMatchId(a.matchId ?? "");
    }
  };

  const run = (p: Promise<BroadcastAnnouncement | null>, ok: string) => {
    setBusy(true);
    setMessage(null);
    p.then(
      (a) => {
        setBusy(false);
        show(a);
        if (!a) {
          setTitle("");
          setWhen("");
          setMatchId("");
        }
        setMessage({ ok: true, text: ok });
      },
      (e) => {
        setBusy(false);
        setMessage({ ok: false, text: errorText(e) });
      },
    );
  };
  const save = () => {
    const start = when ? new Date(when).getTime() : 0;
    run(reservationApi.announce({ title: title.trim(), startTime: Number.isFinite(start) ? start : 0, matchId: matchId.trim() || undefined }), t("anchor.announce.saved"));
  };
  const withdraw = () => run(reservationApi.withdraw().then(() => null), t("anchor.announce.withdrawn"));

  return (
    <>
      <label className={styles.anchorField}>
        <span>{t("anchor.announce.broadcastTitle")}</span>
        <input data-testid="announce-title" value={title} maxLength={60} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label className={styles.anchorField}>
        <span>{t("anchor.announce.startTime")}</span>
        <input data-testid="announce-time" type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
      </label>
      <label className={styles.anchorField}>
        <span>{t("anchor.announce.matchId")}</span>
        <input data-testid="announce-match" value={matchId} maxLength={64} onChange={(e) => setMatchId(e.target.value)} />
      </label>
      <p className={styles.anchorMuted} data-testid="announce-current">
        {current
          ? t("anchor.announce.current", {
              time: new Date(current.startTime).toLocaleString(i18n.language.replace("_", "-"), { dateStyle: "medium", timeStyle: "short" }),
              count: current.reservations,
            })
          : t("anchor.announce.none")}
      </p>
      {message && (
        <p className={message.ok ? styles.anchorOk : styles.anchorError} role="status" data-testid="announce-message" data-ok={message.ok}>
          {message.text}
        </p>
      )}
      <div className={styles.anchorActions}>
        <button type="button" className={styles.anchorButton} data-testid="announce-save" disabled={busy || !title.trim() || !when} onClick={save}>
          {current ? t("anchor.announce.update") : t("anchor.announce.publish")}
        </button>
        {current && (
          <button type="button" className={styles.anchorLink} data-testid="announce-withdraw" disabled={busy} onClick={withdraw}>
            {t("anchor.announce.withdraw")}
          </button>
        )}
      </div>
    </>
  );
}
