// The initial JavaScript of a page of the built web client, from Vite's build manifest
// (dist/.vite/manifest.json): the entry chunk and its boot stages (src/boot/, see firstKeys) and
// everything they import statically, plus the
// page's own route chunk (every route is lazy, see src/router.tsx) and its static imports. That
// is what the browser must fetch and run before the page can render, apart from the language's
// locale chunk (reported beside it). Sizes are gzip (level 9) of the files as built.
// Used by e2e/bundle-budget.test.mjs (part of `make test`) and perf/lighthouse.mjs (`make web-perf`).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** The budget of issue 19: the initial JS of home and of a live room, gzip. */
export const INITIAL_JS_BUDGET = 150 * 1024;

/** The pages whose initial JS is budgeted, by the source module of their route. */
export const BUDGETED_PAGES = {
  home: "src/pages/Home/Home.tsx",
  liveRoom: "src/pages/LiveRoom/LiveRoom.tsx",
};

/** The default language of the site (zh_CN): its locale chunk is loaded before any page renders. */
export const DEFAULT_LOCALE = "zh_CN";

export function readManifest(dist) {
  return JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
}

/** The chunk files of the given manifest keys and their static imports, each once. */
export function staticClosure(manifest, keys) {
  const seen = new Set();
  const files = [];
  const walk = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    files.push(chunk.file);
    for (const imp of chunk.imports ?? []) walk(imp);
  };
  keys.forEach(walk);
  return files;
}

export function gzipSize(dist, file) {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
}

/**
 * The manifest keys every page starts with: the entry and its boot stages, the entry's dynamic
 * imports (src/main.tsx imports src/boot/'s modules one after another and nothing else dynamically;
 * build/pagePreloads.ts, bootStages, names them in index.html as modulepreloads).
 */
export function firstKeys(manifest) {
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const stages = entries.flatMap((k) => manifest[k].dynamicImports ?? []).filter((k) => manifest[k]);
  return [...entries, ...stages];
}

/** The initial JS of the page whose route module is routeModule: files and their gzip sizes. */
export function initialJs(dist, routeModule, manifest = readManifest(dist)) {
  const entries = firstKeys(manifest);
  // A route module without a chunk of its own is part of the entry's closure (a static import).
  const keys = manifest[routeModule] ? [...entries, routeModule] : entries;
  const files = staticClosure(manifest, keys).filter((f) => f.endsWith(".js"));
  const sizes = Object.fromEntries(files.map((f) => [f, gzipSize(dist, f)]));
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  return { files: sizes, total };
}

/** The gzip size of a language's locale chunk (build/localeBundles.ts makes one per language). */
export function localeChunkSize(dist, locale, manifest = readManifest(dist)) {
  const chunk = manifest[`virtual:locale-bundles/${locale}`];
  return chunk ? gzipSize(dist, chunk.file) : 0;
}

/** Every budgeted page's initial JS, for a summary. */
export function initialJsReport(dist) {
  const manifest = readManifest(dist);
  const locale = localeChunkSize(dist, DEFAULT_LOCALE, manifest);
  const pages = {};
  for (const [page, mod] of Object.entries(BUDGETED_PAGES)) {
    const { files, total } = initialJs(dist, mod, manifest);
    pages[page] = { gzipBytes: total, budgetBytes: INITIAL_JS_BUDGET, pass: total <= INITIAL_JS_BUDGET, localeChunkGzipBytes: locale, files };
  }
  return pages;
}

// node perf/initial-js.mjs [dist]: print the report.
if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.argv[2] ?? new URL("../dist", import.meta.url).pathname;
  const report = initialJsReport(dist);
  for (const [page, r] of Object.entries(report)) {
    console.log(`${page}: ${(r.gzipBytes / 1024).toFixed(1)} KiB gzip (budget ${r.budgetBytes / 1024} KiB) ${r.pass ? "ok" : "OVER"}; ${DEFAULT_LOCALE} locale chunk ${(r.localeChunkGzipBytes / 1024).toFixed(1)} KiB`);
    for (const [f, s] of Object.entries(r.files).sort((a, b) => b[1] - a[1])) console.log(`  ${(s / 1024).toFixed(1).padStart(7)}  ${f}`);
  }
}
