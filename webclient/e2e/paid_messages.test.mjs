// Browser end-to-end test of paid messages (issue 25 §4): viewer A (200 welcome coins) sends a
// 100-coin paid message in /live/1001; viewer B, joining afterwards, finds it pinned at the top of
// the chat with its countdown, and in the chat flow; an administrator (who moderates every room)
// removes it "by mistake", so it leaves both pages and A's coins come back; a second one removed as
// spam from its chat line's menu is not refunded.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { WEBCLIENT_DIR, launchBrowser, restClient, screenshot, startNode } from "./harness.mjs";

const TIMEOUT = 30_000;
let node;
let browser;

before(async () => {
  node = await startNode();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await node?.stop();
});

const call = restClient(() => node);

/** Registers a user with an e-mail code read from the dev sink and finishes the new-user step. */
async function register(prefix) {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  await call("POST", "/login/V2/sendEmailcheckCode", { body: { mobileOrEmail: email } });
  const { code } = await call("GET", "/dev/codes", { query: { to: email } });
  const login = await call("POST", "/login/V2/getLoginByEmailCheckCode", { body: { mobileOrEmail: email, checkCode: code, type: 3 } });
  const uname = `${prefix}${Date.now().toString(36)}`;
  await call("POST", "/user/V2/modifyUser", { token: login.token, body: { uname, password: "paidpaid2026" } });
  return { token: login.token, uid: String(login.uid), name: uname };
}

const ADMIN = { name: "e2epaidmod", password: "E2e-paid-mod-2026" };

/** An administrator's session (they moderate every room); { skip } when the node cannot make one. */
async function adminSession() {
  const bin = resolve(WEBCLIENT_DIR, process.env.COURTSIDE_BIN ?? "../bin/courtside");
  const made = spawnSync(bin, ["admin", "create", ADMIN.name, ADMIN.password], { env: process.env, encoding: "utf8", timeout: 30_000 });
  if (made.status !== 0) return { skip: `'courtside admin create' failed: ${(made.stderr || made.stdout || "").trim()}` };
  const login = await call("POST", "/login/V2/mobileOrNameToLogin", { body: { name: ADMIN.name, password: ADMIN.password } });
  return { token: login.token, uid: String(login.uid ?? login.user?.uid ?? ""), name: ADMIN.name };
}

async function context(session) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const cookies = [{ name: "lang", value: "en_US", url: node.baseURL }];
  if (session) {
    cookies.push({ name: "token", value: encodeURIComponent(session.token), url: node.baseURL });
    cookies.push({ name: "userInfo", value: encodeURIComponent(JSON.stringify({ uid: session.uid, name: session.name })), url: node.baseURL });
  }
  await ctx.addCookies(cookies);
  return ctx;
}

async function openRoom(ctx) {
  const page = await ctx.newPage();
  await page.goto(`${node.baseURL}/live/1001`);
  await page.locator('[data-testid="conn-state"][data-state="connected"]').waitFor({ timeout: TIMEOUT });
  return page;
}

async function until(cond, what) {
  const end = Date.now() + TIMEOUT;
  while (Date.now() < end) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("paid messages in a live room", () => {
  it("is charged, pinned for every viewer, and refunded when a moderator removes it by mistake", async (t) => {
    const mod = await adminSession();
    if (mod.skip) {
      t.skip(mod.skip);
      return;
    }
    const a = await register("pa");
    const b = await register("pb");
    const before = (await call("GET", "/user/userGold", { token: a.token })).gold;

    const aCtx = await context(a);
    const aPage = await openRoom(aCtx);
    await aPage.getByTestId("paid-open").click();
    await aPage.getByTestId("paid-tier-100").click();
    const tag = Date.now().toString(36);
    await aPage.getByTestId("paid-text").fill(`Paid cheer ${tag}`);
    await screenshot(aPage, "paid-compose");
    await aPage.getByTestId("paid-send").click();
    await aPage.getByTestId("charge-ok").click(); // the price confirmation (issue 17)
    await aPage.getByTestId("pinned").filter({ hasText: `Paid cheer ${tag}` }).waitFor({ timeout: TIMEOUT });
    assert.equal((await call("GET", "/user/userGold", { token: a.token })).gold, before - 100, "charged 100 coins once");

    // B joins after the message was sent: the pinned bar comes from the room's record.
    const bCtx = await context(b);
    const bPage = await openRoom(bCtx);
    const pinned = bPage.getByTestId("pinned").filter({ hasText: `Paid cheer ${tag}` });
    await pinned.waitFor({ timeout: TIMEOUT });
    assert.equal(await pinned.getAttribute("data-coins"), "100");
    assert.match(await pinned.getByTestId("pinned-left").innerText(), /^\d+:\d\d left$/);
    assert.equal(await bPage.getByTestId("pinned-remove").count(), 0, "a viewer gets no remove button");
    await bPage.getByTestId("paid-line").filter({ hasText: `Paid cheer ${tag}` }).waitFor({ timeout: TIMEOUT });
    await screenshot(bPage, "paid-pinned-late-joiner");

    // The moderator removes it by mistake: refunded, gone for everyone.
    const mCtx = await context(mod);
    const mPage = await openRoom(mCtx);
    const mPin = mPage.getByTestId("pinned").filter({ hasText: `Paid cheer ${tag}` });
    await mPin.waitFor({ timeout: TIMEOUT });
    await mPin.getByTestId("pinned-remove").click();
    await mPin.getByTestId("pinned-reasons").waitFor();
    await screenshot(mPage, "paid-remove-reasons");
    await mPin.getByTestId("remove-mistake").click();
    await until(async () => (await pinned.count()) === 0, "the pin to leave B's page");
    await until(async () => (await bPage.getByTestId("paid-line").filter({ hasText: `Paid cheer ${tag}` }).count()) === 0, "the paid line to leave B's chat");
    await until(async () => (await aPage.getByTestId("pinned").filter({ hasText: `Paid cheer ${tag}` }).count()) === 0, "the pin to leave A's page");
    await until(async () => (await call("GET", "/user/userGold", { token: a.token })).gold === before, "A's coins to come back");
    await screenshot(bPage, "paid-removed");

    // A second message removed as spam from its chat line's menu: the sender's fault, no refund.
    await aPage.getByTestId("paid-open").click();
    await aPage.getByTestId("paid-tier-30").click();
    await aPage.getByTestId("paid-text").fill(`Spam ${tag}`);
    await aPage.getByTestId("paid-send").click();
    await aPage.getByTestId("charge-ok").click(); // the price confirmation (issue 17)
    const spamLine = mPage.getByTestId("paid-line").filter({ hasText: `Spam ${tag}` });
    await spamLine.waitFor({ timeout: TIMEOUT });
    assert.equal((await call("GET", "/user/userGold", { token: a.token })).gold, before - 30);
    await spamLine.hover();
    await spamLine.getByTestId("msg-actions").click();
    await mPage.getByTestId("menu-remove-spam").waitFor({ timeout: TIMEOUT });
    await screenshot(mPage, "paid-line-menu");
    await mPage.getByTestId("menu-remove-spam").click();
    await until(async () => (await bPage.getByTestId("paid-line").filter({ hasText: `Spam ${tag}` }).count()) === 0, "the spam line to leave B's chat");
    await until(async () => (await bPage.getByTestId("pinned").filter({ hasText: `Spam ${tag}` }).count()) === 0, "the spam pin to leave B's page");
    assert.equal((await call("GET", "/user/userGold", { token: a.token })).gold, before - 30, "no refund for spam");
    for (const c of [aCtx, bCtx, mCtx]) await c.close();
  });
});
