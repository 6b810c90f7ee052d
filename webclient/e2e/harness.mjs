// Test harness for the browser end-to-end tests: starts a real Courtside node serving
// the built web client, and launches Debian's Chromium through playwright-core.
//
// Contract with the node (cmd/courtside): it reads COURTSIDE_HTTP_ADDR, COURTSIDE_WS_ADDR
// and COURTSIDE_WEB_DIR from the environment, serves dist/ at "/", REST at "/java",
// answers GET /readyz with 200 once ready, and stops on SIGTERM. COURTSIDE_DEMO defaults
// to true (demo rooms 1001-1004); every other variable of the test's environment
// (DATABASE_URL, ...) passes through unchanged.
import { after, before } from "node:test";
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";
import { chromium } from "playwright-core";

export const WEBCLIENT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const RESULTS_DIR = join(WEBCLIENT_DIR, "test-results");
export const SCREENSHOT_DIR = join(RESULTS_DIR, "screenshots");

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-quic",
  "--no-first-run",
  "--disable-sync",
];

/** A port that was free on loopback a moment ago. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

async function pollReady(url, child, deadline) {
  let lastErr = "no answer yet";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`node exited early (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
      lastErr = `status ${res.status}`;
    } catch (err) {
      lastErr = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`node not ready within ${READY_TIMEOUT_MS} ms: ${lastErr}`);
}

/**
 * The tests' REST client: call(method, path, { token, body, query, form, lang }) calls /java<path>
 * on the node getNode() returns, as the web client does (a PC client, in lang: English by default),
 * and answers the envelope's result; a failed call throws with the envelope. form (a FormData) is
 * sent as the body instead of JSON (uploads). call.raw(...) takes the same arguments and answers the
 * whole envelope (null when the answer is not JSON), for a test that expects a refusal.
 */
export function restClient(getNode) {
  async function send(method, path, { token, body, query, form, lang = "en_US" } = {}) {
    const url = new URL(`/java${path}`, getNode().baseURL);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
    const headers = { sysType: "PC", lan: lang, Accept: "application/json" };
    if (token) headers.token = token;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const res = await fetch(url, { method, headers, body: form ?? (body === undefined ? undefined : JSON.stringify(body)) });
    return { res, env: await res.json().catch(() => null) };
  }
  async function call(method, path, opts) {
    const { res, env } = await send(method, path, opts);
    if (!env || env.status !== "success") throw new Error(`${method} ${path}: HTTP ${res.status} ${JSON.stringify(env)}`);
    return env.result;
  }
  call.raw = async (method, path, opts) => (await send(method, path, opts)).env;
  return call;
}

/**
 * Polls fn every `every` ms until it answers something truthy, and answers that; after timeout ms
 * it throws naming what was awaited and fn's last answer. fn throwing fails at once, unless
 * ignoreErrors (then a throw counts as "not yet": a page or call that is not there yet).
 */
export async function until(fn, what, timeout = 30_000, { every = 200, ignoreErrors = false } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    last = ignoreErrors ? await Promise.resolve().then(fn).catch((e) => e) : await fn();
    if (last && !(ignoreErrors && last instanceof Error)) return last;
    await new Promise((r) => setTimeout(r, every));
  }
  throw new Error(`timed out waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
}

/**
 * Picks a language in the header's switcher (a button that opens the list of languages) and waits
 * for the button to name it.
 */
export async function chooseLanguage(page, code, timeout = 30_000) {
  await page.getByTestId("lang-select").click();
  await page.getByTestId(`lang-option-${code}`).click();
  await page.locator(`[data-testid="lang-select"][data-locale="${code}"]`).waitFor({ timeout });
}

/**
 * Clicks a link of the footer until the address matches url. The footer moves down while a page's
 * lists and sections arrive above it, so a click can land where the link was a moment before (CI saw
 * the page stay where it was); a reader would click again, and so does this.
 */
export async function clickFooterLink(page, testId, url, timeout = 30_000) {
  await until(
    async () => {
      await page.getByTestId(testId).click();
      return page.waitForURL(url, { timeout: 3_000 }).then(
        () => true,
        () => false,
      );
    },
    `the page of the footer's ${testId}`,
    timeout,
    { every: 100 },
  );
}

