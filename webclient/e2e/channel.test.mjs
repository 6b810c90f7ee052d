// Browser end-to-end test of promotion channels (issue 23) against a real node: an administrator
// makes a user a channel partner; the partner finds "Channel" in the user menu, adds a channel and
// gets its link and QR code; a visitor opens the link (the sign-up form opens by itself), reloads
// (not counted twice) and registers with a code (the sign-up payload is sealed with the session's
// AES-GCM key); the partner sees the registration in /channel/user and in the statistics; spending
// shows in /channel/gold and /channel/water; /download shows the QR code and counts a download.
//
// Needs Postgres (DATABASE_URL); the harness starts a dev node (code sink, demo data).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { administrator, clickFooterLink, nodeAndBrowser, screenshot } from "./harness.mjs";
import { lastCode, rand, registerByEmail } from "./journeys.mjs";

const TIMEOUT = 30_000;

const env = nodeAndBrowser({
  // Store links of the download page (same-page anchors: the test never leaves the node).
  defaults: { COURTSIDE_APP_ANDROID_URL: "/download#android", COURTSIDE_APP_APK_URL: "/download#apk" },
});
const { call, context } = env;

const register = (prefix) => registerByEmail(call, { prefix, password: "chan2026pass" });

describe("promotion channels", () => {
  it("a partner's link brings a visitor who registers; the partner sees the user and the statistics", async () => {
    const partner = await register("p");
    const staff = await administrator(call);
    await call("POST", "/admin/user/role", { token: staff.token, body: { userId: partner.user.uid, role: "channel", grant: true } });

    const pctx = await context(partner);
    const page = await pctx.newPage();
    // The user menu has "Channel" for a partner; it opens /channel.
    await page.goto(`${env.node.baseURL}/`);
    await page.getByTestId("user-menu-button").click({ timeout: TIMEOUT });
    await page.getByTestId("menu-channel").click({ timeout: TIMEOUT });
    await page.getByTestId("channel-area").waitFor({ timeout: TIMEOUT });
    assert.equal(new URL(page.url()).pathname, "/channel");

    // Add a channel: its link and QR code show at once.
    await page.getByTestId("channel-add").click();
    await page.getByTestId("channel-name").fill("Derby forum banner");
    await page.getByTestId("channel-source").fill("forum");
    await page.getByTestId("channel-type").selectOption("register");
    await page.getByTestId("channel-save").click();
    await page.getByTestId("channel-link-dialog").waitFor({ timeout: TIMEOUT });
    const link = await page.getByTestId("channel-link").inputValue();
    assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/\?c=c[a-z0-9]{9}$/);
    assert.equal(await page.getByTestId("channel-qr").locator("svg").count(), 1);
    await screenshot(page, "channel-link");
    await page.getByTestId("channel-link-close").click();
    await page.getByTestId("channel-row").first().waitFor();
    await screenshot(page, "channel-list");

    // A visitor opens the link: the sign-up form opens; a reload counts nothing more.
    const vctx = await context(null);
    const visitor = await vctx.newPage();
    await visitor.goto(link);
    await visitor.getByTestId("login-modal").waitFor({ timeout: TIMEOUT });
    await visitor.reload();
    await visitor.getByTestId("login-modal").waitFor({ timeout: TIMEOUT });
    const email = `fan-${rand()}@example.test`;
    await visitor.getByTestId("login-by-email").click();
    await visitor.getByTestId("login-identity").fill(email);
    await visitor.getByTestId("login-password").fill("fan2026pass");
    await visitor.getByTestId("login-send-code").click();
    let code = "";
    for (let i = 0; i < 50 && !code; i++) {
      code = await lastCode(call, email);
      if (!code) await new Promise((r) => setTimeout(r, 200));
    }
    assert.match(code, /^\d{6}$/);
    await visitor.getByTestId("login-code").fill(code);
    await visitor.getByTestId("login-submit").click();
    await visitor.getByTestId("login-username").waitFor({ timeout: TIMEOUT });
    await visitor.getByTestId("login-username").fill(`fan${rand()}`.slice(0, 16));
    await visitor.getByTestId("login-password").fill("fan2026pass");
    await visitor.getByTestId("login-submit").click();
    await visitor.getByTestId("login-modal").waitFor({ state: "detached", timeout: TIMEOUT });
    const fanToken = decodeURIComponent((await vctx.cookies(env.node.baseURL)).find((c) => c.name === "token")?.value ?? "");
    assert.ok(fanToken, "the visitor is signed in");

    // The visitor spends coins from the welcome gift on a shop item (through the ledger).
    const goods = await call("GET", "/goods/list", { query: { pageSize: 50 } });
    const cheap = goods.list.filter((g) => g.price <= 200 && g.stock > 0 && g.kind !== "physical").sort((a, b) => a.price - b.price)[0];
    if (cheap) {
      const order = await call("POST", "/orderpay/goodsOrder", { token: fanToken, body: { goodsId: cheap.id, quantity: 1, key: `e2e-${rand()}` } });
      await call("POST", "/orderpay/payGoodsOrder", { token: fanToken, body: { orderNo: order.orderNo } });
    }

    // The partner sees the registration, the visit counted once, and the statistics.
    await page.goto(`${env.node.baseURL}/channel/user`);
    await page.getByTestId("channel-user").first().waitFor({ timeout: TIMEOUT });
    const row = await page.getByTestId("channel-user").first().innerText();
    assert.match(row, /Derby forum banner/);
    assert.ok(!row.includes(email), "the e-mail is never shown in full");
    await screenshot(page, "channel-users");
    const stats = await call("GET", "/promotion/channel/statistics", { token: partner.token, query: { days: 7 } });
    assert.equal(stats.channels[0].visits, 1, "a reload is not a second visit");
    assert.equal(stats.channels[0].registrations, 1);
    await page.goto(`${env.node.baseURL}/channel/statistical`);
    await page.getByTestId("stats-total-registrations").waitFor({ timeout: TIMEOUT });
    assert.match(await page.getByTestId("stats-total-registrations").innerText(), /1/);
    await screenshot(page, "channel-statistics");
    await page.goto(`${env.node.baseURL}/channel/gold`);
    await page.getByTestId("gold-spent").waitFor({ timeout: TIMEOUT });
    await screenshot(page, "channel-gold");
    await page.goto(`${env.node.baseURL}/channel/water`);
    await page.getByTestId("channel-water").waitFor({ timeout: TIMEOUT });
    if (cheap) {
      await page.getByTestId("channel-movement").first().waitFor({ timeout: TIMEOUT });
      const gold = await call("GET", "/promotion/channel/gold", { token: partner.token });
      assert.equal(gold.coins, cheap.price);
    }
    await screenshot(page, "channel-water");

    // Arabic reads right to left.
    await pctx.addCookies([{ name: "lang", value: "ar", url: env.node.baseURL }]);
    await page.goto(`${env.node.baseURL}/channel`);
    await page.getByTestId("channel-row").first().waitFor({ timeout: TIMEOUT });
    assert.equal(await page.evaluate(() => document.documentElement.dir), "rtl");
    await screenshot(page, "channel-list-ar");

    // Another user is refused the partner pages.
    const other = await register("o");
    const octx = await context(other);
    const opage = await octx.newPage();
    await opage.goto(`${env.node.baseURL}/channel`);
    await opage.getByTestId("channel-denied").waitFor({ timeout: TIMEOUT });

    // The download page: platform, QR code, and the footer link.
    await visitor.goto(`${env.node.baseURL}/`);
    // The footer moves down while the home page's sections arrive: clicked until the address changes.
    await clickFooterLink(visitor, "footer-download", /\/download$/, TIMEOUT);
    await visitor.getByTestId("download-page").waitFor({ timeout: TIMEOUT });
    assert.equal(await visitor.getByTestId("download-qr").locator("svg").count(), 1);
    await screenshot(visitor, "download");
    // A store button counts a download for the channel the visitor came through, once a day.
    await visitor.getByTestId("download-apk").click();
    await visitor.getByTestId("download-apk").click();
    let users = { list: [] };
    for (let i = 0; i < 25 && !users.list[0]?.downloaded; i++) {
      await new Promise((r) => setTimeout(r, 200));
      users = await call("GET", "/promotion/channel/users", { token: partner.token });
    }
    assert.equal(users.list[0]?.downloaded, true, "the partner sees that the user downloaded");
    const after = await call("GET", "/promotion/channel/statistics", { token: partner.token, query: { days: 7 } });
    assert.equal(after.channels[0].downloads, 1);
    await Promise.all([pctx.close(), vctx.close(), octx.close()]);
  });
});
