import { NavLink, useLocation, useSearchParams } from "react-router";
import { useAtomValue, useSetAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { loginModalAtom, LoginMode } from "../state/ui";
import { userInfoAtom } from "../state/session";
import { SITE_NAME } from "../config";
import { HeaderUser } from "../pages/User/HeaderUser";
import "./Header.css";

/** Game tab groups of the home page (spec §2), in order. */
export const GAME_GROUPS = ["recommended", "soccer", "basketball", "esports", "baseball", "tennis", "other"] as const;
export type GameGroup = (typeof GAME_GROUPS)[number];

export function Header() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const user = useAtomValue(userInfoAtom);
  const setModal = useSetAtom(loginModalAtom);
  const { pathname } = useLocation();
  // The group of the match list (/match/<group>) or of the home page (?game=<group>).
  const current = /^\/match\/([^/]+)/.exec(pathname)?.[1] ?? params.get("game") ?? "recommended";

  return (
    <header className="header" data-testid="header">
      <div className="header__inner">
        <NavLink to="/" className="header__logo" aria-label={SITE_NAME}>
          <svg width="26" height="26" viewBox="0 0 26 26" aria-hidden="true">
            <circle cx="13" cy="13" r="12" fill="var(--brand)" />
            <path d="M13 1v24M1 13h24" stroke="#fff" strokeWidth="1.6" />
            <path d="M5 4.5c4 3 4 14 0 17M21 4.5c-4 3-4 14 0 17" stroke="#fff" strokeWidth="1.6" fill="none" />
          </svg>
          <span>{SITE_NAME}</span>
        </NavLink>
        <nav className="header__games" aria-label={t("nav.label")}>
          {GAME_GROUPS.map((g) => (
            <NavLink
              key={g}
              to={`/match/${g}`}
              className={() => `header__game${current === g ? " header__game--active" : ""}`}
              data-testid={`nav-${g}`}
              end
            >
              {t(`nav.${g}`)}
            </NavLink>
          ))}
        </nav>
        <div className="header__tools">
          <LanguageSwitcher />
          {user ? (
            <HeaderUser user={user} />
          ) : (
            <button
              type="button"
              className="header__login"
              data-testid="login-button"
              onClick={() => setModal({ open: true, mode: LoginMode.Password })}
            >
              {t("header.login")}
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
