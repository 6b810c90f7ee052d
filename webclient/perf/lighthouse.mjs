// `make web-perf` (issue 19, not part of `make test`): Lighthouse with its mobile defaults
// (simulated slow 4G, 4x CPU slowdown) in Debian's Chromium against one demo node, on the home
// page, the match list, a match detail, a live room and the streamer list. It writes a JSON
// summary (perf/results/latest.json: scores, FCP, LCP, TBT, CLS, the JavaScript each page fetched,
// the initial JS of the build manifest) and the full Lighthouse reports beside it, compares every
// figure with the budgets below and exits 1 when one is missed.
//
// Run by scripts/web-perf.sh, which builds the client and the node, installs Lighthouse here
// (perf/package-lock.json) and gives the node a database of its own. Environment: COURTSIDE_BIN
// (the node binary), DATABASE_URL; WEB_PERF_RUNS (Lighthouse runs per page, median kept; default 1);
// WEB_PERF_OUT (the summary's path).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { startNode, WEBCLIENT_DIR } from "../e2e/harness.mjs";
import { INITIAL_JS_BUDGET, initialJsReport } from "./initial-js.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = process.env.WEB_PERF_OUT ?? join(HERE, "results", "latest.json");
const RUNS = Math.max(1, Number(process.env.WEB_PERF_RUNS ?? 1));
/** WEB_PERF_PAGES: a comma-separated list of page names (home, matchList, ...) to measure; default all. */
const ONLY = (process.env.WEB_PERF_PAGES ?? "").split(",").filter(Boolean);
const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];

/** The budgets of issue 19. Scores are 0-100; times in ms. */
export const BUDGETS = { performance: 90, accessibility: 95, seo: 95, lcpMs: 2500, tbtMs: 200, cls: 0.05, initialJsBytes: INITIAL_JS_BUDGET };

async function api(base, path, body) {
  const headers = { sysType: "PC", lan: "en_US", Accept: "application/json", ...(body ? { "Content-Type": "application/json" } : {}) };
  const res = await fetch(`${base}/java${path}`, { method: body ? "POST" : "GET", headers, body: body ? JSON.stringify(body) : undefined });
  const env = await res.json().catch(() => null);
  if (!env || env.status !== "success") throw new Error(`GET ${path}: HTTP ${res.status}`);
  return env.result;
}

/** The pages to measure, with a real match of the demo data for the match detail. */
async function pages(base) {
  // The demo node seeds its week in the background: wait for matches (at most a minute).
  for (let i = 0; i < 60; i++) {
    const any = await api(base, "/v2/match/getPCLiveGameMatch?pageSize=1").catch(() => null);
    if (any?.list?.length) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const cat = await api(base, "/game/v3/getPCGameSource");
  let match = null;
  for (const g of cat.games ?? []) {
    // A match in play, else the latest finished one (the demo week has both once it is seeded).
    const live = await api(base, `/v2/match/getPCLiveGameMatch?gameId=${g.id}&pageSize=1`).catch(() => null);
    const past = live?.list?.[0] ? null : await api(base, "/v2/match/getPCPastGameMatch", { gameId: g.id, pageSize: 5 }).catch(() => null);
    match = live?.list?.[0] ?? past?.list?.[0] ?? null;
    if (match) break;
  }
  if (!match) throw new Error("the demo node has no match to open");
  const abbr = cat.games.find((g) => g.id === match.gameId)?.abbr ?? String(match.gameId);
  return [
    { name: "home", path: "/", initialJs: "home" },
    { name: "matchList", path: "/match" },
    { name: "matchDetail", path: `/${abbr}/${encodeURIComponent(match.id)}` },
    { name: "liveRoom", path: "/live/1001", initialJs: "liveRoom" },
    { name: "streamerList", path: "/anchor" },
  ];
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function summarise(lhr) {
  const a = lhr.audits;
  const scripts = (a["network-requests"]?.details?.items ?? []).filter((r) => r.resourceType === "Script");
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    fcpMs: Math.round(a["first-contentful-paint"].numericValue),
    lcpMs: Math.round(a["largest-contentful-paint"].numericValue),
    tbtMs: Math.round(a["total-blocking-time"].numericValue),
    cls: Number(a["cumulative-layout-shift"].numericValue.toFixed(3)),
    // Every script the page fetched during the run (transfer size: compressed as served).
    scriptTransferBytes: scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0),
    scriptRequests: scripts.length,
    failedAudits: Object.values(lhr.categories)
      .filter((c) => c.id !== "performance")
      .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0 && a[r.id]?.score !== null && a[r.id]?.score < 1).map((r) => `${c.id}:${r.id}`)),
  };
}

