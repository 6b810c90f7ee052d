// Reported comments (handleReports or editContent): each reported comment with its reasons, what it
// was said on and who wrote it; remove it (its reports close, the audit log records it) or dismiss
// the reports.
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { commentsApi, type ReportedComment } from "../../../api/news";
import { useNewsT } from "../../../i18n/news";
import { useDateTime } from "../../../components/Article";
import "./admin.css";

const TABS = ["open", "actioned", "dismissed"] as const;

export function CommentReports() {
  const { t } = useNewsT();
  const when = useDateTime();
  const [status, setStatus] = useState<(typeof TABS)[number]>("open");
  const [rows, setRows] = useState<ReportedComment[] | null>(null);
  const load = useCallback(() => commentsApi.reports(status).then((p) => setRows(p.list)), [status]);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="sadm" data-testid="comment-reports">
      <div className="sadm-head">
        <h2>{t("admin.commentsTitle")}</h2>
        <div className="sadm-filter">
          {TABS.map((s) => (
            <button key={s} type="button" className={s === status ? "sadm-on" : undefined} onClick={() => setStatus(s)}>
              {t(`admin.${s}`)}
            </button>
          ))}
        </div>
      </div>
      {rows && rows.length === 0 && <p className="sadm-muted">{t("admin.noReports")}</p>}
      <table className="sadm-table">
        <tbody>
          {rows?.map((r) => (
            <tr key={r.comment.id} data-testid="reported-comment">
              <td>
                <div className="sadm-strong">{r.comment.userName}</div>
                <div className="sadm-muted">{when(r.comment.time)}</div>
              </td>
              <td>
                <p className="nadm-comment" data-testid="reported-text">{r.comment.text}</p>
                {r.targetLink && <Link to={r.targetLink} className="sadm-muted">{r.targetTitle}</Link>}
              </td>
              <td>
                <div className="sadm-strong">{t("admin.reports", { count: r.count })}</div>
                <div className="sadm-muted">{r.reasons.map((x) => t(`reasons.${x as "spam"}`)).join(", ")}</div>
              </td>
              <td>
                {status === "open" && (
                  <div className="sadm-buttons">
                    <button type="button" className="sadm-danger" onClick={() => void commentsApi.remove(r.comment.id, r.reasons[0] ?? "").then(load)} data-testid="report-remove">
                      {t("admin.delete")}
                    </button>
                    <button type="button" onClick={() => void commentsApi.dismiss(r.comment.id).then(load)}>{t("admin.dismiss")}</button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
