// Browser end-to-end test of the wallet pages against a real node (issue 6): a new user
// recharges coins with the development payment provider (clicking through its page in a
// second tab while the recharge page learns the result from payWs), sees the balance change
// and the movement in the details, buys VIP, then upgrades to SVIP paying the difference.
//
// Needs the node built with the wallet wired in, Postgres (DATABASE_URL) and COURTSIDE_ENV=dev
// (set here: the development provider and the dev code sink exist only in dev). When the node
// does not serve the wallet yet (GET /java/orderpay/gold/list answers 404) the test skips.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { failureShots, nodeAndBrowser, screenshot } from "./harness.mjs";
import { payByDevCallback as payDev, registerByEmail } from "./journeys.mjs";

const TIMEOUT = 30_000;

const env = nodeAndBrowser({
  probe: async ({ baseURL }) =>
    (await fetch(`${baseURL}/java/orderpay/gold/list`)).status === 404 ? "the node does not serve the wallet yet (GET /java/orderpay/gold/list answered 404)" : "",
});
const { call } = env;

/**
 * Registers a fresh user the way the accounts module documents it (api/account/README.md):
 * a code sent to an e-mail address, read back from the development code sink, then the
 * new-user step.
 */
const register = () => registerByEmail(call, { prefix: "wallet", password: "wallet2026" });

/** Pays an order through the development provider without a browser. */
const payByDevCallback = (order) => payDev(env.node.baseURL, order);

/** Runs fn with a fresh signed-in context; on failure every open tab is saved as wallet-failure-<n>.png. */
async function inContext(session, fn) {
  const ctx = await env.context(session);
  try {
    await fn(ctx);
  } catch (err) {
    await failureShots([ctx], "wallet");
    throw err;
  } finally {
    await ctx.close();
  }
}

const text = (page, testId) => page.getByTestId(testId).innerText();

