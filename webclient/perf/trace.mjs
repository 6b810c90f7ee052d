// Where a page's main-thread time goes (issue 19): loads one page of a running node in Debian's
// Chromium with Lighthouse's CPU slowdown (4x) and prints the first and largest paints, the layout
// shifts, the long tasks (over 50 ms) with what ran in them, and the functions with the most self time from a CPU profile of the load. Lighthouse gives
// the totals (TBT, bootup time); this says which code to cut.
//
//   node perf/trace.mjs http://127.0.0.1:18120/ [seconds=8]
//
// Environment: TRACE_CPU (slowdown, default 4), TRACE_NET=off (no slow-4G throttling), TRACE_FONTS=1 (the font
// lookups before the first paint and in later layouts), TRACE_TOP (functions listed, default 25), TRACE_SHOT
// (a PNG of the page at the end), TRACE_TIMELINE=1 (also a Chromium trace: every main-thread task over
// 50 ms with the events inside it, e.g. v8.evaluateModule of a chunk, a timer's function call, layout;
// the sampled profile cannot tell a module's evaluation from the other script of a task; a module's
// evaluation is named by the files the profile's samples in it ran in, or with TRACE_TIMELINE_FNS=1
// by their functions).
import { chromium } from "playwright-core";

const url = process.argv[2];
if (!url) throw new Error("usage: node perf/trace.mjs <url> [seconds]");
const seconds = Number(process.argv[3] ?? 8);
const slowdown = Number(process.env.TRACE_CPU ?? 4);
const top = Number(process.env.TRACE_TOP ?? 25);
const network = process.env.TRACE_NET !== "off";

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
try {
  // Lighthouse's mobile viewport, so the same rows are on screen.
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
  if (network) {
    // Lighthouse's slow 4G (150 ms round trip, 1.6 Mbit/s down), applied by the browser rather than
    // simulated: the chain of requests before the first render shows in the LCP.
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 });
  }
  await page.addInitScript(() => {
    // Long tasks and LCP as the page sees them (the PerformanceObserver buffers from navigation on).
    window.__perf = { long: [], lcp: null, lcps: [], cls: 0, shifts: [] };
    // Layout shifts as CLS counts them (no recent input), with the nodes that moved.
    const name = (n) => (!n ? "?" : `${n.nodeName.toLowerCase()}${n.dataset?.testid ? `[${n.dataset.testid}]` : typeof n.className === "string" && n.className ? `.${n.className.split(" ")[0]}` : ""}`);
    new PerformanceObserver((l) => l.getEntries().forEach((e) => {
      if (e.hadRecentInput) return;
      window.__perf.cls += e.value;
      window.__perf.shifts.push(`${Math.round(e.startTime)} ms ${e.value.toFixed(3)}: ${(e.sources ?? []).map((s) => name(s.node)).join(", ")}`);
    })).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__perf.long.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({ type: "longtask", buffered: true });
    // Every LCP candidate: the shell must hold the last one (or one at least as large) to end the chain early.
    new PerformanceObserver((l) => l.getEntries().forEach((e) => {
      window.__perf.lcp = { t: Math.round(e.startTime), el: e.element ? `${e.element.tagName}.${e.element.className}`.slice(0, 80) : "?" };
      const what = e.url ? e.url.replace(/^.*\//, "") : (e.element?.textContent ?? "").trim().slice(0, 40);
      window.__perf.lcps.push(`${Math.round(e.startTime)} ms ${e.size} px² ${window.__perf.lcp.el} "${what}"`);
    })).observe({ type: "largest-contentful-paint", buffered: true });
  });
  const fonts = process.env.TRACE_FONTS === "1";
  const timeline = process.env.TRACE_TIMELINE === "1" || fonts;
  if (timeline) {
    await browser.startTracing(page, {
      categories: ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.execute", "blink.user_timing", "loading", ...(fonts ? ["fonts", "blink"] : [])],
    });
  }
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  const started = Date.now();
  await page.goto(url, { waitUntil: "commit", timeout: 60_000 });
  await page.waitForTimeout(seconds * 1000);
  const { profile } = await cdp.send("Profiler.stop");
  const trace = timeline ? JSON.parse(String(await browser.stopTracing())) : null;
  const traceTasks = trace ? longTasksOfTrace(trace, profile) : null;
  if (process.env.TRACE_SHOT) await page.screenshot({ path: process.env.TRACE_SHOT });
  const perf = await page.evaluate(() => window.__perf);
  const tbt = perf.long.reduce((s, [, d]) => s + Math.max(0, d - 50), 0);
  console.log(`${url}  (CPU ${slowdown}x${network ? ", slow 4G" : ""}, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const fcp = await page.evaluate(() => Math.round(performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1));
  console.log(`FCP ${fcp} ms; LCP ${perf.lcp?.t} ms on ${perf.lcp?.el}; long tasks ${perf.long.length}, blocking ${tbt} ms (all, not only before TTI)`);
  console.log(`LCP candidates: ${perf.lcps.join("; ")}`);
  console.log(`layout shift ${perf.cls.toFixed(3)}${perf.shifts.length ? `: ${perf.shifts.join("; ")}` : ""}`);
  console.log("long tasks [start ms, duration ms]:", JSON.stringify(perf.long));

  if (traceTasks) console.log(`\n${traceTasks}`);
  if (fonts) console.log(`\n${fontLookupsOfTrace(trace)}`);

  // Self time per function from the sampled profile; the time between samples goes to the sampled node.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i + 1] ?? 0)));
  const byFn = new Map();
  for (const [id, us] of self) {
    const f = byId.get(id).callFrame;
    if (f.functionName === "(idle)" || f.functionName === "(program)") continue;
    const key = `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*\//, "")}:${f.lineNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + us);
  }
  // Long tasks from the profile itself: runs of non-idle samples with no idle gap; each listed with
  // the functions that had the most self time in it.
  const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  const fnKey = (id) => {
    const f = byId.get(id).callFrame;
    return `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*\//, "")}:${f.lineNumber + 1}`;
  };
  let t = profile.startTime;
  let run = null;
  const runs = [];
  profile.samples.forEach((id, i) => {
    t += deltas[i] ?? 0;
    const us = deltas[i + 1] ?? 0;
    if (idleIds.has(id)) {
      if (run) runs.push(run);
      run = null;
      return;
    }
    run ??= { start: t, us: 0, fns: new Map() };
    run.us += us;
    run.fns.set(fnKey(id), (run.fns.get(fnKey(id)) ?? 0) + us);
  });
  if (run) runs.push(run);
  console.log("\nbusy runs over 50 ms in the profile (ms from profile start):");
  for (const r of runs.filter((r) => r.us > 50_000)) {
    const fns = [...r.fns].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, us]) => `${k} ${Math.round(us / 1000)}`);
    console.log(`  @${Math.round((r.start - profile.startTime) / 1000)} ${Math.round(r.us / 1000)} ms: ${fns.join(" | ")}`);
  }
  const total = [...byFn.values()].reduce((a, b) => a + b, 0);
  console.log(`\nscript/GC self time ${Math.round(total / 1000)} ms; top ${top}:`);
  for (const [k, us] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${String(Math.round(us / 1000)).padStart(7)} ms  ${k}`);
  // Inclusive time of the app's own functions (not the libraries'): which component's subtree costs.
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map();
  for (const [id, us] of self) {
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const f = byId.get(n).callFrame;
      if (!/\/assets\//.test(f.url) || !/^[A-Z]/.test(f.functionName)) continue;
      const key = `${f.functionName} ${f.url.replace(/^.*\//, "")}`;
      if (seen.has(key)) continue;
      seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + us);
    }
  }
  // TRACE_CALLERS=name: where the self time of the functions called name comes from (their callers' chains).
  if (process.env.TRACE_CALLERS) {
    const chains = new Map();
    for (const [id, us] of self) {
      if (byId.get(id).callFrame.functionName !== process.env.TRACE_CALLERS) continue;
      const chain = [];
      for (let n = parent.get(id); n !== undefined && chain.length < 8; n = parent.get(n)) chain.push(fnKey(n));
      const key = chain.join(" < ");
      chains.set(key, (chains.get(key) ?? 0) + us);
    }
    console.log(`\ncallers of ${process.env.TRACE_CALLERS}:`);
    for (const [k, us] of [...chains].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`${String(Math.round(us / 1000)).padStart(7)} ms  ${k}`);
  }
  console.log(`\ncomponents (capitalised functions) by inclusive time:`);
  for (const [k, us] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${String(Math.round(us / 1000)).padStart(7)} ms  ${k}`);
} finally {
  await browser.close();
}

/**
 * The main thread's tasks over 50 ms in a Chromium trace (ms from navigationStart), each with the
 * events nested in it that took 3 ms or more, indented by depth (three levels): which chunk's module
 * evaluation, which timer or message handler, layout or style.
 */
function longTasksOfTrace(trace, profile) {
  // The sampled profile runs on the same clock as the trace: a module's evaluation is named by the
  // script files its samples ran in (the trace's v8.evaluateModule carries no URL).
  const nodeUrl = new Map(profile.nodes.map((n) => [n.id, n.callFrame.url.replace(/^.*\//, "")]));
  const nodeFn = new Map(profile.nodes.map((n) => [n.id, `${n.callFrame.functionName || "(anonymous)"}:${n.callFrame.lineNumber + 1}`]));
  const samples = [];
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (nodeUrl.get(id)) samples.push([at, nodeUrl.get(id), `${nodeFn.get(id)} ${nodeUrl.get(id)}`]);
  });
  const scriptsIn = (e, fn = process.env.TRACE_TIMELINE_FNS === "1") => {
    const by = new Map();
    for (const [t, url, f] of samples) if (t >= e.ts && t <= e.ts + e.dur) by.set(fn ? f : url, (by.get(fn ? f : url) ?? 0) + 1);
    const total = [...by.values()].reduce((a, b) => a + b, 0);
    return [...by].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([u, n]) => `${u} ${Math.round((100 * n) / total)}%`).join(", ");
  };
  const events = trace.traceEvents ?? trace;
  const main = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain" && events.some((x) => x.pid === e.pid && x.name === "navigationStart"));
  if (!main) return "trace: no renderer main thread with a navigation";
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && typeof e.dur === "number").sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // The page's own navigation (not about:blank's), the zero of the times printed.
  const navs = events.filter((e) => e.pid === main.pid && e.name === "navigationStart");
  const nav = (navs.find((e) => /^https?:/.test(e.args?.data?.documentLoaderURL ?? "")) ?? navs.at(-1)).ts;
  const ms = (us) => Math.round(us / 1000);
  const label = (e) => {
    const d = e.args?.data ?? e.args ?? {};
    const url = d.url ?? d.fileName ?? d.scriptName ?? "";
    const what = [d.functionName, url ? url.replace(/^.*\//, "") : "", d.type].filter(Boolean).join(" ");
    return `${e.name}${what ? ` (${what})` : ""}`;
  };
  const lines = ["main-thread tasks over 50 ms in the Chromium trace (ms from navigationStart, duration, what ran inside):"];
  let blocking = 0;
  let last = 0;
  const isTask = (e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask";
  for (const task of own.filter(isTask)) {
    // A task is traced twice (the scheduler's RunTask inside ThreadControllerImpl's): the outer one counts.
    if (task.dur < 50_000 || task.ts < last) continue;
    last = task.ts + task.dur;
    blocking += task.dur / 1000 - 50;
    lines.push(`  @${ms(task.ts - nav)} ${ms(task.dur)} ms`);
    const end = task.ts + task.dur;
    const stack = [end];
    for (const e of own) {
      if (e === task || e.ts < task.ts || e.ts + e.dur > end || isTask(e)) continue;
      while (stack.length > 1 && e.ts >= stack.at(-1)) stack.pop();
      const depth = stack.length;
      stack.push(e.ts + e.dur);
      const where = e.name === "v8.evaluateModule" ? scriptsIn(e) : "";
      if (depth <= 3 && e.dur >= 3000) lines.push(`  ${"  ".repeat(depth)}${ms(e.dur)} ${label(e)}${where ? ` [samples in ${where}]` : ""}`);
    }
  }
  lines.push(`  blocking (sum of the tasks' time over 50 ms): ${Math.round(blocking)} ms`);
  return lines.join("\n");
}

/**
 * TRACE_FONTS=1: the font lookups of the main thread (each an IPC to the browser in Chromium on Linux): before
 * the first contentful paint, and in each later layout over 8 ms. A character no listed font has costs a
 * fallback lookup at every size and weight it is drawn in (issue 19, docs/BENCHMARKS.md "Fonts at the first
 * layout"). Nested events repeat their parents' time, so only counts are given for the font events.
 */
function fontLookupsOfTrace(trace) {
  const events = trace.traceEvents ?? trace;
  const main = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain" && events.some((x) => x.pid === e.pid && x.name === "navigationStart"));
  if (!main) return "trace: no renderer main thread with a navigation";
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && typeof e.dur === "number");
  const navs = events.filter((e) => e.pid === main.pid && e.name === "navigationStart");
  const nav = (navs.find((e) => /^https?:/.test(e.args?.data?.documentLoaderURL ?? "")) ?? navs.at(-1)).ts;
  const fcp = events.find((e) => e.pid === main.pid && e.name === "firstContentfulPaint")?.ts ?? Infinity;
  const count = (list, name) => list.filter((e) => e.name === name).length;
  const ms = (list, name) => Math.round(list.filter((e) => e.name === name).reduce((a, e) => a + e.dur, 0) / 1000);
  const describe = (list) =>
    `font lookups ${count(list, "FontCache::GetFontPlatformData")}, strikes ${count(list, "WebSandboxSupportLinux::GetWebFontRenderStyleForStrike")} ` +
    `(${ms(list, "WebSandboxSupportLinux::GetWebFontRenderStyleForStrike")} ms), fallback lookups ${count(list, "FontCache::FallbackFontForCharacter")}`;
  const before = own.filter((e) => e.ts < fcp);
  const lines = [`fonts before the first contentful paint (${Math.round((fcp - nav) / 1000)} ms): layout ${ms(before, "Layout")} ms, style ${ms(before, "UpdateLayoutTree")} ms; ${describe(before)}`];
  for (const l of own.filter((e) => e.name === "Layout" && e.ts >= fcp && e.dur > 8000)) {
    const inside = own.filter((e) => e.ts >= l.ts && e.ts + e.dur <= l.ts + l.dur);
    lines.push(`  layout @${Math.round((l.ts - nav) / 1000)} ${Math.round(l.dur / 1000)} ms: ${describe(inside)}`);
  }
  return lines.join("\n");
}
