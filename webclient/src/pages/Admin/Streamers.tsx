// /admin/streamers — the streamer applications waiting for review, with their fields and ID pictures
// (served to staff only); approve, or reject with a reason the applicant sees.
import { useState } from "react";
import { errorText } from "../../api/client";
import { useTranslation } from "react-i18next";
import { adminApi, type StreamerApplication } from "../../api/admin";
import { Loadable, useResource } from "../../data";
import { formatTime } from "./format";
import styles from "./Admin.module.css";

const STATUSES = ["review", "approved", "rejected", "banned"] as const;

export default function Streamers() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<string>("review");
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [msg, setMsg] = useState("");
  const applications = useResource(`admin-streamers:${status}`, () => adminApi.applications(status, 1).then((r) => r.list));
  const review = (a: StreamerApplication, approve: boolean) =>
    adminApi.review(a.userId, approve, reasons[a.userId] ?? "").then(
      () => {
        setMsg(approve ? t("admin.streamers.approved", { name: a.realName }) : t("admin.streamers.rejected", { name: a.realName }));
        applications.refresh();
      },
      (e) => setMsg(errorText(e)),
    );
  return (
    <section data-testid="admin-streamers">
      <h1 className={styles.adminTitle}>{t("admin.menu.streamers")}</h1>
      <div className={styles.adminFilters} role="group">
        {STATUSES.map((s) => (
          <button key={s} type="button" className={`${styles.adminBtn}${s === status ? ` ${styles.adminBtnOn}` : ""}`} aria-pressed={s === status} onClick={() => setStatus(s)}>
            {t(`admin.streamers.status.${s}`)}
          </button>
        ))}
      </div>
      {msg && <p className={styles.adminMsg} role="status">{msg}</p>}
      <Loadable resource={applications} empty={(list) => list.length === 0} emptyLabel={t("admin.common.empty")}>
        {(list) => list.map((a) => (
          <article key={a.userId} className={styles.adminPanel} data-testid="admin-application">
            <h2 className={styles.adminSub}>{a.realName}</h2>
            <dl className={styles.adminFacts}>
              <dt>{t("admin.streamers.idNumber")}</dt><dd>{a.idNumber}</dd>
              <dt>{t("admin.users.phone")}</dt><dd>{a.phone}</dd>
              <dt>{t("admin.streamers.birth")}</dt><dd>{a.birthDate}</dd>
              <dt>{t("admin.streamers.intro")}</dt><dd>{a.intro}</dd>
              <dt>{t("admin.streamers.content")}</dt><dd>{a.liveContent || "—"}</dd>
              <dt>{t("admin.streamers.submitted")}</dt><dd>{formatTime(a.submittedAt, i18n.language)}</dd>
              {a.reason && (<><dt>{t("admin.common.reason")}</dt><dd>{a.reason}</dd></>)}
            </dl>
            <div className={styles.adminPhotos}>
              {[a.idFront, a.idBack, a.idHand].map((src, i) => src && <img key={src} src={src} alt={t(`admin.streamers.photo${i}` as "admin.streamers.photo0")} loading="lazy" />)}
            </div>
            {a.status === "review" && (
              <div className={styles.adminActions}>
                <label>{t("admin.streamers.rejectReason")}
                  <input value={reasons[a.userId] ?? ""} onChange={(e) => setReasons({ ...reasons, [a.userId]: e.target.value })} />
                </label>
                <button type="button" className={`${styles.adminBtn} ${styles.adminBtnPrimary}`} onClick={() => review(a, true)} data-testid="admin-approve">{t("admin.streamers.approve")}</button>
                <button type="button" className={`${styles.adminBtn} ${styles.adminBtnDanger}`} onClick={() => review(a, false)}>{t("admin.streamers.reject")}</button>
              </div>
            )}
          </article>
        ))}
      </Loadable>
    </section>
  );
}