async function waitText(page, testId, want) {
  await page.waitForFunction(
    ([id, w]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() === w,
    [testId, want],
    { timeout: TIMEOUT },
  );
}

describe("wallet", () => {
  it("recharges with the development provider, buys VIP and upgrades to SVIP", async (t) => {
    if (env.skipReason) return t.skip(env.skipReason);
    const session = await register();
    const start = await call("GET", "/user/userGold", { token: session.token });
    await inContext(session, async (ctx) => {
      const page = await ctx.newPage();

      // Recharge page: presets with level labels, the dev method, the server's price.
      await page.goto(`${env.node.baseURL}/recharge`);
      await waitText(page, "balance-coins", start.gold.toLocaleString("en-US"));
      assert.match(await text(page, "preset-1"), /LV1/);
      assert.match(await text(page, "preset-5"), /LV5[\s\S]*100,000 coins/);
      await page.getByTestId("preset-2").click();
      await page.getByTestId("method-dev").check();
      await waitText(page, "price-amount", "CN¥200.00");
      await screenshot(page, "wallet-recharge");

      // Pay: the order opens, the provider's page opens in a new tab.
      await page.getByTestId("recharge-pay").click();
      await page.getByTestId("order-waiting").waitFor({ timeout: TIMEOUT });
      await waitText(page, "order-status", "Waiting for the payment result…");
      const [provider] = await Promise.all([ctx.waitForEvent("page"), page.getByTestId("pay-open").click()]);
      await provider.locator("#pay").waitFor({ timeout: TIMEOUT });
      assert.match(await provider.locator("#amount").innerText(), /200\.00 CNY/);
      await screenshot(provider, "wallet-dev-provider");
      await provider.locator("#pay").click();
      await provider.getByText("Paid.").waitFor({ timeout: TIMEOUT });

      // The recharge page learns the result from payWs, and the balance changes.
      await page.waitForSelector('[data-testid="order-result"][data-state="paid"]', { timeout: TIMEOUT });
      assert.match(await text(page, "order-result"), /Recharge successful[\s\S]*2,000 coins added to your wallet/);
      await waitText(page, "balance-coins", (start.gold + 2000).toLocaleString("en-US"));
      // The site header shows the new balance too (spec §9: large counts as k with one decimal).
      if (start.gold === 200) await waitText(page, "balance-coin", "2.2k");
      await screenshot(page, "wallet-recharge-paid");

      // The provider tab returns to the details page, which shows the order and the movement.
      await provider.waitForURL(/\/userInfo\/water\?order=R/, { timeout: TIMEOUT });
      await provider.waitForSelector('[data-testid="order-result"][data-state="paid"]', { timeout: TIMEOUT });
      await provider.waitForSelector('[data-testid="detail-row"][data-type="recharge"][data-amount="2000"]', { timeout: TIMEOUT });
      await screenshot(provider, "wallet-details");
      await provider.close();

      // VIP, one month, at the price the server quotes.
      let gold = start.gold + 2000;
      await page.goto(`${env.node.baseURL}/userInfo/vip`);
      await page.waitForSelector('[data-testid="vip-status"][data-state="none"]', { timeout: TIMEOUT });
      await page.getByTestId("vip-tier-1").click();
      await page.getByTestId("vip-months-1").click();
      const vipQuote = await call("GET", "/orderpay/getVipAmount", { token: session.token, query: { tier: 1, months: 1 } });
      assert.equal(vipQuote.action, "purchase");
      await page.waitForSelector(`[data-testid="vip-total"][data-coins="${vipQuote.coins}"]`, { timeout: TIMEOUT });
      await screenshot(page, "wallet-vip-offer");
      await page.getByTestId("vip-buy").click();
      await page.getByTestId("charge-ok").click(); // the price confirmation (issue 17)
      await page.waitForSelector('[data-testid="vip-result"][data-ok="true"]', { timeout: TIMEOUT });
      await page.waitForSelector('[data-testid="vip-status"][data-state="vip"]', { timeout: TIMEOUT });
      gold -= vipQuote.coins;
      await waitText(page, "balance-coins", gold.toLocaleString("en-US"));
      await waitText(page, "balance-tier", "VIP");

      // Upgrade to SVIP: the page offers it, split into the package and the difference.
      await page.waitForSelector('[data-testid="vip-tier-2"][aria-selected="true"]', { timeout: TIMEOUT });
      await page.getByTestId("vip-months-1").click();
      const up = await call("GET", "/orderpay/getVipAmount", { token: session.token, query: { tier: 2, months: 1 } });
      assert.equal(up.action, "upgrade");
      assert.ok(up.upgradeDays >= 29 && up.upgradeDays <= 30, `remaining VIP days ${up.upgradeDays}`);
      await page.waitForSelector(`[data-testid="vip-total"][data-coins="${up.coins}"]`, { timeout: TIMEOUT });
      const pkg = Number((await text(page, "vip-package-coins")).replace(/\D/g, ""));
      const diff = Number((await text(page, "vip-difference")).replace(/\D/g, ""));
      assert.equal(pkg + diff, up.coins, "package + difference = the server's total");
      assert.ok(diff > 0, "the upgrade pays a difference");
      await screenshot(page, "wallet-svip-upgrade-offer");
      await page.getByTestId("vip-buy").click();
      await page.getByTestId("charge-ok").click(); // the price confirmation (issue 17)
      await page.waitForSelector('[data-testid="vip-status"][data-state="svip"]', { timeout: TIMEOUT });
      gold -= up.coins;
      await waitText(page, "balance-coins", gold.toLocaleString("en-US"));
      await waitText(page, "balance-tier", "SVIP");
      // The records reload after the purchase, a moment after the balance.
      await page.locator('[data-testid="vip-record"]').nth(1).waitFor({ timeout: TIMEOUT });
      assert.equal(await page.locator('[data-testid="vip-record"]').count(), 2);
      // SVIP in force: VIP is not for sale (it would be a downgrade).
      assert.equal(await page.getByTestId("vip-tier-1").isDisabled(), true);
      await screenshot(page, "wallet-svip");

      const end = await call("GET", "/user/userGold", { token: session.token });
      assert.equal(end.gold, gold);
      assert.equal(end.vipLevel, 2);
    });
  });

  it("refuses a custom diamond amount over 99999 and shows a failed payment", async (t) => {
    if (env.skipReason) return t.skip(env.skipReason);
    const session = await register();
    await inContext(session, async (ctx) => {
      const page = await ctx.newPage();
      await page.goto(`${env.node.baseURL}/recharge?type=diamond`);
      await page.getByTestId("custom-amount").fill("100000");
      await waitText(page, "amount-error", "Out of recharge range (maximum 99,999)");
      assert.equal(await page.getByTestId("recharge-pay").isDisabled(), true);
      await screenshot(page, "wallet-out-of-range");

      await page.getByTestId("custom-amount").fill("99999");
      await page.getByTestId("method-dev").check();
      await waitText(page, "price-amount", "CN¥99,999.00");
      await page.getByTestId("recharge-pay").click();
      const [provider] = await Promise.all([ctx.waitForEvent("page"), page.getByTestId("pay-open").click()]);
      await provider.locator("#fail").click();
      await provider.getByText("Payment failed.").waitFor({ timeout: TIMEOUT });
      await page.waitForSelector('[data-testid="order-result"][data-state="failed"]', { timeout: TIMEOUT });
      assert.match(await text(page, "order-result"), /Recharge failed/);
      await waitText(page, "balance-diamonds", "0");
      await screenshot(page, "wallet-recharge-failed");
    });
  });
  it("pages through the diamond details as the list scrolls", async (t) => {
    if (env.skipReason) return t.skip(env.skipReason);
    const session = await register();
    const N = 24; // more than one page of 20
    for (let i = 1; i <= N; i++) {
      const order = await call("POST", "/orderpay/payByAlipay", {
        token: session.token,
        body: { product: "diamond", id: 0, amount: i, payType: "dev", clientKey: `pages-${i}` },
      });
      await payByDevCallback(order);
    }
    assert.equal((await call("GET", "/user/userGold", { token: session.token })).score, (N * (N + 1)) / 2);

    await inContext(session, async (ctx) => {
      const page = await ctx.newPage();
      const pages = [];
      page.on("request", (r) => {
        const u = new URL(r.url());
        if (u.pathname === "/java/user/getScoreOpenRecord") pages.push(u.searchParams.get("pageIndex"));
      });
      await page.goto(`${env.node.baseURL}/userInfo/water?type=diamond`);
      await page.waitForSelector(`[data-testid="water-list"][data-total="${N}"]`, { timeout: TIMEOUT });
      // Newest first: the last recharge (24 diamonds) on top, the first (1 diamond) on page 2.
      assert.equal(await page.locator('[data-testid="detail-row"]').first().getAttribute("data-amount"), String(N));
      const deadline = Date.now() + TIMEOUT;
      while (!(await page.locator('[data-testid="detail-row"][data-amount="1"]').count())) {
        assert.ok(Date.now() < deadline, "the oldest movement never appeared");
        await page.mouse.wheel(0, 2000);
        await page.waitForTimeout(100);
      }
      assert.deepEqual(pages, ["1", "2"]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator(`[data-testid="detail-row"][data-amount="${N}"]`).waitFor({ timeout: TIMEOUT });
      await screenshot(page, "wallet-details-paged");
    });
  });
});