/**
 * Clicks like locator.click(), for pages where a video plays. Playwright waits for an element to
 * stand still over two animation frames before it clicks, and headless Chromium on a loaded machine
 * now and then draws no frame for many seconds while a video plays: the click then waits out its
 * whole timeout although the page works (CI saw it on the multi-view). When the first try times
 * out, the page is asked for one frame: if it draws, the click is tried again as usual (a real
 * failure still fails); if it does not but the page's script runs, the click is delivered as a
 * DOM event, and the stall is logged so it stays visible.
 */
export async function clickWhileVideoPlays(locator, { timeout = 30_000 } = {}) {
  const first = Math.min(10_000, timeout);
  try {
    await locator.click({ timeout: first });
    return;
  } catch (err) {
    if (err?.name !== "TimeoutError") throw err;
  }
  const draws = await locator.page().evaluate(
    () => new Promise((done) => {
      requestAnimationFrame(() => done(true));
      setTimeout(() => done(false), 2_000);
    }),
  );
  if (draws) {
    await locator.click({ timeout: timeout - first });
    return;
  }
  console.log(`# ${locator}: the browser drew no frame for 2 s (video playing); the click is delivered as a DOM event`);
  await locator.dispatchEvent("click");
}

/**
 * Starts the node on free loopback ports and waits for /readyz. env adds to (and overrides) the
 * node's environment. Returns { baseURL, wsAddr, logFile, stop() }.
 */
export async function startNode({ env = {} } = {}) {
  const bin = resolve(WEBCLIENT_DIR, process.env.COURTSIDE_BIN ?? "../bin/courtside");
  if (!existsSync(bin)) {
    throw new Error(`Courtside binary not found at ${bin}: build it with 'go build -o bin/courtside ./cmd/courtside' or set COURTSIDE_BIN`);
  }
  const webDir = join(WEBCLIENT_DIR, "dist");
  if (!existsSync(join(webDir, "index.html"))) {
    throw new Error(`${webDir}/index.html missing: run 'npm run build' first`);
  }
  const httpPort = await freePort();
  let wsPort = await freePort();
  while (wsPort === httpPort) wsPort = await freePort();
  let rtmpPort = await freePort();
  while (rtmpPort === httpPort || rtmpPort === wsPort) rtmpPort = await freePort();

  mkdirSync(RESULTS_DIR, { recursive: true });
  // One log per test file (and node): after a full run, a failure's node log is still there.
  const file = basename(process.argv[1] ?? "node").replace(/\.test\.mjs$|\.mjs$/, "");
  const logFile = join(RESULTS_DIR, `node-${file}-${httpPort}.log`);
  // Node-local data (the embedded chat history) goes to a throwaway directory unless the
  // caller chose one, so test runs leave nothing behind in the working tree.
  const ownDataDir = process.env.COURTSIDE_DATA_DIR ? null : mkdtempSync(join(tmpdir(), "courtside-e2e-"));
  const log = createWriteStream(logFile);
  const child = spawn(bin, [], {
    env: {
      // The live-room tests chat in the demo rooms (1001, 1002) the node seeds on demand; a dev
      // node also serves verification codes (/java/dev/codes) and the development payment provider.
      COURTSIDE_DEMO: "true",
      // The demo's ffmpeg pushes and chatting fans would add noise to every test: only the tests
      // of the living demo turn them on (startNode({ env: { COURTSIDE_DEMO_STREAMS: "true" } })).
      COURTSIDE_DEMO_STREAMS: "false",
      COURTSIDE_ENV: "dev",
      ...(ownDataDir ? { COURTSIDE_DATA_DIR: ownDataDir } : {}),
      ...process.env,
      ...env,
      COURTSIDE_HTTP_ADDR: `127.0.0.1:${httpPort}`,
      COURTSIDE_WS_ADDR: `127.0.0.1:${wsPort}`,
      COURTSIDE_RTMP_ADDR: `127.0.0.1:${rtmpPort}`,
      COURTSIDE_RTMP_PUBLIC_URL: `rtmp://127.0.0.1:${rtmpPort}/live`,
      COURTSIDE_WEB_DIR: webDir,
    },
    cwd: RESULTS_DIR,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });

  const baseURL = `http://127.0.0.1:${httpPort}`;
  const exited = new Promise((r) => child.once("exit", r));
  let stopping = false;
  // A node that dies under a test is reported with the end of its log: the tests that follow only
  // see "fetch failed", and the log file is overwritten by the next test file.
  const tail = [];
  child.stderr.on("data", (b) => {
    tail.push(...b.toString().split("\n").filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 40));
  });
  child.once("exit", (code, signal) => {
    if (!stopping) console.error(`courtside node exited unexpectedly (code ${code}, signal ${signal}); its last log lines:\n${tail.join("\n")}`);
  });
  async function stop() {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    log.end();
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  }
  try {
    await pollReady(`${baseURL}/readyz`, child, Date.now() + READY_TIMEOUT_MS);
  } catch (err) {
    await stop();
    throw new Error(`${err.message} (see ${logFile})`);
  }
  return { baseURL, wsAddr: `127.0.0.1:${wsPort}`, rtmpURL: `rtmp://127.0.0.1:${rtmpPort}/live`, logFile, stop };
}

