// The back office (issue 16): the second factor, then the shell — a side menu built from SECTIONS
// (those the staff member's permissions show) and the screen of the current path. Loaded only for
// staff (Entry.tsx checks the role first).
import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from "react";
import { useAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { NavLink, Route, Routes } from "react-router";
import { adminApi, type Enrolment } from "../../api/admin";
import { errorText } from "../../api/client";
import { staffStateAtom } from "../../state/admin";
import { Loadable, useResource } from "../../data";
import { visibleSections } from "./sections";
import { formatClock } from "./format";
import NotFound from "../../components/ErrorPages/NotFound";
import styles from "./Admin.module.css";


export default function AdminApp() {
  const [state, setState] = useAtom(staffStateAtom);
  // Who the staff member is, asked once per visit; the atom holds it for the screens (permissions)
  // and takes the second factor's answer, which is newer than this one.
  const me = useResource("admin-me", () => adminApi.me());
  useEffect(() => {
    if (me.value) setState(me.value);
  }, [me.value, setState]);

  if (!state || !me.value) return <Loadable resource={me} minHeight="40vh">{() => null}</Loadable>;
  if (!state.verified) return <SecondFactor enrolled={state.enrolled} onDone={setState} />;
  return <Shell permissions={state.permissions} name={state.name} roles={state.roles} expires={state.expires} />;
}

function Shell({ permissions, name, roles, expires }: { permissions: string[]; name: string; roles: string[]; expires: number }) {
  const { t, i18n } = useTranslation();
  const sections = useMemo(() => visibleSections(permissions), [permissions]);
  const pages = useMemo(() => sections.map((s) => ({ ...s, Page: lazy(s.load) })), [sections]);
  return (
    <div className={styles.admin} data-testid="admin-shell">
      <aside className={styles.adminSide}>
        <div className={styles.adminBrand}>{t("admin.title")}</div>
        <div className={styles.adminWho} data-testid="admin-who">
          {name}
          <span className={styles.adminRoles}>{roles.map((r) => t(`admin.role.${r}` as "admin.role.admin")).join(" · ")}</span>
          <span className={styles.adminUntil}>{t("admin.sessionUntil", { time: formatClock(expires, i18n.language) })}</span>
        </div>
        <nav className={styles.adminMenu} aria-label={t("admin.title")}>
          {sections.map((s) => (
            <NavLink key={s.path} to={s.path ? `/admin/${s.path}` : "/admin"} end data-testid={`admin-menu-${s.label}`}
              className={({ isActive }) => `${styles.adminLink}${isActive ? ` ${styles.adminLinkOn}` : ""}`}>
              {s.labelKey ? (t as unknown as (k: string) => string)(s.labelKey) : t(`admin.menu.${s.label}` as "admin.menu.dashboard")}
            </NavLink>
          ))}
        </nav>
      </aside>
      <main className={styles.adminMain}>
        <Suspense fallback={<div aria-busy="true" className={styles.adminWait} />}>
          <Routes>
            {pages.map(({ path, Page }) => (
              <Route key={path} index={path === ""} path={path || undefined} element={<Page />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </main>
    </div>
  );
}

/** The second factor: enrolment (the secret shown once) and the code of the authenticator app. */
function SecondFactor({ enrolled, onDone }: { enrolled: boolean; onDone: (s: Awaited<ReturnType<typeof adminApi.verify>>) => void }) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const enrol = () => {
    setError("");
    adminApi.enrol().then(setEnrolment, (e) => setError(errorText(e)));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    adminApi.verify(code).then(onDone, (err) => {
      setError(errorText(err));
      setBusy(false);
    });
  };
  const needsEnrolment = !enrolled && !enrolment;
  return (
    <div className={styles.adminMfa} data-testid="admin-mfa">
      <h1>{t("admin.mfa.title")}</h1>
      {needsEnrolment ? (
        <>
          <p>{t("admin.mfa.enrolIntro")}</p>
          <button type="button" className={`${styles.adminBtn} ${styles.adminBtnPrimary}`} onClick={enrol} data-testid="admin-mfa-enrol">
            {t("admin.mfa.enrol")}
          </button>
        </>
      ) : (
        <form onSubmit={submit} className={styles.adminMfaForm}>
          {enrolment && (
            <div className={styles.adminMfaSecret}>
              <p>{t("admin.mfa.secretIntro")}</p>
              <code data-testid="admin-mfa-secret">{enrolment.secret}</code>
              <a href={enrolment.uri}>{t("admin.mfa.openApp")}</a>
              <p className={styles.adminHint}>{t("admin.mfa.shownOnce")}</p>
            </div>
          )}
          <label>
            {t("admin.mfa.code")}
            <input inputMode="numeric" autoComplete="one-time-code" maxLength={8} value={code}
              onChange={(e) => setCode(e.target.value)} data-testid="admin-mfa-code" />
          </label>
          <button type="submit" className={`${styles.adminBtn} ${styles.adminBtnPrimary}`} disabled={busy || code.trim().length < 6} data-testid="admin-mfa-verify">
            {t("admin.mfa.verify")}
          </button>
        </form>
      )}
      {error && <p className={styles.adminError} role="alert">{error}</p>}
    </div>
  );
}
