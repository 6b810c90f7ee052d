// The initial-JS budget of issue 19, part of `make test` (it runs after the build, with the browser
// tests): the home page and a live room must each start with at most 150 KiB of JavaScript, gzip
// — the entry chunk and its boot stages (src/boot/), their static imports, and the page's route chunk with its static imports, read
// from Vite's build manifest (perf/initial-js.mjs). `make web-perf` measures the rest in a browser.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { WEBCLIENT_DIR } from "./harness.mjs";
import { BUDGETED_PAGES, firstKeys, INITIAL_JS_BUDGET, initialJs, readManifest, staticClosure } from "../perf/initial-js.mjs";

const dist = join(WEBCLIENT_DIR, "dist");

describe("initial JS budget", () => {
  it("has a build manifest to read", () => {
    assert.ok(existsSync(join(dist, ".vite", "manifest.json")), "dist/.vite/manifest.json missing: run `npm run build` (build.manifest in vite.config.ts)");
  });

  for (const [page, mod] of Object.entries(BUDGETED_PAGES)) {
    it(`${page} starts with at most ${INITIAL_JS_BUDGET / 1024} KiB gzip of JavaScript`, () => {
      const manifest = readManifest(dist);
      assert.ok(manifest[mod], `${mod} has no chunk of its own: its route must stay lazy (src/router.tsx)`);
      const { files, total } = initialJs(dist, mod, manifest);
      const list = Object.entries(files)
        .sort((a, b) => b[1] - a[1])
        .map(([f, s]) => `${(s / 1024).toFixed(1)} KiB ${f}`)
        .join("\n");
      assert.ok(total <= INITIAL_JS_BUDGET, `${page}: ${(total / 1024).toFixed(1)} KiB gzip > ${INITIAL_JS_BUDGET / 1024} KiB:\n${list}`);
    });
  }

  it("keeps the heavy parts out of the first chunk: the player library, react-virtuoso, the back office", () => {
    const manifest = readManifest(dist);
    const first = new Set(staticClosure(manifest, firstKeys(manifest)));
    const virtuoso = Object.values(manifest).filter((c) => c.name === "LazyVirtuoso").flatMap((c) => c.dynamicImports ?? []);
    assert.ok(virtuoso.length > 0, "no lazy react-virtuoso chunk (src/components/LazyVirtuoso.tsx)");
    const heavy = Object.entries(manifest)
      .filter(([k]) => /node_modules\/mpegts\.js\/|src\/pages\/Admin\//.test(k) || virtuoso.includes(k))
      .map(([, c]) => c.file)
      .filter((f) => first.has(f));
    assert.deepEqual(heavy, []);
  });
});
