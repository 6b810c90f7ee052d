// A user's live sessions on the users screen: when and where each signed in and was last seen (the
// address masked like the contacts), on what device. The users screen's "Sign out everywhere" ends
// them all; its owner re-mounts this list (key) when the count changes.
import { adminOpsApi } from "../../../api/adminops";
import { Loadable, useResource } from "../../../data";
import { useOpsT } from "../../../i18n/adminops";
import { formatTime } from "../format";
import adminStyles from "../Admin.module.css";

export function UserSessions({ userId }: { userId: string }) {
  const { t, language } = useOpsT();
  const sessions = useResource(`admin-sessions:${userId}`, () => adminOpsApi.sessions(userId).then((r) => r.list));
  return (
    <div data-testid="admin-user-sessions">
      <h3 className={adminStyles.adminSub}>{t("sessions.title")}</h3>
      <p className={adminStyles.adminHint}>{t("sessions.hint")}</p>
      <Loadable resource={sessions}>
        {(list) => list.length === 0 ? <p className={adminStyles.adminEmpty}>{t("sessions.none")}</p> : (
          <table className={adminStyles.adminTable}>
            <thead>
              <tr><th>{t("sessions.started")}</th><th>{t("sessions.lastSeen")}</th><th>{t("sessions.expires")}</th><th>{t("sessions.ip")}</th><th>{t("sessions.device")}</th></tr>
            </thead>
            <tbody>
              {list.map((s, i) => (
                <tr key={i} data-testid="admin-user-session">
                  <td>{formatTime(s.started, language)}</td>
                  <td>{formatTime(s.lastSeen, language)}</td>
                  <td>{formatTime(s.expires, language)}</td>
                  <td><code>{s.ip || "—"}</code></td>
                  <td className={adminStyles.adminHint}>{s.device || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loadable>
    </div>
  );
}
