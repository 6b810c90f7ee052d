// The back office's list of every promotion channel (issue 23) in a browser: an administrator (made
// with the node's CLI, second factor passed) opens "Promotion channels" from the menu, sees the demo
// partners' channels and the site's dayan001 with their totals, searches, and finds the look in the
// audit log (channel.list). A channel partner is refused the call. Screenshot: admin-channels.
//
// Needs Postgres (DATABASE_URL); COURTSIDE_ENV=dev is set by the harness (the demo data and the code sink).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { administrator, nodeAndBrowser, screenshot } from "./harness.mjs";
import { registerByEmail } from "./journeys.mjs";

const TIMEOUT = 20_000;

const env = nodeAndBrowser();
const { call } = env;

describe("back office: promotion channels", () => {
  it("lists every partner's channels for an administrator, searches, audits the look", async () => {
    const login = await administrator(call, { prefix: "root" });

    const all = await call("GET", "/admin/channels", { token: login.token });
    assert.ok(all.list.some((c) => c.code === "dayan001" && c.ownerId === 0), "the site's default channel is listed");

    const ctx = await env.context(login, { viewport: { width: 1366, height: 900 } });
    try {
      const page = await ctx.newPage();
      await page.goto(`${env.node.baseURL}/admin`);
      await page.getByTestId("admin-menu-channels").click({ timeout: TIMEOUT });
      await page.getByTestId("admin-channel-row").first().waitFor({ timeout: TIMEOUT });
      assert.equal(await page.getByTestId("admin-channel-row").count(), all.list.length);
      await page.locator('[data-testid="admin-channel-row"][data-code="dayan001"]').waitFor({ timeout: TIMEOUT });
      await screenshot(page, "admin-channels");
      await page.getByTestId("admin-channels-q").fill("dayan");
      await page.getByTestId("admin-channels-q").press("Enter");
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="admin-channel-row"]').length === 1, null, { timeout: TIMEOUT });

      const audit = await call("GET", "/admin/audit", { token: login.token, query: { action: "channel.list", size: 50 } });
      assert.ok(audit.list.filter((e) => e.action === "channel.list").length >= 3, "each look is audited");
    } finally {
      await ctx.close();
    }

    // Anyone else is refused: a fresh user (not staff).
    const plain = await registerByEmail(call, { prefix: "plain" });
    const refused = await call.raw("GET", "/admin/channels", { token: plain.token });
    assert.equal(refused.status, "fail");
    assert.equal(refused.errorCode, 1003);
  });
});
