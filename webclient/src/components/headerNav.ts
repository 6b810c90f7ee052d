// The header's links as data (issue 19): Header.tsx renders them, and the build reads them too
// (build/appShell.ts writes them into dist/shell.json), so the static shell the node writes into
// the first HTML names the same sections, in the same order, with the same labels and the same
// rule for which one is lit. Plain data only: the build imports this file outside the bundle.

/** Game tab groups of the home page (spec §2), in order. */
export const GAME_GROUPS = ["recommended", "soccer", "basketball", "esports", "baseball", "tennis", "other"] as const;
export type GameGroup = (typeof GAME_GROUPS)[number];

/** One link of the header's sections. */
export interface HeaderNavLink {
  key: string;
  to: string;
  /** NavLink's `end`: lit on `to` itself only. */
  end: boolean;
  /** The translation key of its label (a feature's keys under the feature: "news.nav"). */
  label: string;
  /** When set, the link is lit on the paths it matches instead of NavLink's rule. */
  match?: RegExp;
}

/**
 * The site's main sections (issue 17), in order: the header links them on every page. The areas
 * with their own translations (news, videos, experts, shop) follow them.
 */
export const MAIN_NAV = [
  { key: "home", to: "/", end: true, label: "discover.nav.home" },
  { key: "live", to: "/live", end: false, label: "discover.nav.live" },
  { key: "schedule", to: "/schedule", end: false, label: "discover.nav.schedule", match: /^\/(match|schedule)(\/|$)/ },
  { key: "data", to: "/leagueLibrary", end: false, label: "discover.nav.data", match: /^\/(leagueLibrary|squadLibrary|playerLibrary)(\/|$)/ },
] as const satisfies readonly HeaderNavLink[];

/** The areas with their own translations (locales/<area>), after the main sections. */
export const AREA_NAV = [
  { key: "news", to: "/news", end: false, label: "news.nav" },
  // The spec has no bare /videos: the header opens the list of every game's videos, and stays
  // lit on any video page.
  { key: "videos", to: "/videos/videoList", end: false, label: "videos.title", match: /^\/videos(\/|$)/ },
  { key: "experts", to: "/expert", end: false, label: "experts.nav.header" },
  { key: "shop", to: "/mall", end: false, label: "shop.nav" },
] as const satisfies readonly HeaderNavLink[];

/** Every section of the header, in order. */
export const HEADER_NAV: readonly HeaderNavLink[] = [...MAIN_NAV, ...AREA_NAV];

/** Whether a section is lit on pathname (NavLink's rule, or the link's own match). */
export function navActive(link: HeaderNavLink, pathname: string): boolean {
  if (link.match) return link.match.test(pathname);
  if (pathname === link.to || pathname === `${link.to}/`) return true;
  return !link.end && pathname.startsWith(`${link.to}/`);
}
