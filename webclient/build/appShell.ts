// A Vite plugin that writes dist/shell.json (issue 19): what the node needs to write a static shell
// of the page into the first HTML's <div id="root"> (api/siteshell.go), so the header and the page's
// heading paint before any JavaScript has run (first paint and the largest paint no longer wait for
// the entry chunk, the locale chunk and the route chunk). React renders over it (createRoot replaces
// the children). One source for everything the shell shows:
//
//   * strings: the translations of each language, read from the same locale files the client
//     bundles (src/i18n/locales), by the keys the header and the headings use (SHELL_KEYS);
//   * classes: the CSS modules' generated class names of the components the shell copies, collected
//     while Vite compiles them (cssModuleClasses, css.modules.getJSON in vite.config.ts), so the
//     shell is styled by the very rules that style the React tree;
//   * nav: the header's sections (src/components/headerNav.ts, which Header.tsx renders);
//   * languages: the language switcher's names (src/i18n/locales.ts); the shell's button shows the reader's.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { Plugin } from "vite";
import { GAME_GROUPS, HEADER_NAV } from "../src/components/headerNav";
import { FALLBACK_LOCALE, LOCALE_NAMES, LOCALES } from "../src/i18n/locales";

/** The CSS modules whose class names the shell uses (paths under src/); the table names each by its file's stem. */
export const SHELL_MODULES = [
  "components/Layout.module.css",
  "components/Header.module.css",
  "components/HeaderSearch.module.css",
  "components/LanguageSwitcher.module.css",
  "pages/LiveRoom/LiveRoom.module.css",
  "components/TabList/TabList.module.css",
];

const stem = (file: string) => basename(file).replace(/\.module\.css$/, "");

/** Translation keys the shell shows, beside the header's section labels and the game groups. */
export const SHELL_KEYS = [
  "app.skipToContent",
  "discover.nav.menu",
  "discover.nav.label",
  "discover.nav.search",
  "search.placeholder",
  "header.language",
  "header.login",
  "nav.label",
  "home.title",
  "news.homeLink",
  "live.room.untitled",
  "live.danmu",
  "live.theatre.enter",
  "live.chat",
  "live.player",
  "matches.list.title",
  "matches.list.matches",
  "matches.list.results",
  "matches.list.favourites",
  "anchor.list.title",
  "anchor.list.liveOnly",
  "anchor.list.live",
  "anchor.broadcast.noTitle",
  "anchor.player.viewers",
  "discover.followers",
];

/** Every key the shell needs. */
export function shellKeys(): string[] {
  return [...SHELL_KEYS, ...HEADER_NAV.map((n) => n.label), ...GAME_GROUPS.map((g) => `nav.${g}`)];
}

type Tree = { [k: string]: string | Tree };

/** A language's resource tree as the client builds it (build/localeBundles.ts): the shell file, each feature under its name. */
export function localeTree(dir: string, code: string, features: string[]): Tree {
  const tree = JSON.parse(readFileSync(join(dir, `${code}.json`), "utf8")) as Tree;
  for (const f of features) {
    try {
      tree[f] = JSON.parse(readFileSync(join(dir, f, `${code}.json`), "utf8")) as Tree;
    } catch {
      // a feature without this language: i18next falls back to English, and so does lookup
    }
  }
  return tree;
}

function lookup(tree: Tree, key: string): string | undefined {
  let at: string | Tree | undefined = tree;
  for (const part of key.split(".")) at = typeof at === "object" ? at[part] : undefined;
  return typeof at === "string" ? at : undefined;
}

/** The strings of every language by key, English where a language lacks one (as i18next does). */
export function shellStrings(dir: string): Record<string, Record<string, string>> {
  const keys = shellKeys();
  const features = [...new Set(keys.filter((k) => k.includes(".")).map((k) => k.split(".")[0]!))];
  const fallback = localeTree(dir, FALLBACK_LOCALE, features);
  const out: Record<string, Record<string, string>> = {};
  for (const code of LOCALES) {
    const tree = localeTree(dir, code, features);
    const strings: Record<string, string> = {};
    for (const k of keys) {
      const v = lookup(tree, k) ?? lookup(fallback, k);
      if (v === undefined) throw new Error(`appShell: no translation of ${k} in ${code} or ${FALLBACK_LOCALE}`);
      strings[k] = v;
    }
    out[code] = strings;
  }
  return out;
}

/** Class names of the shell's CSS modules by file, filled by css.modules.getJSON while Vite compiles. */
const collected: Record<string, Record<string, string>> = {};

/** css.modules.getJSON: keeps the generated names of SHELL_MODULES. */
export function cssModuleClasses(cssFileName: string, json: Record<string, string>): void {
  const file = cssFileName.replace(/\?.*$/, "").replaceAll("\\", "/");
  if (SHELL_MODULES.some((m) => file.endsWith(`/src/${m}`))) collected[stem(file)] = json;
}

export interface ShellTable {
  about: string;
  classes: Record<string, Record<string, string>>;
  nav: { key: string; to: string; end: boolean; label: string; match?: string }[];
  groups: string[];
  languages: { code: string; name: string }[];
  strings: Record<string, Record<string, string>>;
}

/** The table (pure but for reading the locale files). */
export function shellTable(localeDir: string, classes: Record<string, Record<string, string>>): ShellTable {
  return {
    about: "Written by webclient/build/appShell.ts; read by api/siteshell.go: the static shell of the first HTML.",
    classes,
    nav: HEADER_NAV.map((n) => ({ key: n.key, to: n.to, end: n.end, label: n.label, ...(n.match ? { match: n.match.source } : {}) })),
    groups: [...GAME_GROUPS],
    languages: LOCALES.map((code) => ({ code, name: LOCALE_NAMES[code] })),
    strings: shellStrings(localeDir),
  };
}

/** The plugin; localeDir is src/i18n/locales. */
export function appShell(localeDir: string): Plugin {
  return {
    name: "courtside-app-shell",
    apply: "build",
    writeBundle(options) {
      if (!options.dir) return;
      const missing = SHELL_MODULES.map(stem).filter((m) => !collected[m]);
      if (missing.length) this.error(`appShell: the class names of ${missing.join(", ")} were not collected (css.modules.getJSON)`);
      writeFileSync(join(options.dir, "shell.json"), `${JSON.stringify(shellTable(localeDir, collected), null, 1)}\n`);
    },
  };
}
