// The user area (spec §2 routes /userInfo/...): a side menu and the page. Own pages need a
// session; without one the area asks the visitor to log in (spec §8 'please log in first').
// Another user's public profile (/userInfo/:id) is open to everyone.
import { useEffect } from "react";
import { NavLink, Outlet, useLocation, useParams } from "react-router";
import { useAtomValue, useSetAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { tokenAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { refreshAccount } from "../../session/account";
import "./UserArea.css";

const MENU = [
  { to: "/userInfo", key: "profile", end: true },
  { to: "/userInfo/info", key: "info", end: true },
  { to: "/userInfo/setting", key: "setting", end: true },
  { to: "/userInfo/setting?tab=security", key: "security", end: true },
  { to: "/userInfo/focus", key: "focus", end: true },
] as const;

export default function UserArea() {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const setModal = useSetAtom(loginModalAtom);
  const { id } = useParams();
  const location = useLocation();
  const publicProfile = id !== undefined;

  useEffect(() => {
    if (token) void refreshAccount();
  }, [token]);

  if (!token && !publicProfile) {
    return (
      <section className="uarea uarea--guest" data-testid="user-login-required">
        <p>{t("account.loginFirst")}</p>
        <button type="button" className="uarea__primary" onClick={() => setModal({ open: true, mode: LoginMode.Password })}>
          {t("header.login")}
        </button>
      </section>
    );
  }

  const security = location.pathname === "/userInfo/setting" && new URLSearchParams(location.search).get("tab") === "security";
  return (
    <div className="uarea" data-testid="user-area">
      {token && (
        <nav className="uarea__nav" aria-label={t("account.menu.title")}>
          {MENU.map((m) => {
            const active =
              m.key === "security" ? security : m.key === "setting" ? location.pathname === m.to && !security : location.pathname === m.to;
            return (
              <NavLink key={m.key} to={m.to} end className={() => `uarea__link${active ? " uarea__link--on" : ""}`} data-testid={`unav-${m.key}`}>
                {t(`account.menu.${m.key}`)}
              </NavLink>
            );
          })}
        </nav>
      )}
      <section className="uarea__page">
        <Outlet />
      </section>
    </div>
  );
}
