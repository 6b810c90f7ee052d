// The back office's list of every promotion channel (issue 23) in a browser: an administrator (made
// with the node's CLI, second factor passed) opens "Promotion channels" from the menu, sees the demo
// partners' channels and the site's dayan001 with their totals, searches, and finds the look in the
// audit log (channel.list). A channel partner is refused the call. Screenshot: admin-channels.
//
// Needs Postgres (DATABASE_URL); COURTSIDE_ENV=dev is set here (the demo data and the code sink).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { launchBrowser, passSecondFactor, screenshot, startNode, WEBCLIENT_DIR } from "./harness.mjs";

const TIMEOUT = 20_000;
let node;
let browser;

before(async () => {
  process.env.COURTSIDE_ENV ??= "dev";
  node = await startNode();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await node?.stop();
});

const rand = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

async function raw(method, path, { token, body, query } = {}) {
  const url = new URL(`/java${path}`, node.baseURL);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
  const headers = { sysType: "PC", lan: "en_US", Accept: "application/json" };
  if (token) headers.token = token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return res.json().catch(() => null);
}

async function call(method, path, opts) {
  const env = await raw(method, path, opts);
  if (!env || env.status !== "success") throw new Error(`${method} ${path}: ${JSON.stringify(env)}`);
  return env.result;
}

describe("back office: promotion channels", () => {
  it("lists every partner's channels for an administrator, searches, audits the look", async () => {
    const name = `root${rand()}`.slice(0, 20);
    const bin = resolve(WEBCLIENT_DIR, process.env.COURTSIDE_BIN ?? "../bin/courtside");
    const r = spawnSync(bin, ["admin", "create", name, "Admin2026pass"], { env: process.env, encoding: "utf8", timeout: 60_000 });
    assert.equal(r.status, 0, `courtside admin create: ${r.stderr}`);
    const login = await call("POST", "/login/V2/mobileOrNameToLogin", { body: { name, password: "Admin2026pass" } });
    await passSecondFactor(call, login.token);

    const all = await call("GET", "/admin/channels", { token: login.token });
    assert.ok(all.list.some((c) => c.code === "dayan001" && c.ownerId === 0), "the site's default channel is listed");

    const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      await ctx.addCookies([
        { name: "lang", value: "en_US", url: node.baseURL },
        { name: "token", value: encodeURIComponent(login.token), url: node.baseURL },
        { name: "userInfo", value: encodeURIComponent(JSON.stringify({ uid: String(login.uid ?? login.user?.uid), name })), url: node.baseURL },
      ]);
      const page = await ctx.newPage();
      await page.goto(`${node.baseURL}/admin`);
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
    const email = `plain-${rand()}@example.test`;
    await call("POST", "/login/V2/sendEmailcheckCode", { body: { mobileOrEmail: email } });
    const { code } = await call("GET", "/dev/codes", { query: { to: email } });
    const plain = await call("POST", "/login/V2/getLoginByEmailCheckCode", { body: { mobileOrEmail: email, checkCode: code, type: 3 } });
    const refused = await raw("GET", "/admin/channels", { token: plain.token });
    assert.equal(refused.status, "fail");
    assert.equal(refused.errorCode, 1003);
  });
});