/**
 * One node and one browser for a test file: started before its tests, stopped after them. Read them
 * as `env.node` and `env.browser` inside the tests (they exist once `before` has run), with:
 * env.call, the restClient of the node; env.context(session, { lang, viewport }), a signedInContext
 * on the node (null: a guest); env.push(key, options), a pushTestPattern to the node's RTMP ingest
 * (a push still running after the tests is killed); env.skipReason, "" unless the file skips (a test
 * then calls t.skip(env.skipReason)).
 *
 * Options: env adds to (and overrides) the node's environment; defaults are set in this process's
 * environment unless it has them, so the node and the CLI the tests run (administrator()) see them
 * and an explicit setting wins (COURTSIDE_ENV=dev always is); requires() answers why the file must
 * skip before anything starts (ffmpegMissing) and probe(node) why it must skip with the node
 * started (an endpoint that answers 404), "" to go on: a skipping file starts no browser.
 * setUp(env) runs once the browser is up (a file's own waiting for the demo's data).
 */
export function nodeAndBrowser({ env = {}, defaults = {}, requires, probe, setUp } = {}) {
  const run = {
    node: undefined,
    browser: undefined,
    skipReason: "",
    children: [],
    call: restClient(() => run.node),
    context: (session, options) => signedInContext(run.browser, run.node.baseURL, session, options),
    push: (key, options = {}) => pushTestPattern(`${run.node.rtmpURL}/${key}`, { children: run.children, ...options }),
  };
  before(async () => {
    process.env.COURTSIDE_ENV ??= "dev";
    for (const [name, value] of Object.entries(defaults)) process.env[name] ??= value;
    run.skipReason = (await requires?.()) || "";
    if (!run.skipReason) {
      run.node = await startNode({ env });
      run.skipReason = (await probe?.(run.node)) || "";
    }
    if (run.skipReason) {
      console.log(`# e2e skipped: ${run.skipReason}`);
      return;
    }
    run.browser = await launchBrowser();
    await setUp?.(run);
  });
  after(async () => {
    for (const c of run.children) if (c.exitCode === null) c.kill("SIGKILL");
    await run.browser?.close();
    await run.node?.stop();
  });
  return run;
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
}

/**
 * A browser context at 1280 × 900 (or viewport) with the language cookie and, for a session
 * ({ token, user }), the token and userInfo cookies the web client signs in from; null: a guest.
 */
export async function signedInContext(browser, baseURL, session, { lang = "en_US", viewport = { width: 1280, height: 900 } } = {}) {
  const ctx = await browser.newContext({ viewport });
  const cookies = [{ name: "lang", value: lang, url: baseURL }];
  if (session) {
    cookies.push({ name: "token", value: encodeURIComponent(session.token), url: baseURL });
    cookies.push({ name: "userInfo", value: encodeURIComponent(JSON.stringify(session.user)), url: baseURL });
  }
  await ctx.addCookies(cookies);
  return ctx;
}

/** Saves a full-page PNG under test-results/screenshots/ and returns its path. */
export async function screenshot(page, name) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** screenshot() from the top of the page: scrolled, the sticky header would sit mid-page in it. */
export async function screenshotFromTop(page, name) {
  await page.evaluate(() => window.scrollTo(0, 0)).catch(() => undefined);
  return screenshot(page, name);
}