function check(page) {
  const misses = [];
  const m = page.metrics;
  if (m.performance < BUDGETS.performance) misses.push(`performance ${m.performance} < ${BUDGETS.performance}`);
  if (m.accessibility < BUDGETS.accessibility) misses.push(`accessibility ${m.accessibility} < ${BUDGETS.accessibility}`);
  if (m.seo < BUDGETS.seo) misses.push(`SEO ${m.seo} < ${BUDGETS.seo}`);
  if (m.lcpMs > BUDGETS.lcpMs) misses.push(`LCP ${m.lcpMs} ms > ${BUDGETS.lcpMs}`);
  if (m.tbtMs > BUDGETS.tbtMs) misses.push(`TBT ${m.tbtMs} ms > ${BUDGETS.tbtMs}`);
  if (m.cls > BUDGETS.cls) misses.push(`CLS ${m.cls} > ${BUDGETS.cls}`);
  if (page.initialJsGzipBytes !== undefined && page.initialJsGzipBytes > BUDGETS.initialJsBytes)
    misses.push(`initial JS ${page.initialJsGzipBytes} B > ${BUDGETS.initialJsBytes} B gzip`);
  return misses;
}

async function main() {
  const initial = initialJsReport(join(WEBCLIENT_DIR, "dist"));
  const node = await startNode();
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  const results = [];
  try {
    for (const p of (await pages(node.baseURL)).filter((x) => ONLY.length === 0 || ONLY.includes(x.name))) {
      const url = `${node.baseURL}${p.path}`;
      const runs = [];
      let report = null;
      for (let i = 0; i < RUNS; i++) {
        // Lighthouse's defaults: mobile form factor, simulated throttling (slow 4G, 4x CPU).
        const r = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "seo"] });
        runs.push(summarise(r.lhr));
        report = r.report;
      }
      // The run with the median performance score stands for the page.
      const metrics = runs.find((r) => r.performance === median(runs.map((x) => x.performance)));
      const page = { name: p.name, url: p.path, metrics };
      if (p.initialJs) page.initialJsGzipBytes = initial[p.initialJs].gzipBytes;
      page.misses = check(page);
      results.push(page);
      mkdirSync(dirname(OUT), { recursive: true });
      writeFileSync(join(dirname(OUT), `lighthouse-${p.name}.json`), report);
      const m = metrics;
      console.log(
        `${p.name.padEnd(13)} perf ${m.performance} a11y ${m.accessibility} seo ${m.seo} FCP ${m.fcpMs} LCP ${m.lcpMs} TBT ${m.tbtMs} CLS ${m.cls} JS ${(m.scriptTransferBytes / 1024).toFixed(1)} KiB` +
          (page.initialJsGzipBytes !== undefined ? ` initial JS ${(page.initialJsGzipBytes / 1024).toFixed(1)} KiB gzip` : "") +
          (page.misses.length ? `  MISSED: ${page.misses.join("; ")}` : "  ok"),
      );
      // Every run's figures: TBT moves by a hundred milliseconds between identical runs.
      if (RUNS > 1) console.log(`${"".padEnd(13)} runs: TBT ${runs.map((r) => r.tbtMs).join(" / ")} ms, LCP ${runs.map((r) => r.lcpMs).join(" / ")} ms, perf ${runs.map((r) => r.performance).join(" / ")}`);
    }
  } finally {
    await chrome.kill();
    await node.stop();
  }
  const summary = { generatedAt: new Date().toISOString(), lighthouse: "12.2.3 (mobile defaults, simulated throttling)", runsPerPage: RUNS, budgets: BUDGETS, pages: results, pass: results.every((p) => p.misses.length === 0) };
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, JSON.stringify(summary, null, 2) + "\n");
  console.log(`web-perf: ${summary.pass ? "every budget met" : "budgets missed"}; summary in ${OUT}`);
  process.exitCode = summary.pass ? 0 : 1;
}

await main();
