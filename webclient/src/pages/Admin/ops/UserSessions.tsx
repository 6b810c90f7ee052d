// A user's live sessions on the users screen: when and where each signed in and was last seen (the
// address masked like the contacts), on what device. The users screen's "Sign out everywhere" ends
// them all; its owner re-mounts this list (key) when the count changes.
import { useEffect, useState } from "react";
import { adminOpsApi, type UserSession } from "../../../api/adminops";
import { useOpsT } from "../../../i18n/adminops";
import { errorText } from "../AdminApp";
import { formatTime } from "../format";

export function UserSessions({ userId }: { userId: string }) {
  const { t, language } = useOpsT();
  const [list, setList] = useState<UserSession[] | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    adminOpsApi.sessions(userId).then((r) => setList(r.list), (e) => setError(errorText(e)));
  }, [userId]);
  return (
    <div data-testid="admin-user-sessions">
      <h3 className="admin__sub">{t("sessions.title")}</h3>
      <p className="admin-hint">{t("sessions.hint")}</p>
      {error && <p className="admin-error" role="alert">{error}</p>}
      {list && list.length === 0 && <p className="admin-empty">{t("sessions.none")}</p>}
      {list && list.length > 0 && (
        <table className="admin-table">
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
                <td className="admin-hint">{s.device || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
