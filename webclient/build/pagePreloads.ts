// A Vite plugin that writes dist/preload.json (issue 19): for the pages the route table names
// (routes.json's "page"), the JavaScript a page needs beyond the entry chunk (its lazy route chunk
// and that chunk's static imports), and for each language its locale chunk. The Go node reads it
// (api/sitepreload.go) and adds <link rel="modulepreload"> for the requested page and the reader's
// language to the first HTML, so the browser fetches them beside the entry chunk instead of one
// after the other: entry → (runs) → locale chunk → first render → route chunk → its imports.
//
// It also names the entry's boot stages in dist/index.html (bootLinks): src/main.tsx imports the
// modules of src/boot/ one after another, yielding between them, so that no one task evaluates
// the whole app (issue 19, blocking time); their chunks and style sheets are linked in the first
// HTML like the entry's own static imports, so they load in parallel and the sheets style the
// static shell at its first paint.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { LOCALE_BUNDLES } from "./localeBundles";

/**
 * Route-table page names and the module of their route (src/router.tsx). The pages issue 19
 * measures, and the ones a visitor lands on most; any other page gets only its language's chunk.
 */
export const PRELOAD_PAGES: Record<string, string> = {
  home: "src/pages/Home/Home.tsx",
  matchList: "src/pages/Matches/MatchListPage.tsx",
  match: "src/pages/Matches/MatchDetail.tsx",
  liveRoom: "src/pages/LiveRoom/LiveRoom.tsx",
  liveIndex: "src/pages/Live/LivePage.tsx",
  anchorIndex: "src/pages/Anchor/AnchorList.tsx",
  newsIndex: "src/pages/News/NewsList.tsx",
};

/**
 * Chunks that start their dynamic imports as soon as they run (src/components/LazyVirtuoso.tsx
 * fetches react-virtuoso when a list's module loads): a page that imports one preloads those too.
 */
export const EAGER_DYNAMIC = new Set(["LazyVirtuoso"]);

export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The boot stages: the entry's dynamic imports (src/main.tsx imports nothing else dynamically), in
 * the order it imports them. They are part of every page's first JavaScript (perf/initial-js.mjs,
 * firstKeys, counts them too).
 */
export function bootStages(manifest: Manifest): string[] {
  return Object.values(manifest)
    .filter((c) => c.isEntry)
    .flatMap((c) => c.dynamicImports ?? [])
    .filter((k) => manifest[k]);
}

export interface PreloadTable {
  about: string;
  /** Page name → absolute paths of its JS beyond the entry's closure. */
  pages: Record<string, string[]>;
  /** Locale code → absolute paths of its locale chunk (and imports beyond the entry's closure). */
  locales: Record<string, string[]>;
  /**
   * Page name → absolute paths of the style sheets of its route chunk and that chunk's static
   * imports beyond the entry's: the node links them in the head (api/sitepreload.go), so the static
   * shell of the first HTML (api/siteshell.go), which uses the page's own classes, is styled at its
   * first paint; Vite's loader finds them already there and does not fetch them again.
   */
  styles: Record<string, string[]>;
}

