// Reported comments (handleReports or editContent): each reported comment with its reasons, what it
// was said on and who wrote it; remove it (its reports close, the audit log records it) or dismiss
// the reports.
import { useState } from "react";
import { Link } from "react-router";
import { commentsApi } from "../../../api/news";
import { Loadable, useResource } from "../../../data";
import { useNewsT } from "../../../i18n/news";
import { useDateTime } from "../../../components/Article";
import styles from "./newsAdmin.module.css";
import shopStyles from "../shop/shopAdmin.module.css";

const TABS = ["open", "actioned", "dismissed"] as const;

export function CommentReports() {
  const { t } = useNewsT();
  const when = useDateTime();
  const [status, setStatus] = useState<(typeof TABS)[number]>("open");
  const reports = useResource(`admin-comment-reports:${status}`, () => commentsApi.reports(status).then((p) => p.list));
  // A handled comment leaves the open list at once; a failed call is toasted by the client.
  const handled = (id: number) => () => reports.set((rows) => (rows ?? []).filter((r) => r.comment.id !== id));
  return (
    <div className={shopStyles.sadm} data-testid="comment-reports">
      <div className={shopStyles.sadmHead}>
        <h2>{t("admin.commentsTitle")}</h2>
        <div className={shopStyles.sadmFilter}>
          {TABS.map((s) => (
            <button key={s} type="button" className={s === status ? shopStyles.sadmOn : undefined} onClick={() => setStatus(s)}>
              {t(`admin.${s}`)}
            </button>
          ))}
        </div>
      </div>
      <Loadable resource={reports} empty={(rows) => rows.length === 0} emptyLabel={t("admin.noReports")}>
        {(rows) => (
          <table className={shopStyles.sadmTable}>
            <tbody>
              {rows.map((r) => (
                <tr key={r.comment.id} data-testid="reported-comment">
                  <td>
                    <div className={shopStyles.sadmStrong}>{r.comment.userName}</div>
                    <div className={shopStyles.sadmMuted}>{when(r.comment.time)}</div>
                  </td>
                  <td>
                    <p className={styles.nadmComment} data-testid="reported-text">{r.comment.text}</p>
                    {r.targetLink && <Link to={r.targetLink} className={shopStyles.sadmMuted}>{r.targetTitle}</Link>}
                  </td>
                  <td>
                    <div className={shopStyles.sadmStrong}>{t("admin.reports", { count: r.count })}</div>
                    <div className={shopStyles.sadmMuted}>{r.reasons.map((x) => t(`reasons.${x as "spam"}`)).join(", ")}</div>
                  </td>
                  <td>
                    {status === "open" && (
                      <div className={shopStyles.sadmButtons}>
                        <button type="button" className={shopStyles.sadmDanger} onClick={() => void commentsApi.remove(r.comment.id, r.reasons[0] ?? "").then(handled(r.comment.id), () => undefined)} data-testid="report-remove">
                          {t("admin.delete")}
                        </button>
                        <button type="button" data-testid="report-dismiss" onClick={() => void commentsApi.dismiss(r.comment.id).then(handled(r.comment.id), () => undefined)}>{t("admin.dismiss")}</button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loadable>
    </div>
  );
}
