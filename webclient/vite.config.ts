import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { localeBundles } from "./build/localeBundles";
import { pagePreloads } from "./build/pagePreloads";
import { appShell, cssModuleClasses } from "./build/appShell";

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
        advancedChunks: { groups: [{ name: "core", test: /webclient[\\/]src[\\/]data[\\/]/ }] },
      },
    },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
