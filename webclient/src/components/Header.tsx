import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { NavLink, useLocation, useSearchParams } from "react-router";
import { useAtomValue, useSetAtom } from "../state/hooks";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { useExpertsT } from "../i18n/experts";
import { loginModalAtom, LoginMode } from "../state/ui";
import { userInfoAtom } from "../state/session";
import { SITE_NAME } from "../config";
import { useShopT } from "../i18n/shop";
import { useNewsT } from "../i18n/news";
import { useVideosT } from "../i18n/videos";
import { HeaderSearchShell } from "./HeaderSearchShell";
import { useDialog } from "./useDialog";
import styles from "./Header.module.css";

// The signed-in part (balances, bell, user menu) is a chunk of its own: a guest never loads it
// (initial-JS budget, e2e/bundle-budget.test.mjs).
const HeaderSearch = lazy(async () => ({ default: (await import("./HeaderSearch")).HeaderSearch }));
const HeaderUser = lazy(async () => ({ default: (await import("./HeaderUser/HeaderUser")).HeaderUser }));

/** Game tab groups of the home page (spec §2), in order. */
export const GAME_GROUPS = ["recommended", "soccer", "basketball", "esports", "baseball", "tennis", "other"] as const;
export type GameGroup = (typeof GAME_GROUPS)[number];

/**
 * The site's main sections (issue 17), in order: the header links them on every page. The areas
 * with their own translations (news, videos, experts, shop) follow in `areas` below.
 */
export const MAIN_NAV = [
  { key: "home", to: "/", end: true },
  { key: "live", to: "/live", end: false },
  { key: "schedule", to: "/schedule", end: false, match: /^\/(match|schedule)(\/|$)/ },
  { key: "data", to: "/leagueLibrary", end: false, match: /^\/(leagueLibrary|squadLibrary|playerLibrary)(\/|$)/ },
] as const;

export function Header() {
  const { t } = useTranslation();
  const { t: shopT } = useShopT();
  const { t: tx } = useExpertsT();
  const { t: nt } = useNewsT();
  const { t: vt } = useVideosT();
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

  // The areas that keep their own translations (locales/<area>) follow the main sections.
  const areas: { key: string; to: string; label: string; match?: RegExp }[] = [
    { key: "news", to: "/news", label: nt("nav") },
    // The spec has no bare /videos: the header opens the list of every game's videos, and stays
    // lit on any video page.
    { key: "videos", to: "/videos/videoList", label: vt("title"), match: /^\/videos(\/|$)/ },
    { key: "experts", to: "/expert", label: tx("experts.nav.header") },
    { key: "shop", to: "/mall", label: shopT("nav") },
  ];
  const links = [
    ...MAIN_NAV.map((n) => (
      <NavLink
        key={n.key}
        to={n.to}
        end={n.end}
        className={({ isActive }) => {
          const on = "match" in n ? n.match.test(pathname) : isActive;
          return `${styles.headerNavLink}${on ? ` ${styles.headerNavLinkActive}` : ""}`;
        }}
        data-testid={`nav-${n.key}`}
      >
        {t(`discover.nav.${n.key}`)}
      </NavLink>
    )),
    ...areas.map((a) => (
      <NavLink
        key={a.key}
        to={a.to}
        className={({ isActive }) => `${styles.headerNavLink}${(a.match ? a.match.test(pathname) : isActive) ? ` ${styles.headerNavLinkActive}` : ""}`}
        data-testid={`nav-${a.key}`}
      >
        {a.label}
      </NavLink>
    )),
  ];

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
