// /admin/users — search by id, username, e-mail or phone (masked), one user's profile, roles, level,
// balances and ledger (read-only), and the staff actions: platform mute, ban, unban, sign out
// everywhere, role change. Every action needs a reason and is in the audit log.
import { useState, type FormEvent } from "react";
import { errorText } from "../../api/client";
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { adminApi, type AdminUser } from "../../api/admin";
import { Loadable, useResource } from "../../data";
import { staffStateAtom } from "../../state/admin";
import { formatNumber, formatTime } from "./format";
import { UserSessions } from "./ops/UserSessions";
import styles from "./Admin.module.css";

const PAGE = 20;
const ROLES = ["admin", "moderator", "finance", "editor", "streamer", "expert", "channel"] as const;

export default function Users() {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const users = useResource(`admin-users:${page}:${query}`, () => adminApi.users(query, page, PAGE));
  const list = users.value;
  const search = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setQuery(q.trim());
  };
  const pages = list ? Math.max(1, Math.ceil(list.total / PAGE)) : 1;
  return (
    <section data-testid="admin-users">
      <h1 className={styles.adminTitle}>{t("admin.menu.users")}</h1>
      <form className={styles.adminFilters} onSubmit={search} role="search">
        <input value={q} onChange={(e) => setQ(e.target.value)} placeholder={t("admin.users.search")} aria-label={t("admin.users.search")} data-testid="admin-users-q" />
        <button type="submit" className={styles.adminBtn}>{t("admin.common.search")}</button>
      </form>
      <table className={styles.adminTable}>
        <thead>
          <tr>
            <th>{t("admin.users.name")}</th><th>{t("admin.users.email")}</th><th>{t("admin.users.phone")}</th>
            <th>{t("admin.users.level")}</th><th>{t("admin.users.roles")}</th><th>{t("admin.users.joined")}</th>
          </tr>
        </thead>
        <tbody>
          {list?.list.map((u) => (
            <tr key={u.userId} className={open === u.userId ? styles.adminTableOn : undefined}>
              <td><button type="button" className={styles.adminLinkbtn} onClick={() => setOpen(u.userId)} data-testid="admin-user-open">{u.name}</button></td>
              <td><bdi dir="ltr">{u.email || "—"}</bdi></td><td><bdi dir="ltr">{u.phone || "—"}</bdi></td><td>{u.level}</td>
              <td><Roles user={u} /></td><td>{formatTime(u.createdAt, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!list && <Loadable resource={users}>{() => null}</Loadable>}
      {list && list.list.length === 0 && <p className={styles.adminEmpty}>{t("admin.common.empty")}</p>}
      <Pager page={page} pages={pages} onPage={setPage} />
      {open && <UserDetail key={open} id={open} onChanged={users.refresh} />}
    </section>
  );
}

function Roles({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  // No role: a dash, as for a missing e-mail or phone (an empty cell reads as not loaded yet).
  if (user.roles.length === 0) return <>—</>;
  return (
    <span className={styles.adminTags}>
      {user.roles.map((g) => (
        <span key={g.role} className={`${styles.adminTag} ${styles[`admin-tag--${g.role}`] ?? ""}`}>{t(`admin.role.${g.role}` as "admin.role.admin", { defaultValue: g.role })}</span>
      ))}
    </span>
  );
}

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <div className={styles.adminPager}>
      <button type="button" className={styles.adminBtn} disabled={page <= 1} onClick={() => onPage(page - 1)}>{t("admin.common.prev")}</button>
      <span>{t("admin.common.page", { page, pages })}</span>
      <button type="button" className={styles.adminBtn} disabled={page >= pages} onClick={() => onPage(page + 1)}>{t("admin.common.next")}</button>
    </div>
  );
}

function UserDetail({ id, onChanged }: { id: string; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const staff = useAtomValue(staffStateAtom);
  const can = (p: string) => !!staff?.permissions.includes(p);
  const [currency, setCurrency] = useState("COIN");
  const [page, setPage] = useState(1);
  const [reason, setReason] = useState("");
  const [hours, setHours] = useState(24);
  const [role, setRole] = useState<string>("moderator");
  const [msg, setMsg] = useState("");
  const detail = useResource(`admin-user:${id}:${currency}:${page}`, () => adminApi.user(id, currency, page));
  const d = detail.value;
  const act = (p: Promise<unknown>) =>
    p.then(
      () => {
        setMsg(t("admin.common.done"));
        setReason("");
        detail.refresh();
        onChanged();
      },
      (e) => setMsg(errorText(e)),
    );
  if (!d) return <Loadable resource={detail}>{() => null}</Loadable>;
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <div className={styles.adminPanel} data-testid="admin-user-detail">
      <h2 className={styles.adminSub}>{d.name}</h2>
      <dl className={styles.adminFacts}>
        <dt>{t("admin.users.level")}</dt><dd>{d.level} ({n(d.experience)})</dd>
        <dt>{t("admin.users.email")}</dt><dd><bdi dir="ltr">{d.email || "—"}</bdi></dd>
        <dt>{t("admin.users.phone")}</dt><dd><bdi dir="ltr">{d.phone || "—"}</bdi></dd>
        <dt>{t("admin.users.roles")}</dt><dd><Roles user={d} /></dd>
        <dt>{t("admin.users.coins")}</dt><dd>{n(d.coins)}</dd>
        <dt>{t("admin.users.diamonds")}</dt><dd>{n(d.diamonds)}</dd>
        <dt>{t("admin.users.earned")}</dt><dd>{n(d.earnedCoins)} / {n(d.earnedDiamonds)}</dd>
        <dt>{t("admin.users.sessions")}</dt><dd>{n(d.sessions)}</dd>
        <dt>{t("admin.users.joined")}</dt><dd>{formatTime(d.createdAt, i18n.language)}</dd>
      </dl>
      <UserSessions key={d.sessions} userId={id} />
      <div className={styles.adminActions}>
        <label>{t("admin.common.reason")}
          <input value={reason} onChange={(e) => setReason(e.target.value)} data-testid="admin-user-reason" />
        </label>
        {can("mutePlatform") && (
          <>
            <label>{t("admin.users.hours")}
              <input type="number" min={1} max={8760} value={hours} onChange={(e) => setHours(Number(e.target.value))} />
            </label>
            <button type="button" className={styles.adminBtn} onClick={() => act(adminApi.mute(id, hours, reason))} data-testid="admin-user-mute">{t("admin.users.mute")}</button>
            <button type="button" className={styles.adminBtn} onClick={() => act(adminApi.unmute(id, reason))}>{t("admin.users.unmute")}</button>
            <button type="button" className={styles.adminBtn} onClick={() => act(adminApi.signOut(id, reason))} data-testid="admin-user-signout">{t("admin.users.signOut")}</button>
          </>
        )}
        {can("manageUsers") && (
          <>
            <button type="button" className={`${styles.adminBtn} ${styles.adminBtnDanger}`} onClick={() => act(adminApi.ban(id, reason))}>{t("admin.users.ban")}</button>
            <button type="button" className={styles.adminBtn} onClick={() => act(adminApi.unban(id, reason))}>{t("admin.users.unban")}</button>
            <select value={role} onChange={(e) => setRole(e.target.value)} aria-label={t("admin.users.role")}>
              {ROLES.map((r) => <option key={r} value={r}>{t(`admin.role.${r}`)}</option>)}
            </select>
            <button type="button" className={styles.adminBtn} onClick={() => act(adminApi.role(id, role, true, reason))}>{t("admin.users.grant")}</button>
            <button type="button" className={styles.adminBtn} onClick={() => act(adminApi.role(id, role, false, reason))}>{t("admin.users.revoke")}</button>
          </>
        )}
      </div>
      {msg && <p className={styles.adminMsg} role="status">{msg}</p>}
      <div className={styles.adminRow}>
        <h3 className={styles.adminSub}>{t("admin.users.ledger")}</h3>
        <select value={currency} onChange={(e) => { setCurrency(e.target.value); setPage(1); }} aria-label={t("admin.users.ledger")}>
          <option value="COIN">{t("admin.users.coins")}</option>
          <option value="DIAMOND">{t("admin.users.diamonds")}</option>
        </select>
      </div>
      <table className={styles.adminTable}>
        <thead><tr><th>{t("admin.audit.time")}</th><th>{t("admin.users.type")}</th><th>{t("admin.users.amount")}</th><th>{t("admin.users.balance")}</th></tr></thead>
        <tbody>
          {d.ledger.map((l) => (
            <tr key={`${l.txn}-${l.time}`}>
              <td>{formatTime(l.time, i18n.language)}</td><td>{l.type}</td>
              <td className={l.amount < 0 ? styles.adminNeg : styles.adminPos}>{l.amount > 0 ? "+" : ""}{n(l.amount)}</td><td>{n(l.balanceAfter)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {d.ledger.length === 0 && <p className={styles.adminEmpty}>{t("admin.common.empty")}</p>}
      <Pager page={page} pages={Math.max(1, Math.ceil(d.ledgerTotal / 10))} onPage={setPage} />
    </div>
  );
}
