// /admin/audit — every staff action, newest first, with filters (who, what, on whom, when). Read-only:
// the log has no edit, here or anywhere.
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { adminApi, type AuditRecord } from "../../api/admin";
import { auditFilterAtom } from "../../state/admin";
import { errorText } from "./AdminApp";
import { formatTime } from "./format";
import styles from "./Admin.module.css";

const show = (v: unknown) => (v === undefined || v === null ? "" : JSON.stringify(v));

export default function Audit() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useAtom(auditFilterAtom);
  const [draft, setDraft] = useState(filter);
  const [rows, setRows] = useState<AuditRecord[] | null>(null);
  const [next, setNext] = useState(0);
  const [error, setError] = useState("");
  const load = useCallback(
    (before: number) =>
      adminApi.audit({ ...filter, before }).then(
        (r) => {
          setRows((old) => (before && old ? [...old, ...r.list] : r.list));
          setNext(r.next);
        },
        (e) => setError(errorText(e)),
      ),
    [filter],
  );
  useEffect(() => {
    setError("");
    void load(0);
  }, [load]);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ ...draft });
  };
  const field = (k: keyof typeof draft, type = "text") => (
    <label>{t(`admin.audit.${k}`)}
      <input type={type} value={draft[k]} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} data-testid={`admin-audit-${k}`} />
    </label>
  );
  return (
    <section data-testid="admin-audit">
      <h1 className={styles.adminTitle}>{t("admin.menu.audit")}</h1>
      <p className={styles.adminHint}>{t("admin.audit.readOnly")}</p>
      <form className={styles.adminFilters} onSubmit={apply}>
        {field("actor")}{field("action")}{field("target")}{field("from", "date")}{field("to", "date")}
        <button type="submit" className={styles.adminBtn}>{t("admin.common.search")}</button>
      </form>
      {error && <p className={styles.adminError} role="alert">{error}</p>}
      <table className={styles.adminTable}>
        <thead>
          <tr>
            <th>{t("admin.audit.time")}</th><th>{t("admin.audit.actor")}</th><th>{t("admin.audit.action")}</th>
            <th>{t("admin.audit.target")}</th><th>{t("admin.audit.change")}</th><th>{t("admin.common.reason")}</th>
          </tr>
        </thead>
        <tbody>
          {rows?.map((r) => (
            <tr key={r.id} data-testid="admin-audit-row" data-action={r.action}>
              <td>{formatTime(r.time, i18n.language)}</td>
              <td>{r.actorName} <span className={styles.adminHint}>u{r.actorId}</span></td>
              <td><code>{r.action}</code></td>
              <td>{r.targetKind} {r.targetId}</td>
              <td className={styles.adminChange}>
                {r.before !== undefined && <div><span className={styles.adminHint}>{t("admin.audit.before")}</span> <code>{show(r.before)}</code></div>}
                {r.after !== undefined && <div><span className={styles.adminHint}>{t("admin.audit.after")}</span> <code>{show(r.after)}</code></div>}
              </td>
              <td>{r.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows && rows.length === 0 && <p className={styles.adminEmpty}>{t("admin.common.empty")}</p>}
      {next > 0 && <button type="button" className={styles.adminBtn} onClick={() => void load(next)}>{t("admin.common.more")}</button>}
    </section>
  );
}