/** Full-page screenshots of every open page of the contexts, <prefix>-failure-<n> (after a failure). */
export async function failureShots(contexts, prefix) {
  let n = 0;
  for (const c of contexts) for (const p of c.pages()) await screenshot(p, `${prefix}-failure-${++n}`).catch(() => undefined);
}

/** pushTestPattern options for a push light on the CPU: 320 × 180 at 15 frames a second, 48 kb/s of sound. */
export const LIGHT_PUSH = { size: "320x180", rate: 15, audioKbps: 48 };

/** Why the ffmpeg tests must skip ("" when ffmpeg is there). */
export function ffmpegMissing() {
  return spawnSync("ffmpeg", ["-version"]).status === 0 ? "" : "ffmpeg is not installed (apt-get install -y ffmpeg)";
}

/**
 * ffmpeg pushing a test pattern with a 440 Hz tone to url (the node's rtmpURL + "/" + key) in real
 * time, for secs seconds (until killed when 0). The child is added to children (the test kills what
 * is left in its after hook). Returns { child, exited }: exited resolves { code, stderr } when the
 * push ends.
 */
export function pushTestPattern(url, { children, secs = 0, size = "640x360", rate = 25, gop = rate, audioKbps = 64, extra = [] } = {}) {
  const args = [
    "-hide_banner", "-loglevel", "error", "-re",
    "-f", "lavfi", "-i", `testsrc2=size=${size}:rate=${rate}`,
    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100",
    ...(secs ? ["-t", String(secs)] : []),
    "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-pix_fmt", "yuv420p", "-g", String(gop), ...extra,
    "-c:a", "aac", "-b:a", `${audioKbps}k`, "-f", "flv", url,
  ];
  const child = spawn("ffmpeg", args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise((r) => child.once("exit", (code) => r({ code, stderr })));
  children?.push(child);
  return { child, exited };
}

/** Reads a base32 secret as authenticator apps spell it. */
export function base32Decode(s) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0, value = 0;
  const out = [];
  for (const ch of s.replace(/[\s=]/g, "").toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The TOTP code (RFC 6238: SHA-1, 30 s, 6 digits) of a base32 secret at time ms (default now). */
export async function totp(secret, ms = Date.now()) {
  const { createHmac } = await import("node:crypto");
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(Math.floor(ms / 1000 / 30)));
  const sum = createHmac("sha1", base32Decode(secret)).update(msg).digest();
  const off = sum[sum.length - 1] & 0x0f;
  const bin = ((sum[off] & 0x7f) << 24) | (sum[off + 1] << 16) | (sum[off + 2] << 8) | sum[off + 3];
  return String(bin % 1_000_000).padStart(6, "0");
}

/**
 * Passes the back office's second factor on a staff session (issue 16): enrols an authenticator and
 * verifies a code. call is the test's REST helper (method, path, {token, body}). Returns the secret.
 */
export async function passSecondFactor(call, token) {
  const { secret } = await call("POST", "/admin/staff/enrol", { token });
  await call("POST", "/admin/staff/verify", { token, body: { code: await totp(secret) } });
  return secret;
}

/**
 * An administrator made as README says (`courtside admin create`, then a password sign-in), past
 * the back office's second factor unless secondFactor is false. call is the test's restClient.
 * Returns { token, uid, name, user: { uid, name } } (user: the shape of the userInfo cookie).
 */
export async function administrator(call, { prefix = "adm", secondFactor = true } = {}) {
  const name = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.slice(0, 20);
  const bin = resolve(WEBCLIENT_DIR, process.env.COURTSIDE_BIN ?? "../bin/courtside");
  const made = spawnSync(bin, ["admin", "create", name, "Admin2026pass"], { env: process.env, encoding: "utf8", timeout: 60_000 });
  if (made.status !== 0) throw new Error(`courtside admin create: ${made.stderr || made.stdout}`);
  const login = await call("POST", "/login/V2/mobileOrNameToLogin", { body: { name, password: "Admin2026pass" } });
  if (secondFactor) await passSecondFactor(call, login.token);
  const raw = String(login.uid ?? login.user?.uid ?? "");
  const uid = raw.startsWith("u") ? raw : `u${raw}`; // the wire form "u<id>"
  return { token: login.token, uid, name, user: { uid, name } };
}

/**
 * Plays a demo match ahead of the schedule with the back office's demo clock (administrators only,
 * second factor passed) until done() answers something, so a test sees a match kick off, score or
 * finish whatever the hour: each round advances the match `minutes` (at most 600) and then polls
 * done() every second for `wait` ms. Returns done()'s answer; throws after `rounds` rounds.
 */
export async function playDemoMatch(call, adminToken, matchId, done, { minutes = 600, rounds = 3, wait = 30_000 } = {}) {
  let last;
  for (let round = 0; round < rounds; round++) {
    await call("POST", "/admin/demo/matches/advance", { token: adminToken, body: { matchId, minutes } });
    const deadline = Date.now() + wait;
    while (Date.now() < deadline) {
      last = await done().catch((e) => e);
      if (last && !(last instanceof Error)) return last;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  throw new Error(`demo match ${matchId} played ${rounds} × ${minutes} min ahead without the awaited result: ${last}`);
}

/**
 * A demo match of gameId in play now, whatever the hour: the next match of the schedule is played
 * ahead to its kick-off with the demo clock (playDemoMatch; adminToken: an administrator past the
 * second factor). The demo postpones, cancels or abandons a few fixtures in a hundred: one that is
 * not in play after its kick-off gives way to the next, up to `tries`. A node on a fresh database
 * writes the demo week first, so the upcoming matches are awaited (bounded). Answers the match as
 * the upcoming list has it ({ id, gameId, homeName, awayName, startTime, ... }); throws when none
 * of the `tries` next matches kicked off.
 */
export async function kickOffDemoMatch(call, adminToken, { gameId = 202, tries = 4, wait = 20_000 } = {}) {
  const candidates = await until(
    async () => {
      const up = await call("POST", "/v2/match/getPCUpcomingGameMatch", { body: { gameId, pageSize: 50 } });
      // A minute ahead at least: a match kicking off on its own meanwhile is not "played ahead".
      const list = (up.list ?? []).filter((m) => (m.status === 0 || m.status === 8) && m.startTime > Date.now() + 60_000);
      return list.length ? list.sort((a, b) => a.startTime - b.startTime) : null;
    },
    `an upcoming match of game ${gameId} in the demo schedule`,
    240_000,
    { every: 2000, ignoreErrors: true },
  );
  const status = async (id) => (await call("GET", `/${gameId}/${encodeURIComponent(id)}`, { query: { tab: "overview" } })).match?.status;
  const seen = [];
  for (const next of candidates.slice(0, tries)) {
    let toKickOff = Math.ceil((next.startTime - Date.now()) / 60_000) + 1;
    for (; toKickOff > 600; toKickOff -= 600) {
      await call("POST", "/admin/demo/matches/advance", { token: adminToken, body: { matchId: next.id, minutes: 600 } });
    }
    // Any status but scheduled or announced ends the wait: in play, or called off.
    const after = await playDemoMatch(call, adminToken, next.id, async () => {
      const s = await status(next.id);
      return s === undefined || s === 0 || s === 8 ? null : { status: s };
    }, { minutes: toKickOff, rounds: 1, wait }).catch((e) => ({ error: e.message }));
    if (after.status >= 1 && after.status <= 4) return next;
    seen.push(`${next.id}: ${JSON.stringify(after)}`);
  }
  throw new Error(`none of the next ${tries} demo matches of game ${gameId} kicked off when played ahead: ${seen.join("; ")}`);
}

// ---- a one-colour PNG of w × h pixels (ID photos, covers, detail pictures in the upload tests) ----
const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/**
 * A PNG of w × h RGB pixels: colour is one [r, g, b] for all (grey by default) or a function
 * (x, y) => [r, g, b] for each pixel.
 */
export function png(w, h, colour = [120, 120, 120]) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const pixel = typeof colour === "function" ? colour : () => colour;
  const rows = Array.from({ length: h }, (_, y) => {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) row.set(pixel(x, y), 1 + x * 3);
    return row;
  });
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}
