// The user journeys the browser tests share, one home each (issue 14): signing a user up through the
// dev code sink (and reading the codes it holds), making an approved streamer (over REST or through
// the application form), the OBS guide's stream key, readying a broadcast on a match, opening a live
// room and chatting in it, whether the node serves the gifts, recharging coins through the
// development payment provider, and refunding that order in the back office's Orders and money
// screen. Each helper takes what it needs (the test's REST call from harness.mjs' restClient or
// nodeAndBrowser's env.call, the node's URLs, a page); a test that needs a variant passes an option
// rather than keeping its own copy. The browser context signed in as a session and the ffmpeg
// test-pattern push live in harness.mjs (nodeAndBrowser binds them to the file's node) and are
// re-exported here.
import { png, restClient, until } from "./harness.mjs";

export { ffmpegMissing, pushTestPattern, signedInContext } from "./harness.mjs";

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

/** The three ID pictures a streamer application carries. */
export const ID_KINDS = ["idFront", "idBack", "idHand"];
const ID_COLOURS = { idFront: [200, 60, 60], idBack: [60, 200, 60], idHand: [60, 60, 200] };
/** A 320 × 200 PNG of one colour for each ID picture (red front, green back, blue in hand). */
export const idPicture = (kind) => png(320, 200, ID_COLOURS[kind]);

/**
 * A new account signed up by mobile code (registerByMobile with prefix, password, mobilePrefix) and
 * made an approved streamer by admin (approveStreamer with pictures, application, settings).
 */
export async function newStreamer(call, admin, { prefix, password, mobilePrefix, ...approval } = {}) {
  return approveStreamer(call, admin, await registerByMobile(call, { prefix, password, mobilePrefix }), approval);
}

/**
 * Fills the streamer centre's application form on page (open at /anchorCenter): the fields, the
 * three ID pictures (idPicture) uploaded and stored, the rules agreed; the caller submits it.
 */
export async function fillStreamerApplication(page, { realName, idNumber = "11010519491231002X", intro, liveContent, timeout = 30_000 }) {
  await page.getByTestId("apply-name").fill(realName);
  await page.getByTestId("apply-id").fill(idNumber);
  await page.getByTestId("apply-intro").fill(intro);
  await page.getByTestId("apply-content").fill(liveContent);
  for (const kind of ID_KINDS) {
    await page.getByTestId(`upload-${kind}-input`).setInputFiles({ name: `${kind}.png`, mimeType: "image/png", buffer: idPicture(kind) });
    await page.waitForSelector(`[data-testid="upload-${kind}"][data-id]:not([data-id=""])`, { timeout });
  }
  await page.getByTestId("apply-agree").check();
}

/**
 * Opens the streamer centre's OBS guide on page and creates a stream key there; answers { server,
 * key }: the ingest address the guide shows and the new key.
 */
export async function obsGuideKey(page, baseURL, { timeout = 30_000 } = {}) {
  await page.goto(`${baseURL}/anchorCenter`);
  await page.getByTestId("obs-guide").waitFor({ timeout });
  const server = await page.getByTestId("obs-server").getAttribute("data-value");
  await page.getByTestId("obs-rotate").click();
  await page.getByTestId("obs-key").waitFor({ timeout });
  return { server, key: await page.getByTestId("obs-key").getAttribute("data-value") };
}

/** The path segment of each game's match pages (/<slug>/<match id>), for the games a streamer links. */
export const MATCH_SLUGS = { 202: "soccer", 201: "basketball", 1: "lol", 2: "csgo", 4: "dota2", 14: "valorant", 203: "tennis" };

/**
 * Readies session's (an approved streamer's) room for a push on match (one the streamer centre lets
 * a room link: in play, or starting within the hour; kickOffDemoMatch in harness.mjs plays one to
 * its kick-off whatever the hour): links it (POST /anchor/toggleMatchId), titles the broadcast
 * "<home> vs <away>" with detailIntro, opens the broadcast and takes a stream key. Answers
 * { match, streamKey, roomId }.
 */
export async function broadcastOnMatch(call, session, { match, detailIntro }) {
  await call("POST", "/anchor/toggleMatchId", { token: session.token, body: { matchId: match.id, gameId: match.gameId } });
  const title = (match.homeName && match.awayName ? `${match.homeName} vs ${match.awayName}` : "Live watch-along").slice(0, 60);
  await call("POST", "/updateAnchor", { token: session.token, body: { title, detailIntro, externalComments: true, detailPics: [] } });
  await call("GET", "/anchor/broadcast", { token: session.token });
  const { streamKey } = await call("POST", "/anchor/streamKey", { token: session.token });
  const { roomId } = await call("GET", "/anchor/liveInfo", { token: session.token });
  return { match, streamKey, roomId };
}

/** Waits until page's live room says its real-time connection is up (the badge says connected). */
export async function roomConnected(page, { timeout = 30_000 } = {}) {
  await page.locator('[data-testid="conn-state"][data-state="connected"]').waitFor({ timeout });
}

/** Types text into page's room chat and sends it once the send button is enabled. */
export async function sendChat(page, text, { timeout = 30_000 } = {}) {
  await page.getByTestId("chat-input").fill(text);
  const button = page.getByTestId("chat-send");
  await page.waitForFunction((el) => !el.disabled, await button.elementHandle(), { timeout });
  await button.click();
}

/**
 * A new page of ctx in the live room roomId, once its real-time connection is up (the connection
 * badge says connected).
 */
export async function openLiveRoom(ctx, baseURL, roomId, { timeout = 30_000 } = {}) {
  const page = await ctx.newPage();
  await page.goto(`${baseURL}/live/${roomId}`);
  await roomConnected(page, { timeout });
  return page;
}

/** Why the gift tests must skip with node ("" when it serves the gift catalogue, GET /java/gift). */
export async function giftsMissing(node) {
  const answer = await restClient(() => node).raw("GET", "/gift");
  return answer?.status === "success" ? "" : `gift catalogue not served: ${JSON.stringify(answer)}`;
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

/**
 * Refunds order orderNo (a paid recharge) in the back office's Orders and money screen on page (open
 * at /admin/money, an administrator past the second factor): finds the paid order, opens its ledger
 * entries (whilePaid(page) runs then, e.g. a screenshot), refunds it with reason and waits for the
 * refunded state and the refund's own ledger entries. Answers the order's row; its
 * admin-money-balanced says whether every movement balances.
 */
export async function refundInMoneyScreen(page, orderNo, { reason, whilePaid, timeout = 20_000 }) {
  await page.getByTestId("admin-money-q").fill(orderNo);
  await page.getByTestId("admin-money-q").press("Enter");
  const row = page.locator(`[data-testid="admin-money-row"][data-reference="${orderNo}"]`);
  await row.and(page.locator('[data-state="paid"]')).waitFor({ timeout });
  await row.getByTestId("admin-money-entries").click();
  await page.getByTestId("admin-money-ledger").waitFor({ timeout });
  await whilePaid?.(page);
  await row.getByTestId("admin-money-refund").click();
  await row.getByTestId("admin-money-refund-reason").fill(reason);
  await row.getByTestId("admin-money-refund-confirm").click();
  await row.and(page.locator('[data-state="refunded"]')).waitFor({ timeout });
  await page.locator('[data-testid="admin-money-entry"][data-txn="refund"]').first().waitFor({ timeout });
  return row;
}
