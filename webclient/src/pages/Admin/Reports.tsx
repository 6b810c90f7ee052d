// /admin/reports — the queue of reported chat lines, one entry per line however many reported it:
// the reasons, the line with the lines around it (deleted ones marked), who reported it, who wrote it;
// dismiss, delete the line, mute in the room, mute everywhere, ban.
import { useState } from "react";
import { errorText } from "../../api/client";
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { adminApi, type Report, type ReportAction } from "../../api/admin";
import { Loadable, useResource } from "../../data";
import { staffStateAtom } from "../../state/admin";
import { formatTime } from "./format";
import { Pager } from "./Users";
import styles from "./Admin.module.css";

const PAGE = 10;
const STATUSES = ["open", "actioned", "dismissed"] as const;
const ACTIONS: ReportAction[] = ["dismiss", "delete", "muteRoom", "mutePlatform", "ban"];

export default function Reports() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<string>("open");
  const [page, setPage] = useState(1);
  const [msg, setMsg] = useState("");
  const reports = useResource(`admin-reports:${status}:${page}`, () => adminApi.reports(status, page, PAGE));
  return (
    <section data-testid="admin-reports">
      <h1 className={styles.adminTitle}>{t("admin.menu.reports")}</h1>
      <div className={styles.adminFilters} role="group">
        {STATUSES.map((s) => (
          <button key={s} type="button" className={`${styles.adminBtn}${s === status ? ` ${styles.adminBtnOn}` : ""}`} aria-pressed={s === status}
            onClick={() => { setStatus(s); setPage(1); }}>
            {t(`admin.reports.status.${s}`)}
          </button>
        ))}
      </div>
      {msg && <p className={styles.adminMsg} role="status">{msg}</p>}
      <Loadable resource={reports} empty={(v) => v.list.length === 0} emptyLabel={t("admin.reports.none")}>
        {(data) => data.list.map((r) => (
          <ReportCard key={`${r.room}/${r.messageId}`} r={r} onDone={(m) => { setMsg(m); reports.refresh(); }} />
        ))}
      </Loadable>
      {reports.value && <Pager page={page} pages={Math.max(1, Math.ceil(reports.value.total / PAGE))} onPage={setPage} />}
    </section>
  );
}

function ReportCard({ r, onDone }: { r: Report; onDone: (msg: string) => void }) {
  const { t, i18n } = useTranslation();
  const staff = useAtomValue(staffStateAtom);
  const [action, setAction] = useState<ReportAction>("delete");
  const [hours, setHours] = useState(24);
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const actions = ACTIONS.filter((a) => a !== "ban" || staff?.permissions.includes("manageUsers"));
  const submit = () =>
    adminApi.handleReport({ room: r.room, messageId: r.messageId, action, hours, reason }).then(
      () => onDone(t("admin.reports.handled", { action: t(`admin.reports.action.${action}`) })),
      (e) => setError(errorText(e)),
    );
  return (
    <article className={styles.adminPanel} data-testid="admin-report">
      <div className={styles.adminRow}>
        <strong>{t("admin.reports.count", { count: r.count })}</strong>
        <span className={styles.adminTags}>{r.reasons.map((x) => <span key={x} className={styles.adminTag}>{t(`admin.reports.reason.${x}` as "admin.reports.reason.spam", { defaultValue: x })}</span>)}</span>
        <span className={styles.adminHint}>{t("admin.reports.room", { room: r.room })} · {formatTime(r.last, i18n.language)}</span>
      </div>
      <p>{t("admin.reports.author")}: <strong data-testid="admin-report-author">{r.reported?.name ?? "—"}</strong> · {t("admin.reports.reporters")}: {r.reporters.map((p) => p.name).join(", ")}</p>
      <ol className={styles.adminChat}>
        {(r.context.length ? r.context : r.line ? [r.line] : []).map((l) => (
          <li key={l.id || l.time} className={`${l.reported ? styles.adminChatReported : ""}${l.deleted ? ` ${styles.adminChatDeleted}` : ""}`}>
            {/* <bdi>: a line in another direction than the page keeps its punctuation where its writer put it */}
            <span className={styles.adminChatName}>{l.name || l.userId}</span> <bdi>{l.text}</bdi>
            {l.deleted && <em> ({t("admin.reports.deleted")})</em>}
          </li>
        ))}
      </ol>
      {r.status === "open" ? (
        <div className={styles.adminActions}>
          <select value={action} onChange={(e) => setAction(e.target.value as ReportAction)} aria-label={t("admin.reports.decision")} data-testid="admin-report-action">
            {actions.map((a) => <option key={a} value={a}>{t(`admin.reports.action.${a}`)}</option>)}
          </select>
          {(action === "muteRoom" || action === "mutePlatform") && (
            <label>{t("admin.users.hours")}
              <input type="number" min={1} max={8760} value={hours} onChange={(e) => setHours(Number(e.target.value))} data-testid="admin-report-hours" />
            </label>
          )}
          <label>{t("admin.common.reason")}
            <input value={reason} onChange={(e) => setReason(e.target.value)} data-testid="admin-report-reason" />
          </label>
          <button type="button" className={`${styles.adminBtn} ${styles.adminBtnPrimary}`} onClick={submit} data-testid="admin-report-apply">{t("admin.reports.apply")}</button>
        </div>
      ) : (
        <p className={styles.adminHint}>{t(`admin.reports.action.${r.result as ReportAction}`, { defaultValue: r.result })} · {r.handledBy} · {formatTime(r.handled ?? 0, i18n.language)}</p>
      )}
      {error && <p className={styles.adminError} role="alert">{error}</p>}
    </article>
  );
}
