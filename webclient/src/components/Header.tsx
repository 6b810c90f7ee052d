import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { NavLink, useLocation, useSearchParams } from "react-router";
import { useAtomValue, useSetAtom } from "../state/hooks";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { loginModalAtom, LoginMode } from "../state/ui";
import { userInfoAtom } from "../state/session";
import { SITE_NAME } from "../config";
import { HeaderSearchShell } from "./HeaderSearchShell";
import { useDialog } from "./useDialog";
import { GAME_GROUPS, HEADER_NAV, navActive } from "./headerNav";
import styles from "./Header.module.css";

// The signed-in part (balances, bell, user menu) is a chunk of its own: a guest never loads it
// (initial-JS budget, e2e/bundle-budget.test.mjs).
const HeaderSearch = lazy(async () => ({ default: (await import("./HeaderSearch")).HeaderSearch }));
const HeaderUser = lazy(async () => ({ default: (await import("./HeaderUser/HeaderUser")).HeaderUser }));

// The header's links and the game groups are data (headerNav.ts): the node's first-HTML shell
// (api/siteshell.go, from dist/shell.json) draws the same ones before this code has run.
export { GAME_GROUPS, MAIN_NAV, type GameGroup } from "./headerNav";

export function Header() {
  const { t } = useTranslation();
  // Labels by their full key (a feature's keys sit under the feature: "news.nav").
  const label = t as unknown as (key: string) => string;
  const [params] = useSearchParams();
  const user = useAtomValue(userInfoAtom);
  const setModal = useSetAtom(loginModalAtom);
  const { pathname } = useLocation();
  const [menu, setMenu] = useState(false);
  // The group of the match list (/match/<group>) or of the home page (?game=<group>).
  const current = /^\/match\/([^/]+)/.exec(pathname)?.[1] ?? params.get("game") ?? "recommended";
  const onMatches = /^\/match(\/|$)/.test(pathname);

  // A navigation closes the small-screen menu.
  useEffect(() => setMenu(false), [pathname]);

  const links = HEADER_NAV.map((n) => (
    <NavLink
      key={n.key}
      to={n.to}
      end={n.end}
      className={() => `${styles.headerNavLink}${navActive(n, pathname) ? ` ${styles.headerNavLinkActive}` : ""}`}
      data-testid={`nav-${n.key}`}
    >
      {label(n.label)}
    </NavLink>
  ));

  return (
    <header className={styles.header} data-testid="header">
      <div className={styles.headerInner} data-testid="header-inner">
        <button
          type="button"
          className={styles.headerBurger}
          aria-expanded={menu}
          aria-controls="header-menu"
          aria-label={t("discover.nav.menu")}
          data-testid="nav-menu-button"
          onClick={() => setMenu((m) => !m)}
        >
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <NavLink to="/" className={styles.headerLogo} aria-label={SITE_NAME}>
          <svg width="26" height="26" viewBox="0 0 26 26" aria-hidden="true">
            <circle cx="13" cy="13" r="12" fill="var(--brand)" />
            <path d="M13 1v24M1 13h24" stroke="#fff" strokeWidth="1.6" />
            <path d="M5 4.5c4 3 4 14 0 17M21 4.5c-4 3-4 14 0 17" stroke="#fff" strokeWidth="1.6" fill="none" />
          </svg>
          <span>{SITE_NAME}</span>
        </NavLink>
        <nav className={styles.headerNav} aria-label={t("discover.nav.label")} data-testid="main-nav">
          {links}
        </nav>
        <div className={styles.headerSearchSlot}>
          <Suspense fallback={<HeaderSearchShell />}>
            <HeaderSearch />
          </Suspense>
        </div>
        <div className={styles.headerTools}>
          <LanguageSwitcher />
          {user ? (
            <Suspense fallback={<div aria-busy="true" />}>
              <HeaderUser user={user} />
            </Suspense>
          ) : (
            <button
              type="button"
              className={styles.headerLogin}
              data-testid="login-button"
              onClick={() => setModal({ open: true, mode: LoginMode.Password })}
            >
              {t("header.login")}
            </button>
          )}
        </div>
      </div>
      {menu && (
        <HeaderMenu onClose={() => setMenu(false)}>
          <nav aria-label={t("discover.nav.label")}>{links}</nav>
          <Suspense fallback={<HeaderSearchShell />}>
            <HeaderSearch onDone={() => setMenu(false)} />
          </Suspense>
        </HeaderMenu>
      )}
      {onMatches && (
        <nav className={styles.headerGames} aria-label={t("nav.label")}>
          <div className={styles.headerGamesInner}>
            {GAME_GROUPS.map((g) => (
              <NavLink
                key={g}
                to={`/match/${g}`}
                className={() => `${styles.headerGame}${current === g ? ` ${styles.headerGameActive}` : ""}`}
                data-testid={`nav-${g}`}
                end
              >
                {t(`nav.${g}`)}
              </NavLink>
            ))}
          </div>
        </nav>
      )}
    </header>
  );
}

/** The small-screen menu: a popover (Escape closes it and focus goes back to the menu button). */
function HeaderMenu({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const dialog = useDialog<HTMLDivElement>(onClose, { modal: false });
  return (
    <div id="header-menu" className={styles.headerMenu} data-testid="nav-menu" {...dialog}>
      {children}
    </div>
  );
}
