// /admin/streamers — the streamer applications waiting for review, with their fields and ID pictures
// (served to staff only), a page at a time; approve, or reject with a reason the applicant sees; ban an
// approved streamer from streaming with a reason (a running broadcast ends), or lift the ban.
import { useState } from "react";
import { errorText } from "../../api/client";
import { useTranslation } from "react-i18next";
import { adminApi, type StreamerApplication } from "../../api/admin";
import { Loadable, useResource } from "../../data";
import { formatDay, formatTime } from "./format";
import { Pager } from "./ops/Pager";
import styles from "./Admin.module.css";

const STATUSES = ["review", "approved", "rejected", "banned"] as const;
/** Applications per page of the queue. */
const PAGE_SIZE = 10;

export default function Streamers() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<string>("review");
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [msg, setMsg] = useState("");
  const [page, setPage] = useState(1);
  const applications = useResource(`admin-streamers:${status}:${page}`, () => adminApi.applications(status, page, PAGE_SIZE));
  const reason = (a: StreamerApplication) => (reasons[a.userId] ?? "").trim();
  const done = (text: string, a: StreamerApplication) => {
    setMsg(text);
    setReasons({ ...reasons, [a.userId]: "" });
    applications.refresh();
  };
  const review = (a: StreamerApplication, approve: boolean) =>
    adminApi.review(a.userId, approve, reason(a)).then(
      () => done(approve ? t("admin.streamers.approved", { name: a.realName }) : t("admin.streamers.rejected", { name: a.realName }), a),
      (e) => setMsg(errorText(e)),
    );
  const streamBan = (a: StreamerApplication, banned: boolean) =>
    adminApi.streamBan(a.userId, banned, reason(a)).then(
      (r) => done(!banned ? t("admin.streamers.unbanned", { name: a.realName })
        : r?.streamStopped ? t("admin.streamers.bannedStopped", { name: a.realName }) : t("admin.streamers.banned", { name: a.realName }), a),
      (e) => setMsg(errorText(e)),
    );
  const field = (a: StreamerApplication, label: string, testId: string) => (
    <label>{label}
      <input value={reasons[a.userId] ?? ""} onChange={(e) => setReasons({ ...reasons, [a.userId]: e.target.value })} maxLength={200} data-testid={testId} />
    </label>
  );
  return (
    <section data-testid="admin-streamers">
      <h1 className={styles.adminTitle}>{t("admin.menu.streamers")}</h1>
      <div className={styles.adminFilters} role="group">
        {STATUSES.map((s) => (
          <button key={s} type="button" className={`${styles.adminBtn}${s === status ? ` ${styles.adminBtnOn}` : ""}`} aria-pressed={s === status} onClick={() => { setStatus(s); setPage(1); }}>
            {t(`admin.streamers.status.${s}`)}
          </button>
        ))}
      </div>
      {msg && <p className={styles.adminMsg} role="status">{msg}</p>}
      <Loadable resource={applications} empty={(r) => r.list.length === 0} emptyLabel={t("admin.common.empty")}>
        {(r) => <>{r.list.map((a) => (
          <article key={a.userId} className={styles.adminPanel} data-testid="admin-application">
            <h2 className={styles.adminSub}><bdi>{a.realName}</bdi></h2>
            <dl className={styles.adminFacts}>
              <dt>{t("admin.streamers.idNumber")}</dt><dd><bdi dir="ltr">{a.idNumber}</bdi></dd>
              <dt>{t("admin.users.phone")}</dt><dd><bdi dir="ltr">{a.phone}</bdi></dd>
              <dt>{t("admin.streamers.birth")}</dt><dd>{formatDay(a.birthDate, i18n.language)}</dd>
              <dt>{t("admin.streamers.intro")}</dt><dd><bdi>{a.intro}</bdi></dd>
              <dt>{t("admin.streamers.content")}</dt><dd><bdi>{a.liveContent || "—"}</bdi></dd>
              <dt>{t("admin.streamers.submitted")}</dt><dd>{formatTime(a.submittedAt, i18n.language)}</dd>
              {a.reason && (<><dt>{t("admin.common.reason")}</dt><dd><bdi>{a.reason}</bdi></dd></>)}
            </dl>
            <div className={styles.adminPhotos}>
              {[a.idFront, a.idBack, a.idHand].map((src, i) => src && <img key={src} src={src} alt={t(`admin.streamers.photo${i}` as "admin.streamers.photo0")} loading="lazy" />)}
            </div>
            {a.status === "review" && (
              <div className={styles.adminActions}>
                {field(a, t("admin.streamers.rejectReason"), "admin-review-reason")}
                <button type="button" className={`${styles.adminBtn} ${styles.adminBtnPrimary}`} onClick={() => review(a, true)} data-testid="admin-approve">{t("admin.streamers.approve")}</button>
                <button type="button" className={`${styles.adminBtn} ${styles.adminBtnDanger}`} onClick={() => review(a, false)}>{t("admin.streamers.reject")}</button>
              </div>
            )}
            {a.status === "approved" && (
              <div className={styles.adminActions}>
                {field(a, t("admin.streamers.banReason"), "admin-stream-ban-reason")}
                <button type="button" className={`${styles.adminBtn} ${styles.adminBtnDanger}`} disabled={!reason(a)} onClick={() => streamBan(a, true)}
                  data-testid="admin-stream-ban">{t("admin.streamers.ban")}</button>
              </div>
            )}
            {a.status === "banned" && (
              <div className={styles.adminActions}>
                {field(a, t("admin.streamers.unbanReason"), "admin-stream-unban-reason")}
                <button type="button" className={styles.adminBtn} onClick={() => streamBan(a, false)} data-testid="admin-stream-unban">{t("admin.streamers.unban")}</button>
              </div>
            )}
          </article>
        ))}
        <Pager page={page} size={PAGE_SIZE} total={r.total} onPage={setPage} /></>}
      </Loadable>
    </section>
  );
}
