import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import type { ChunkingContext } from "rolldown";
import { localeBundles } from "./build/localeBundles";
import { pagePreloads } from "./build/pagePreloads";
import { appShell, cssModuleClasses } from "./build/appShell";

const APP_STAGE = fileURLToPath(new URL("./src/boot/app.tsx", import.meta.url));
const ENTRY = fileURLToPath(new URL("./src/main.tsx", import.meta.url));
const appStages = new WeakMap<ChunkingContext, Set<string>>();

/** A module's static closure (itself and what it imports statically, transitively). */
function staticClosure(ctx: ChunkingContext, root: string): Set<string> {
  const graph = new Set<string>();
  const stack = [root];
  while (stack.length) {
    const id = stack.pop()!;
    if (graph.has(id)) continue;
    graph.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return graph;
}

/**
 * The modules of the app's boot stage (src/boot/app.tsx and its static imports), without those the
 * entry itself imports statically (the reload guard, Vite's preload helper: in the app's chunk, they
 * would make the entry import the whole stage statically), per chunking pass. Left to the bundler,
 * the stage's modules that route chunks share went out as a handful of small chunks of their own (the
 * stage is a dynamic import, and the bundler does not know it always comes first): more requests and
 * 1-2 KiB more gzip in the initial JavaScript.
 */
function appStage(ctx: ChunkingContext): Set<string> {
  let graph = appStages.get(ctx);
  if (graph) return graph;
  graph = staticClosure(ctx, APP_STAGE);
  for (const id of staticClosure(ctx, ENTRY)) graph.delete(id);
  appStages.set(ctx, graph);
  return graph;
}

// The Go node serves dist/ at "/" and the REST API at "/java"; in development the
// Vite server forwards "/java" to a node on the default port.
export default defineConfig({
  plugins: [
    react(),
    localeBundles(fileURLToPath(new URL("./src/i18n/locales", import.meta.url))),
    pagePreloads(),
    appShell(fileURLToPath(new URL("./src/i18n/locales", import.meta.url))),
  ],
  server: {
    proxy: {
      "/java": { target: "http://127.0.0.1:8080", changeOrigin: false },
      "/media": { target: "http://127.0.0.1:8080", changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      "/java": { target: "http://127.0.0.1:8080", changeOrigin: false },
      "/media": { target: "http://127.0.0.1:8080", changeOrigin: false },
    },
  },
  // Component-scoped styles (docs/decisions/0007-css-modules.md): X.module.css beside its component,
  // read as styles.camelName; the class keeps its name in front of the hash so devtools stay readable.
  css: {
    modules: {
      localsConvention: "camelCase",
      generateScopedName: "[local]_[hash:base64:5]",
      // The generated names of the modules the first HTML's static shell copies (build/appShell.ts).
      getJSON: cssModuleClasses,
    },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    // dist/.vite/manifest.json: the initial-JS budget test (e2e/bundle-budget.test.mjs) and
    // `make web-perf` read which chunks a page loads first; build/pagePreloads.ts turns it into
    // dist/preload.json, the node's <link rel=modulepreload> per page and language.
    manifest: true,
    rolldownOptions: {
      output: {
        // The data layer (src/data) and what it depends on (i18next, jotai, the API client) go out as
        // one chunk. Left to the bundler they were split by importer into a handful of small files
        // (the player reads only useResource), each compressed on its own: one chunk is 2-6 KiB less
        // gzip in the home page's and the live room's initial JavaScript (budget 150 KiB, issue 19).
        // The boot stages (src/main.tsx evaluates them one after another, yielding between them, so
        // that no one task evaluates the whole app): React and react-dom first, then the core chunk,
        // then the app's chunk (the route table, the layout, i18n, the state: src/boot/app.tsx and
        // its static imports), which was the entry's; the route chunks import from these three.
        advancedChunks: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|webclient[\\/]src[\\/]boot[\\/]react\.ts$/, priority: 3 },
            { name: "core", test: /webclient[\\/]src[\\/]data[\\/]|webclient[\\/]src[\\/]boot[\\/]core\.ts$/, priority: 2 },
            { name: (id, ctx) => (appStage(ctx).has(id) ? "app" : null), priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
