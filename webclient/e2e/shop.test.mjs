// Browser end-to-end test of the coin shop (issue 21) against a real node with the demo catalogue:
// a user recharges coins, finds a scarf in /mall, redeems it through the order confirmation form
// (spec §5: the recipient is required); staff review and ship it over the back office's REST calls
// (the back office shell mounts ShopOrdersAdmin on the same calls); the user sees the tracking number
// in the redemption records. Another order is cancelled by staff and the coins come back. A blind
// box is opened and its draw shows in /userInfo/redMall, and /userInfo/myOrder lists every order.
//
// Needs Postgres (DATABASE_URL) and COURTSIDE_ENV=dev (the development payment provider and code
// sink); the node seeds the demo catalogue (COURTSIDE_DEMO, set by the harness).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { administrator, nodeAndBrowser, screenshot } from "./harness.mjs";
import { lastCode, rand, rechargeCoins, registerByEmail } from "./journeys.mjs";

const TIMEOUT = 30_000;

const env = nodeAndBrowser({
  // Two physical redemptions each take a confirmation code: a short resend wait keeps the test quick
  // (the form counts down what the server says).
  defaults: { COURTSIDE_CODE_RESEND: "2s" },
});
const { call, context } = env;

const register = () => registerByEmail(call, { prefix: "s", password: "shop2026pass" });

/** Clicks the order form's "Send code" and returns the new code delivered to the user's e-mail. */
async function sendOrderCode(page, session) {
  const before = await lastCode(call, session.email);
  // The previous code to the same address may be younger than the resend interval (2 s here): the
  // form then says how long to wait, and a later click sends it.
  for (let attempt = 0; ; attempt++) {
    await page.getByTestId("order-send-code").click();
    const sent = page.getByTestId("order-code-sent");
    const refused = page.getByTestId("order-code-error");
    await sent.or(refused).first().waitFor({ timeout: TIMEOUT });
    if (await sent.isVisible()) break;
    assert.ok(attempt < 5, `the code was refused: ${await refused.innerText()}`);
    await page.waitForTimeout(1000); // the server's resend interval, not a synchronisation
  }
  let code = "";
  for (let i = 0; i < 50 && (!code || code === before); i++) {
    code = await lastCode(call, session.email);
    if (!code || code === before) await new Promise((r) => setTimeout(r, 200));
  }
  assert.match(code, /^\d{6}$/);
  assert.notEqual(code, before, "a new code was sent");
  return code;
}

/** Recharges coins (a preset of the recharge page) through the development provider's signed callback. */
const recharge = (session, preset) => rechargeCoins(call, env.node.baseURL, session, preset, { clientKey: `shop-${rand()}` });

const coins = async (session) => (await call("GET", "/user/userGold", { token: session.token })).gold;