/** The table for a build manifest (pure, for the test). */
export function preloadTable(manifest: Manifest, pages: Record<string, string> = PRELOAD_PAGES): PreloadTable {
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const files: string[] = [];
    const walk = (k: string) => {
      const chunk = manifest[k];
      if (seen.has(k) || !chunk) return;
      seen.add(k);
      files.push(chunk.file, ...(chunk.css ?? []));
      chunk.imports?.forEach(walk);
      if (chunk.name && EAGER_DYNAMIC.has(chunk.name)) chunk.dynamicImports?.forEach(walk);
    };
    keys.forEach(walk);
    return files;
  };
  // The style sheets a route chunk loads with itself (its static imports'), in the order Vite's loader
  // inserts them: an import's sheets before its importer's, so the cascade is the same.
  const sheets = (key: string) => {
    const seen = new Set<string>();
    const files: string[] = [];
    const walk = (k: string) => {
      const chunk = manifest[k];
      if (seen.has(k) || !chunk) return;
      seen.add(k);
      chunk.imports?.forEach(walk);
      files.push(...(chunk.css ?? []));
    };
    walk(key);
    return files;
  };
  // The entry and its static imports are in index.html already (script + Vite's own modulepreloads),
  // and so are the boot stages and theirs (bootLinks).
  const inIndex = new Set(closure([...Object.keys(manifest).filter((k) => manifest[k]!.isEntry), ...bootStages(manifest)]));
  const beyond = (key: string) => closure([key]).filter((f) => f.endsWith(".js") && !inIndex.has(f)).map((f) => `/${f}`);
  const out: PreloadTable = {
    about: "Written by webclient/build/pagePreloads.ts; read by api/sitepreload.go: <link rel=modulepreload> per page and language.",
    pages: {},
    locales: {},
    styles: {},
  };
  for (const [page, mod] of Object.entries(pages)) if (manifest[mod]) out.pages[page] = beyond(mod);
  for (const [page, mod] of Object.entries(pages)) {
    if (!manifest[mod]) continue;
    const css = sheets(mod).filter((f) => !inIndex.has(f)).map((f) => `/${f}`);
    if (css.length) out.styles[page] = css;
  }
  const prefix = `${LOCALE_BUNDLES}/`;
  for (const key of Object.keys(manifest).sort()) if (key.startsWith(prefix)) out.locales[key.slice(prefix.length)] = beyond(key);
  return out;
}

/**
 * The <link> tags of the boot stages for index.html (pure, for the test): a modulepreload for each
 * chunk of their static closure that the entry's own closure (linked by Vite) does not hold, then
 * their style sheets in the order Vite's loader would insert them (a chunk's imports' sheets before
 * its own, stage after stage), which is the cascade the single entry had.
 */
export function bootLinks(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  const linked = new Set<string>();
  const walkJs = (k: string, out: string[]) => {
    const chunk = manifest[k];
    if (!chunk || linked.has(k)) return;
    linked.add(k);
    out.push(chunk.file);
    chunk.imports?.forEach((i) => walkJs(i, out));
  };
  entries.forEach((k) => walkJs(k, []));
  const entryCss = new Set(entries.flatMap((k) => manifest[k]!.css ?? []));
  const js: string[] = [];
  bootStages(manifest).forEach((k) => walkJs(k, js));
  const seenCss = new Set<string>(entryCss);
  const css: string[] = [];
  const walkCss = (k: string, seen: Set<string>) => {
    const chunk = manifest[k];
    if (!chunk || seen.has(k)) return;
    seen.add(k);
    chunk.imports?.forEach((i) => walkCss(i, seen));
    for (const f of chunk.css ?? []) {
      if (seenCss.has(f)) continue;
      seenCss.add(f);
      css.push(f);
    }
  };
  bootStages(manifest).forEach((k) => walkCss(k, new Set(entries)));
  return [
    ...js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ...css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
  ].join("\n    ");
}

/** The plugin: needs build.manifest (it reads the manifest Vite wrote into the bundle). */
export function pagePreloads(): Plugin {
  return {
    name: "courtside-page-preloads",
    apply: "build",
    writeBundle(options, bundle) {
      const asset = bundle[".vite/manifest.json"];
      if (!asset || asset.type !== "asset" || !options.dir) return;
      const manifest = JSON.parse(String(asset.source)) as Manifest;
      writeFileSync(join(options.dir, "preload.json"), `${JSON.stringify(preloadTable(manifest), null, 1)}\n`);
      const links = bootLinks(manifest);
      const indexFile = join(options.dir, "index.html");
      const index = readFileSync(indexFile, "utf8");
      if (links && !index.includes("</head>")) this.error("pagePreloads: dist/index.html has no </head> for the boot stages' links");
      if (links) writeFileSync(indexFile, index.replace("</head>", `  ${links}\n  </head>`));
    },
  };
}
