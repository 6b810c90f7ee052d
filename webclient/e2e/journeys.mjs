// The user journeys the browser tests share, one home each (issue 14): signing a user up through the
// dev code sink (and reading the codes it holds), opening a browser context signed in as a session
// (or a guest's), making an approved streamer and linking a match to its room, opening a live room,
// recharging coins through the development payment provider, and pushing a test pattern with ffmpeg
// (Debian's) to the node's RTMP ingest. Each helper takes what it needs (the test's REST call from
// harness.mjs' restClient, the browser, the node's URLs) so a test file keeps its own node; a test
// that needs a variant passes an option rather than keeping its own copy.
import { spawn, spawnSync } from "node:child_process";
import { png, until } from "./harness.mjs";

/** A short unique suffix for names. */
export const rand = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** The wire form "u<id>" of a login answer's uid. */
const wireUID = (login) => {
  const raw = String(login.uid ?? login.user?.uid ?? "");
  return raw.startsWith("u") ? raw : `u${raw}`;
};

/** The session a sign-up answers: user is the userInfo cookie's shape; uid and name stand at the top too. */
const session = (login, name, address) => {
  const uid = wireUID(login);
  return { token: login.token, ...address, newUser: !!login.newUser, uid, name, user: { uid, name } };
};

/**
 * The codes the dev code sink (GET /java/dev/codes) has sent to `to` so far, oldest first; none when
 * the sink does not answer.
 */
export async function sinkCodes(call, to) {
  const r = await call("GET", "/dev/codes", { query: { to } }).catch(() => null);
  return (r?.sent ?? []).map((m) => m.code ?? m.Code).filter(Boolean);
}

/** The last code the dev code sink holds for `to` ("" when none). */
export async function lastCode(call, to) {
  const r = await call("GET", "/dev/codes", { query: { to } }).catch(() => null);
  return r?.code ?? "";
}

/**
 * Waits for the sink to hold more than `known` codes for `to` (what sinkCodes counted before the
 * test asked for one) and answers the newest.
 */
export async function nextCode(call, to, known, timeout = 20_000) {
  const codes = await until(async () => {
    const all = await sinkCodes(call, to);
    return all.length > known && all;
  }, `a new code for ${to} in the dev sink`, timeout);
  return codes.at(-1);
}

/**
 * A new account signed up by mobile code read from the dev code sink (GET /java/dev/codes; the node
 * runs with COURTSIDE_ENV=dev): a bound phone, which a streamer application needs. A new user gets
 * the name prefix+random (20 characters at most) and password. call is the test's REST call
 * (restClient or its own; it must pass `query`). Returns { token, mobile, newUser, user: { uid, name } }
 * (user: the shape of the userInfo cookie), with uid and name also at the top level.
 */