describe("the coin shop", () => {
  it("a user redeems a scarf, staff ship it, the user sees the tracking number; a cancelled order gives the coins back", async () => {
    const user = await register();
    await recharge(user, 2); // the 200 RMB preset: 2,000 coins, plus the 200 of the welcome gift
    assert.equal(await coins(user), 2200);
    const admin = await administrator(call);
    const ctx = await context(user);
    const page = await ctx.newPage();
    try {
      // The header's Shop link opens /mall: categories, sorting, a sold-out card.
      await page.goto(`${env.node.baseURL}/`);
      await page.getByTestId("nav-shop").click();
      await page.getByTestId("mall").waitFor({ timeout: TIMEOUT });
      await page.locator('[data-testid="shop-card"]').first().waitFor({ timeout: TIMEOUT });
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="shop-card"] img')].every((i) => i.complete), null, { timeout: TIMEOUT });
      assert.ok(await page.getByTestId("shop-card-soldout").count() >= 1, "a sold-out product is marked");
      await screenshot(page, "shop-mall");
      await page.getByTestId("shop-sort").selectOption("price");
      await page.waitForFunction(() => {
        const ps = [...document.querySelectorAll('[data-testid="shop-card"]')].map((c) => Number(c.getAttribute("data-price")));
        return ps.length > 3 && ps.every((p, i) => i === 0 || ps[i - 1] <= p);
      }, null, { timeout: TIMEOUT });
      await page.getByTestId("shop-cat-apparel").click();
      await page.locator('[data-testid="shop-card"][data-name="Supporter Scarf"]').click();

      // Details, then the confirmation form: the recipient is required (spec §5).
      await page.getByTestId("product-details").waitFor({ timeout: TIMEOUT });
      await screenshot(page, "shop-details");
      await page.getByTestId("redeem").click();
      await page.getByTestId("order-submit").click();
      await page.getByText("Please enter the recipient's name").waitFor({ timeout: TIMEOUT });
      await page.getByTestId("order-recipient").fill("Li Wei");
      await page.getByTestId("order-address").fill("88 Stadium Road, Pudong, Shanghai");
      await page.getByTestId("order-contact").fill("13800138000");
      // Physical goods take the one-time code sent to the user's e-mail (GET /sendMsg).
      await page.getByTestId("order-submit").click();
      await page.getByText("Please enter the 6-digit confirmation code").waitFor({ timeout: TIMEOUT });
      const code = await sendOrderCode(page, user);
      assert.match(await page.getByTestId("order-code-sent").textContent(), /^Code sent by e-mail to s\*\*\*@example\.test$/);
      // A wrong code: 'Redemption failed' and why; nothing is charged.
      await page.getByTestId("order-code").fill(code === "000000" ? "111111" : "000000");
      await page.getByTestId("order-submit").click();
      await page.getByTestId("order-error").waitFor({ timeout: TIMEOUT });
      assert.equal(await page.locator('[data-testid="order-error"] strong').textContent(), "Redemption failed");
      assert.ok((await page.getByTestId("order-error-reason").textContent()).length > 0, "the reason is shown");
      assert.equal(await coins(user), 2200);
      await screenshot(page, "shop-order-wrong-code");
      await page.getByTestId("order-code").fill(code);
      await screenshot(page, "shop-order-form");
      await page.getByTestId("order-submit").click();
      await page.locator('[data-testid="order-result"][data-status="exchanging"]').waitFor({ timeout: TIMEOUT });
      await screenshot(page, "shop-order-done");
      assert.equal(await coins(user), 2200 - 890);

      // Staff review and ship it (the back office's calls).
      const queue = await call("GET", "/admin/shop/orders", { token: admin.token, query: { status: "exchanging" } });
      const order = queue.list.find((o) => o.name === "Supporter Scarf" && o.recipient === "Li Wei");
      assert.ok(order, "the order waits for staff");
      await call("POST", "/admin/shop/orders/review", { token: admin.token, body: { orderNo: order.orderNo, remarks: "Address checked" } });
      const shipped = await call("POST", "/admin/shop/orders/ship", {
        token: admin.token,
        body: { orderNo: order.orderNo, trackingNo: "SF1408862230" },
      });
      assert.equal(shipped.status, "exchanged");

      // The user sees the tracking number in the redemption records.
      await page.goto(`${env.node.baseURL}/userInfo/exchange`);
      const rec = page.locator(`[data-testid="record"][data-order="${order.orderNo}"]`);
      await rec.waitFor({ timeout: TIMEOUT });
      assert.equal(await rec.getAttribute("data-status"), "exchanged");
      assert.equal((await rec.getByTestId("tracking").textContent()).trim(), "SF1408862230");

      // Another order (a cap) is cancelled by staff: the coins come back.
      await page.goto(`${env.node.baseURL}/mall`);
      await page.getByTestId("shop-cat-all").click();
      await page.locator('[data-testid="shop-card"][data-name="Courtside Cap"]').click();
      await page.getByTestId("redeem").click();
      await page.getByTestId("order-recipient").fill("Li Wei");
      await page.getByTestId("order-address").fill("88 Stadium Road, Pudong, Shanghai");
      await page.getByTestId("order-contact").fill("13800138000");
      await page.getByTestId("order-code").fill(await sendOrderCode(page, user));
      await page.getByTestId("order-submit").click();
      await page.locator('[data-testid="order-result"]').waitFor({ timeout: TIMEOUT });
      assert.equal(await coins(user), 2200 - 890 - 690);
      const caps = await call("GET", "/admin/shop/orders", { token: admin.token, query: { status: "exchanging" } });
      const cap = caps.list.find((o) => o.name === "Courtside Cap" && o.recipient === "Li Wei");
      const cancelled = await call("POST", "/admin/shop/orders/cancel", {
        token: admin.token,
        body: { orderNo: cap.orderNo, remarks: "Out of this colour, coins refunded", reason: "stock error" },
      });
      assert.equal(cancelled.status, "cancelled");
      assert.equal(await coins(user), 2200 - 890, "the cap's coins came back");

      await page.goto(`${env.node.baseURL}/userInfo/exchange`);
      const capRec = page.locator(`[data-testid="record"][data-order="${cap.orderNo}"]`);
      await capRec.waitFor({ timeout: TIMEOUT });
      assert.equal(await capRec.getAttribute("data-status"), "cancelled");
      await capRec.getByTestId("refunded").waitFor({ timeout: TIMEOUT });
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="record"] img')].every((i) => i.complete), null, { timeout: TIMEOUT });
      await screenshot(page, "shop-exchange-records");

      // A blind box: published odds, one draw, recorded in /userInfo/redMall.
      await page.goto(`${env.node.baseURL}/mall`);
      await page.getByTestId("shop-cat-blindbox").click();
      await page.locator('[data-testid="shop-card"][data-name="Matchday Mystery Box"]').click();
      await page.getByTestId("odds").waitFor({ timeout: TIMEOUT });
      await page.getByTestId("redeem").click();
      await page.getByTestId("order-submit").click();
      await page.getByTestId("order-draws").waitFor({ timeout: TIMEOUT });
      await screenshot(page, "shop-blindbox-drawn");
      await page.goto(`${env.node.baseURL}/userInfo/redMall`);
      await page.getByTestId("draw").first().waitFor({ timeout: TIMEOUT });
      await screenshot(page, "shop-redmall");

      // All orders: the recharge and the three shop orders.
      await page.goto(`${env.node.baseURL}/userInfo/myOrder`);
      await page.locator('[data-testid="any-order"]').nth(3).waitFor({ timeout: TIMEOUT });
      assert.ok(await page.locator('[data-testid="any-order"][data-type="recharge"]').count() >= 1);
      await screenshot(page, "shop-myorder");

      // The message centre told the user of each change, in the user's language.
      const inbox = JSON.stringify(await call("GET", "/user/notices", { token: user.token }));
      assert.ok(inbox.includes("Supporter Scarf has been shipped, tracking number SF1408862230"), inbox);
      assert.ok(inbox.includes("Your order for Courtside Cap was cancelled; 690 coins were refunded"), inbox);

      // The staff's actions are in the audit log.
      const audit = await call("GET", "/admin/audit", { token: admin.token, query: { targetKind: "shop_order" } }).catch(() => null);
      if (audit) assert.ok(JSON.stringify(audit).includes("order.ship"));
    } catch (err) {
      await screenshot(page, "shop-failure");
      throw err;
    } finally {
      await ctx.close();
    }
  });
});
