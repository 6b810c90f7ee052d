// /admin/audit — every staff action, newest first, with filters (who, what, on whom, when). Read-only:
// the log has no edit, here or anywhere.
import { useRef, useState, type FormEvent } from "react";
import { useAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { adminApi } from "../../api/admin";
import { Loadable, usePaged } from "../../data";
import { auditFilterAtom } from "../../state/admin";
import { formatTime } from "./format";
import styles from "./Admin.module.css";

/** The kinds of target the server records (api/admin, api/audit); another kind shows as the server wrote it. */
const TARGET_KINDS = new Set(["user", "room", "line", "report", "order", "shop_order", "article", "comment", "channel", "expert", "match", "page", "plan",
  "proclamation", "product", "ticket", "word"]);

const show = (v: unknown) => (v === undefined || v === null ? "" : JSON.stringify(v));

export default function Audit() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useAtom(auditFilterAtom);
  const [draft, setDraft] = useState(filter);
  // The log pages by cursor (each answer names the `before` of the next) and has no total: page n is
  // asked with the cursor page n-1 named, and the total is the rows so far plus one while a next
  // cursor exists, so usePaged offers "More" exactly while the server has older rows.
  const cursors = useRef<{ before: number[]; rows: number[] }>({ before: [], rows: [] });
  const rows = usePaged(`admin-audit:${JSON.stringify(filter)}`, async (page) => {
    const c = cursors.current;
    const r = await adminApi.audit({ ...filter, before: page === 1 ? 0 : c.before[page] });
    c.before[page + 1] = r.next;
    c.rows[page] = (page === 1 ? 0 : c.rows[page - 1] ?? 0) + r.list.length;
    return { list: r.list, total: c.rows[page] + (r.next > 0 ? 1 : 0) };
  });
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
      <Loadable resource={{ ...rows, value: rows.items }} empty={(items) => items.length === 0} emptyLabel={t("admin.common.empty")}>
        {(items) => (
          <table className={styles.adminTable}>
            <thead>
              <tr>
                <th>{t("admin.audit.time")}</th><th>{t("admin.audit.actor")}</th><th>{t("admin.audit.action")}</th>
                <th>{t("admin.audit.target")}</th><th>{t("admin.audit.change")}</th><th>{t("admin.common.reason")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={r.id} data-testid="admin-audit-row" data-action={r.action}>
                  <td>{formatTime(r.time, i18n.language)}</td>
                  <td>{r.actorName} <span className={styles.adminHint}>u{r.actorId}</span></td>
                  <td><code>{r.action}</code></td>
                  <td>
                    {TARGET_KINDS.has(r.targetKind) ? t(`admin.audit.kinds.${r.targetKind}` as "admin.audit.kinds.user") : r.targetKind} <bdi>{r.targetId}</bdi>
                  </td>
                  <td className={styles.adminChange}>
                    {r.before !== undefined && <div><span className={styles.adminHint}>{t("admin.audit.before")}</span> <code dir="ltr">{show(r.before)}</code></div>}
                    {r.after !== undefined && <div><span className={styles.adminHint}>{t("admin.audit.after")}</span> <code dir="ltr">{show(r.after)}</code></div>}
                  </td>
                  <td>{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loadable>
      {rows.status === "ready" && rows.error && <p className={styles.adminError} role="alert">{rows.error}</p>}
      {rows.hasMore && (
        <button type="button" className={styles.adminBtn} disabled={rows.loadingMore} onClick={rows.more} data-testid="admin-audit-more">{t("admin.common.more")}</button>
      )}
    </section>
  );
}