export async function registerByMobile(call, { prefix = "", password = "Journey2026pass", mobilePrefix = "139" } = {}) {
  const mobile = `${mobilePrefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  await call("POST", "/login/V2/sendMobilecheckCode", { body: { areaCode: "86", mobileOrEmail: mobile } });
  const { code } = await call("GET", "/dev/codes", { query: { to: `+86${mobile}` } });
  const login = await call("POST", "/login/V2/getLoginByEmailCheckCode", { body: { mobileOrEmail: mobile, areaCode: "86", checkCode: code, type: 3 } });
  const name = `${prefix}${rand()}`.slice(0, 20);
  if (login.newUser) await call("POST", "/user/V2/modifyUser", { token: login.token, body: { uname: name, password } });
  return session(login, name, { mobile });
}

/**
 * A new account signed up with a verified e-mail <prefix>-<random>@example.test, the code read from
 * the dev code sink; a new user gets the name prefix+random (20 characters at most; or name, for a
 * test that needs a name of a given length) and password. Returns { token, email, newUser, uid, name, user: { uid, name } }.
 */
export async function registerByEmail(call, { prefix = "", password = "Journey2026pass", name = `${prefix}${rand()}`.slice(0, 20) } = {}) {
  const email = `${prefix}-${rand()}@example.test`;
  await call("POST", "/login/V2/sendEmailcheckCode", { body: { mobileOrEmail: email } });
  const { code } = await call("GET", "/dev/codes", { query: { to: email } });
  const login = await call("POST", "/login/V2/getLoginByEmailCheckCode", { body: { mobileOrEmail: email, checkCode: code, type: 3 } });
  if (login.newUser) await call("POST", "/user/V2/modifyUser", { token: login.token, body: { uname: name, password } });
  return session(login, name, { email });
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

/**
 * Makes session an approved streamer: uploads the three ID pictures (pictures(kind) → PNG bytes;
 * default a 64 × 40 grey one), applies with application's fields, has admin approve it and, when
 * settings is given, saves those live settings (POST /java/updateAnchor). Returns session.
 */
export async function approveStreamer(call, admin, session, { pictures = () => png(64, 40), application = {}, settings } = {}) {
  await applyAsStreamer(call, session, { pictures, application });
  await call("POST", "/admin/anchor/review", { token: admin.token, body: { userId: session.user.uid, approve: true } });
  if (settings) await call("POST", "/updateAnchor", { token: session.token, body: settings });
  return session;
}

/**
 * Has session (signed up by mobile: a bound phone) apply to stream: uploads the three ID pictures
 * (pictures(kind) → PNG bytes) and submits application's fields; the application waits for review.
 */
export async function applyAsStreamer(call, session, { pictures = () => png(64, 40), application = {} } = {}) {
  const ids = {};
  for (const kind of ["idFront", "idBack", "idHand"]) {
    const form = new FormData();
    form.append("file", new Blob([pictures(kind)], { type: "image/png" }), `${kind}.png`);
    ids[kind] = (await call("POST", "/anchor/upload", { token: session.token, query: { kind }, form })).id;
  }
  await call("POST", "/V2/anchor/user", {
    token: session.token,
    body: { realName: "Zhang Wei", idNumber: "11010519491231002X", intro: "Derby nights", liveContent: "Football", ...application, ...ids },
  });
  return session;
}

/** The path segment of each game's match pages (/<slug>/<match id>), for the games a streamer links. */
export const MATCH_SLUGS = { 202: "soccer", 201: "basketball", 1: "lol", 2: "csgo", 4: "dota2", 14: "valorant", 203: "tennis" };

/**
 * Links session's (an approved streamer's) room to a match the streamer centre allows: in play, or
 * starting within the hour, of a game in MATCH_SLUGS. Answers that match, or null when the demo has
 * none right now.
 */
export async function linkMatch(call, session) {
  const live = await call("GET", "/v2/match/getPCLiveGameMatch", { query: { pageSize: 100 } });
  const soon = await call("POST", "/v2/match/getPCUpcomingGameMatch", { body: { pageSize: 50 } });
  for (const m of [...live.list, ...soon.list].filter((x) => MATCH_SLUGS[x.gameId])) {
    try {
      await call("POST", "/anchor/toggleMatchId", { token: session.token, body: { matchId: m.id, gameId: m.gameId } });
      return m;
    } catch {
      // finished in the meantime, or starts later than the hour: the next one
    }
  }
  return null;
}

/**
 * A new page of ctx in the live room roomId, once its real-time connection is up (the connection
 * badge says connected).
 */
export async function openLiveRoom(ctx, baseURL, roomId, { timeout = 30_000 } = {}) {
  const page = await ctx.newPage();
  await page.goto(`${baseURL}/live/${roomId}`);
  await page.locator('[data-testid="conn-state"][data-state="connected"]').waitFor({ timeout });
  return page;
}

/**
 * Pays order (an answer of POST /orderpay/payByAlipay with payType "dev") through the development
 * provider without a browser: its pay page carries the signed callbacks (the provider's secret never
 * leaves the node), and this posts the "paid" one exactly as the page's button does.
 */
export async function payByDevCallback(baseURL, order) {
  const html = await (await fetch(new URL(order.payUrl, baseURL))).text();
  const m = /pay: \{body: ("(?:[^"\\]|\\.)*"), sig: ("[0-9a-f]+")\}/.exec(html);
  if (!m) throw new Error(`the dev pay page carries no signed paid callback: ${html.slice(0, 300)}`);
  const res = await fetch(`${baseURL}/java/orderpay/callback/dev`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Dev-Signature": JSON.parse(m[2]) },
    body: JSON.parse(m[1]),
  });
  if (res.status !== 200) throw new Error(`the dev payment callback answered HTTP ${res.status}`);
}

/**
 * Recharges session's coins with a preset of the recharge page through the development payment
 * provider (payByDevCallback). clientKey is the order's idempotency key. Returns the order number.
 */
export async function rechargeCoins(call, baseURL, session, preset, { clientKey = `e2e-${rand()}` } = {}) {
  const order = await call("POST", "/orderpay/payByAlipay", {
    token: session.token,
    body: { product: "coin", id: preset, payType: "dev", clientKey },
  });
  await payByDevCallback(baseURL, order);
  return order.orderNo;
}

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
