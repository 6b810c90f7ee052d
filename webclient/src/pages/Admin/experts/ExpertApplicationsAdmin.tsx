// /admin/experts — expert applications by state (staff with reviewExperts): approve, reject with a
// reason the applicant sees, ban or lift a ban, and feature an approved expert on /expert. The server
// checks the permission and the second factor and writes each decision to the audit log.
import { useState } from "react";
import { errorText } from "../../../api/client";
import { useTranslation } from "react-i18next";
import { expertsApi, type ApplicationAction, type ExpertApplicationAdmin } from "../../../api/experts";
import { Loadable, useResource } from "../../../data";
import { gameLabel } from "../../../features/matches/hooks";
import { useGameNames } from "../../../features/live/hooks";
import { formatTime } from "../format";
import styles from "./expertsAdmin.module.css";
import adminStyles from "../Admin.module.css";

const STATUSES = ["review", "approved", "rejected", "banned"] as const;

/** The actions open to staff in each state (the server enforces the same transitions). */
const ACTIONS: Record<ExpertApplicationAdmin["status"], ApplicationAction[]> = {
  review: ["approve", "reject"],
  approved: ["ban"],
  rejected: [],
  banned: ["unban"],
};

export function ExpertApplicationsAdmin() {
  const { t, i18n } = useTranslation();
  const names = useGameNames();
  const [status, setStatus] = useState<string>("review");
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [msg, setMsg] = useState("");
  const applications = useResource(`admin-expert-applications:${status}`, () => expertsApi.adminApplications(status).then((r) => r.list));

  const decide = (a: ExpertApplicationAdmin, action: ApplicationAction) =>
    expertsApi.adminDecide(a.userId, action, reasons[a.userId] ?? "").then(
      () => {
        setMsg(t(`admin.experts.done.${action}`, { name: a.expert.nickname }));
        applications.refresh();
      },
      (e) => setMsg(errorText(e)),
    );
  const feature = (a: ExpertApplicationAdmin) =>
    expertsApi.adminFeatured(a.userId, !a.expert.featured).then(
      () => {
        setMsg(t(a.expert.featured ? "admin.experts.done.unfeatured" : "admin.experts.done.featured", { name: a.expert.nickname }));
        applications.refresh();
      },
      (e) => setMsg(errorText(e)),
    );

  return (
    <section data-testid="admin-experts">
      <h1 className={adminStyles.adminTitle}>{t("admin.menu.experts")}</h1>
      <div className={adminStyles.adminFilters} role="group">
        {STATUSES.map((s) => (
          <button key={s} type="button" className={`${adminStyles.adminBtn}${s === status ? ` ${adminStyles.adminBtnOn}` : ""}`} aria-pressed={s === status} onClick={() => setStatus(s)}>
            {t(`admin.experts.status.${s}`)}
          </button>
        ))}
      </div>
      {msg && <p className={adminStyles.adminMsg} role="status">{msg}</p>}
      <Loadable resource={applications} empty={(list) => list.length === 0} emptyLabel={t("admin.common.empty")}>
        {(list) => list.map((a) => (
          <article key={a.userId} className={adminStyles.adminPanel} data-testid="admin-expert-application" data-status={a.status}>
            <h2 className={adminStyles.adminSub}>
              {a.expert.nickname} <span className={styles.eadmMuted}>· {a.realName}</span>
              {a.expert.featured && <span className={adminStyles.adminTag}>{t("admin.experts.featuredTag")}</span>}
            </h2>
            <dl className={adminStyles.adminFacts}>
              <dt>{t("admin.streamers.idNumber")}</dt><dd>{a.idNumber}</dd>
              <dt>{t("admin.users.phone")}</dt><dd>{a.phone || "—"}</dd>
              <dt>{t("admin.experts.games")}</dt><dd>{a.expert.games.map((g) => gameLabel(t, names.get(g)) || "—").join(", ") || "—"}</dd>
              <dt>{t("admin.streamers.intro")}</dt><dd>{a.expert.intro || "—"}</dd>
              <dt>{t("admin.experts.experience")}</dt><dd>{a.experience || "—"}</dd>
              <dt>{t("admin.streamers.submitted")}</dt><dd>{formatTime(a.submittedAt, i18n.language)}</dd>
              {a.reviewedAt > 0 && (<><dt>{t("admin.experts.reviewed")}</dt><dd>{formatTime(a.reviewedAt, i18n.language)}</dd></>)}
              {a.reason && (<><dt>{t("admin.common.reason")}</dt><dd>{a.reason}</dd></>)}
            </dl>
            <div className={adminStyles.adminActions}>
              {ACTIONS[a.status].some((x) => x !== "approve" && x !== "unban") && (
                <label>{t("admin.experts.reasonHelp")}
                  <input value={reasons[a.userId] ?? ""} onChange={(e) => setReasons({ ...reasons, [a.userId]: e.target.value })} data-testid="admin-expert-reason" />
                </label>
              )}
              {ACTIONS[a.status].map((action) => (
                <button key={action} type="button" data-testid={`admin-expert-${action}`}
                  className={`${adminStyles.adminBtn} ${action === "approve" || action === "unban" ? adminStyles.adminBtnPrimary : adminStyles.adminBtnDanger}`}
                  onClick={() => decide(a, action)}>
                  {t(`admin.experts.action.${action}`)}
                </button>
            ))}
            {a.status === "approved" && (
              <button type="button" className={adminStyles.adminBtn} onClick={() => feature(a)} data-testid="admin-expert-feature">
                {t(a.expert.featured ? "admin.experts.action.unfeature" : "admin.experts.action.feature")}
              </button>
            )}
          </div>
        </article>
        ))}
      </Loadable>
    </section>
  );
}
