// Browser end-to-end test of gift effects (issue 17): viewer A (signed in, coins recharged through
// the development provider) follows the streamer of /live/1001 and sends a Golden Boot (520 coins,
// a big gift) three times after confirming the price; viewer B, a guest in another browser context,
// sees the big animation over the video counting up to combo ×2 and one chat line with the combo,
// and skips a third one; A's header balance drops by each price without a reload. Screenshots: the scene mid-play as B
// sees it, and A's confirmation.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, restClient, screenshot, startNode } from "./harness.mjs";

const TIMEOUT = 30_000;
const BOOT = "8"; // Golden Boot: 520 coins in the catalogue (storage/postgres/migrations/0003_wallet.sql)
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
const rand = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Registers a user with an e-mail code read from the dev sink and finishes the new-user step. */
async function register() {
  const email = `giftfx-${rand()}@example.test`;
  await call("POST", "/login/V2/sendEmailcheckCode", { body: { mobileOrEmail: email } });
  const { code } = await call("GET", "/dev/codes", { query: { to: email } });
  const login = await call("POST", "/login/V2/getLoginByEmailCheckCode", { body: { mobileOrEmail: email, checkCode: code, type: 3 } });
  const uname = `fx${rand()}`.slice(0, 16);
  await call("POST", "/user/V2/modifyUser", { token: login.token, body: { uname, password: "giftgift2026" } });
  return { token: login.token, uid: String(login.uid), name: uname };
}

/** Recharges coins (a preset of the recharge page) through the development provider's signed callback. */
async function recharge(session, preset) {
  const order = await call("POST", "/orderpay/payByAlipay", {
    token: session.token,
    body: { product: "coin", id: preset, payType: "dev", clientKey: `giftfx-${rand()}` },
  });
  const html = await (await fetch(new URL(order.payUrl, node.baseURL))).text();
  const m = /pay: \{body: ("(?:[^"\\]|\\.)*"), sig: ("[0-9a-f]+")\}/.exec(html);
  assert.ok(m, "the dev page carries the signed paid callback");
  const res = await fetch(`${node.baseURL}/java/orderpay/callback/dev`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Dev-Signature": JSON.parse(m[2]) },
    body: JSON.parse(m[1]),
  });
  assert.equal(res.status, 200);
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

const coins = async (session) => (await call("GET", "/user/userGold", { token: session.token })).gold;

describe("gift effects in a live room", () => {
  it("a big gift, confirmed by A, animates over the video for B with its combo; A's header balance drops at once", async (t) => {
    try {
      await call("GET", "/gift");
    } catch (err) {
      t.skip(`gift catalogue not served: ${err.message}`);
      return;
    }
    const a = await register();
    await recharge(a, 2); // 2,000 coins, plus the 200 of the welcome gift
    const start = await coins(a);
    assert.ok(start >= 1560, `A has coins for three Golden Boots: ${start}`);

    const aCtx = await context(a);
    const bCtx = await context(null);
    const aPage = await openRoom(aCtx);
    const bPage = await openRoom(bCtx);

    // A follows the streamer (the room's head).
    const follow = aPage.getByTestId("follow-button");
    await follow.waitFor({ timeout: TIMEOUT });
    if ((await follow.getAttribute("aria-pressed")) !== "true") await follow.click();
    await aPage.waitForSelector('[data-testid="follow-button"][aria-pressed="true"]', { timeout: TIMEOUT });

    const balance = aPage.getByTestId("balance-coin");
    await aPage.waitForSelector(`[data-testid="balance-coin"][data-amount="${start}"]`, { timeout: TIMEOUT });

    // The first Golden Boot: the confirmation shows the price and the balance after.
    await aPage.locator(`[data-testid="gift-item"][data-gift="${BOOT}"]`).click();
    await aPage.getByTestId("gift-count-1").click();
    await aPage.getByTestId("gift-send").click();
    const confirm = aPage.getByTestId("charge-confirm");
    await confirm.waitFor({ timeout: TIMEOUT });
    await aPage.waitForSelector(`[data-testid="charge-after"][data-amount="${start - 520}"]`, { timeout: TIMEOUT });
    assert.equal(await confirm.getByTestId("charge-price").innerText(), "520 coins");
    await screenshot(aPage, "giftfx-confirm");
    const firstAt = Date.now();
    await confirm.getByTestId("charge-ok").click();
    // The same gift again within the combo window (COMBO_WINDOW_MS, 10 s): Send waits for the first ack.
    await aPage.getByTestId("gift-send").click();
    await confirm.getByTestId("charge-ok").click();
    console.log(`# second send confirmed ${Date.now() - firstAt} ms after the first`);

    // B sees the big scene over the video (not only a chat line), counting up to ×2, and one chat line.
    const scene = bPage.locator(`[data-testid="player"] [data-testid="gift-scene"][data-gift="${BOOT}"]`);
    await scene.waitFor({ timeout: TIMEOUT });
    await bPage.waitForSelector('[data-testid="gift-scene"][data-combo="2"]', { timeout: TIMEOUT }).catch(async (err) => {
      const overlay = await bPage.getByTestId("gift-overlay").evaluate((el) => el.outerHTML.slice(0, 1500));
      const chat = await bPage.getByTestId("chat-list").innerText();
      throw new Error(`no combo ×2 on B's scene: ${overlay}\nchat: ${chat}`, { cause: err });
    });
    assert.match(await bPage.getByTestId("gift-scene-combo").innerText(), /×2/);
    await bPage.waitForTimeout(700); // mid-play: the picture has landed, rays and confetti running
    await screenshot(bPage, "giftfx-scene-seen-by-viewer");
    const lines = bPage.getByTestId("gift-line").filter({ hasText: a.name });
    await bPage.waitForSelector('[data-testid="gift-line"][data-combo="2"]', { timeout: TIMEOUT });
    assert.equal(await lines.count(), 1, "two sends, one chat line");
    assert.match(await lines.first().innerText(), /combo ×2/);

    await aPage.waitForSelector(`[data-testid="balance-coin"][data-amount="${start - 1040}"]`, { timeout: TIMEOUT });
    assert.equal(await balance.getAttribute("data-amount"), String(await coins(a)), "the header matches the wallet");

    // A third Golden Boot after the combo window is a new scene; B skips it and it leaves the video
    // long before its time is up.
    await bPage.getByTestId("gift-scene").waitFor({ state: "detached", timeout: TIMEOUT });
    await aPage.waitForTimeout(10_500); // past the combo window (COMBO_WINDOW_MS, 10 s)
    await aPage.getByTestId("gift-send").click();
    await confirm.getByTestId("charge-ok").click();
    await bPage.waitForSelector('[data-testid="gift-scene"][data-combo="1"]', { timeout: TIMEOUT });
    // Measured in the page: the click and the scene's removal, without the test driver's round trips.
    const tookMs = await bPage.evaluate(
      () =>
        new Promise((done) => {
          const t0 = performance.now();
          document.querySelector('[data-testid="gift-fx-skip"]').click();
          const check = () => (document.querySelector('[data-testid="gift-scene"]') ? setTimeout(check, 10) : done(performance.now() - t0));
          check();
        }),
    );
    assert.ok(tookMs < 1_000, `the scene left on Skip (${Math.round(tookMs)} ms), not at its end (4.5 s)`);
    await aPage.waitForSelector(`[data-testid="balance-coin"][data-amount="${start - 1560}"]`, { timeout: TIMEOUT });
    await aCtx.close();
    await bCtx.close();
  });
});
