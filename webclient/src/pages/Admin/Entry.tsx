// /admin — the back office's door. This small module is all a visitor downloads: it asks who is
// signed in and imports the back office (AdminApp and its screens, a chunk of their own) only for a
// staff member. Anybody else gets the access-denied page and never the back office's code.
import { lazy, Suspense, useEffect, useState } from "react";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { userApi } from "../../api/account";
import { profileAtom, tokenAtom } from "../../state/session";
import { loginModalAtom } from "../../state/ui";
import { ErrorPanel } from "../../components/ErrorPanel";
import AccessDenied from "../AccessDenied";
import { isStaff } from "./sections";

const AdminApp = lazy(() => import("./AdminApp"));

export default function AdminEntry() {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const profile = useAtomValue(profileAtom);
  const openLogin = useSetAtom(loginModalAtom);
  const [roles, setRoles] = useState<string[] | null>(profile?.roles ?? null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    userApi.info(undefined, { toast: false }).then(
      (u) => live && setRoles(u.roles ?? []),
      () => live && setRoles([]),
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (!token) {
    return (
      <ErrorPanel
        code="401"
        title={t("errors.accessDenied")}
        hint={t("errors.accessDeniedHint")}
        action={
          <button type="button" className="admin-btn admin-btn--primary" onClick={() => openLogin((s) => ({ ...s, open: true }))}>
            {t("header.login")}
          </button>
        }
      />
    );
  }
  if (roles === null) return <div aria-busy="true" className="admin-wait" />;
  if (!isStaff(roles)) return <AccessDenied />;
  return (
    <Suspense fallback={<div aria-busy="true" className="admin-wait" />}>
      <AdminApp />
    </Suspense>
  );
}
