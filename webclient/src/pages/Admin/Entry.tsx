// /admin — the back office's door. This small module is all a visitor downloads: it asks who is
// signed in and imports the back office (AdminApp and its screens, a chunk of their own) only for a
// staff member. Anybody else gets the access-denied page and never the back office's code.
import { lazy, Suspense } from "react";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { userApi } from "../../api/account";
import { profileAtom, tokenAtom } from "../../state/session";
import { loginModalAtom } from "../../state/ui";
import { ErrorPanel } from "../../components/ErrorPanel";
import { Loadable, useResource } from "../../data";
import AccessDenied from "../../components/ErrorPages/AccessDenied";
import { isStaff } from "./sections";
import styles from "./Entry.module.css";

const AdminApp = lazy(() => import("./AdminApp"));

export default function AdminEntry() {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const profile = useAtomValue(profileAtom);
  const openLogin = useSetAtom(loginModalAtom);
  // The roles as the server knows them now (the profile's may be older); a failed answer is no role.
  const fresh = useResource(token ? `admin-roles:${token}` : null, () =>
    userApi.info(undefined, { toast: false }).then(
      (u) => u.roles ?? [],
      () => [],
    ),
  );

  if (!token) {
    return (
      <ErrorPanel
        code="401"
        title={t("errors.accessDenied")}
        hint={t("errors.accessDeniedHint")}
        action={
          <button type="button" onClick={() => openLogin((s) => ({ ...s, open: true }))}>
            {t("header.login")}
          </button>
        }
      />
    );
  }
  const roles = fresh.value ?? profile?.roles ?? null;
  if (roles === null) return <Loadable resource={fresh} minHeight="40vh">{() => null}</Loadable>;
  if (!isStaff(roles)) return <AccessDenied />;
  return (
    <Suspense fallback={<div aria-busy="true" className={styles.wait} />}>
      <AdminApp />
    </Suspense>
  );
}
