// The site's content edited by staff (issues 16 and 19) in a browser: a content editor (a user given
// the editor role, through the second factor like every staff member) publishes a proclamation; a
// signed-in fan and a guest see it under the header, close it, and it stays closed after a reload;
// the editor changes the /about page's text and the fan reads the new text. Every action is in the
// audit log. The test withdraws its proclamation and puts /about back at the end, as the e2e files
// share one database. Screenshots go to test-results/screenshots/content-*.png.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { administrator, nodeAndBrowser, passSecondFactor, screenshot, totp } from "./harness.mjs";
import { rand, registerByEmail } from "./journeys.mjs";

const TIMEOUT = 30_000;

const env = nodeAndBrowser();
const { call } = env;

const register = (prefix) => registerByEmail(call, { prefix, password: "content2026test" });
const context = (session, lang = "en_US") => env.context(session, { lang });

/** Opens path and waits for the banner's call to be answered, so "no banner" means none. */
async function open(page, path) {
  const answered = page.waitForResponse((r) => r.url().includes("/java/app/getProclamation"), { timeout: TIMEOUT });
  await page.goto(`${env.node.baseURL}${path}`);
  await answered;
  await page.waitForTimeout(150); // the banner renders on the answer's next tick
}

describe("content edited by staff", { timeout: 240_000 }, () => {
  it("an editor publishes a proclamation that fans close for good, and changes /about for everybody", async () => {
    const admin = await administrator(call);
    const editor = await register("editor");
    const fan = await register("fan");
    await call("POST", "/admin/user/role", { token: admin.token, body: { userId: editor.uid, role: "editor", grant: true } });
    // A moderator is staff too, but not for content.
    const mod = await register("mod");
    await call("POST", "/admin/user/role", { token: admin.token, body: { userId: mod.uid, role: "moderator", grant: true } });
    await passSecondFactor(call, mod.token);
    await assert.rejects(call("POST", "/admin/content/proclamations", { token: mod.token, body: { lang: "en_US", content: "no" } }), /HTTP 403/);

    // The editor signs in to the back office with the second factor.
    const ectx = await context(editor);
    const ep = await ectx.newPage();
    const fctx = await context(fan);
    const fp = await fctx.newPage();
    const gctx = await context(null);
    const gp = await gctx.newPage();
    try {
      await ep.goto(`${env.node.baseURL}/admin`);
      await ep.getByTestId("admin-mfa-enrol").click();
      const secret = (await ep.getByTestId("admin-mfa-secret").textContent()).trim();
      await ep.getByTestId("admin-mfa-code").fill(await totp(secret));
      await ep.getByTestId("admin-mfa-verify").click();
      await ep.getByTestId("admin-shell").waitFor({ timeout: TIMEOUT });

      // 1. A proclamation for English readers, from now until withdrawn.
      const text = `Cup final tonight at 20:00: watch it live ${rand()}`;
      await ep.getByTestId("admin-menu-proclamations").click();
      await ep.getByTestId("proclamation-new").click();
      await ep.getByTestId("proclamation-lang").selectOption("en_US");
      await ep.getByTestId("proclamation-content").fill(text);
      await ep.getByTestId("proclamation-link").fill("/live/1001");
      await screenshot(ep, "content-proclamation-form");
      await ep.getByTestId("proclamation-save").click();
      const row = ep.getByTestId("proclamation-row").filter({ hasText: text });
      await row.waitFor({ timeout: TIMEOUT });
      assert.equal((await row.getByTestId("proclamation-state").textContent()).trim(), "Showing");
      await screenshot(ep, "content-proclamations");
      const id = Number(await row.getAttribute("data-id"));

      // 2. The signed-in fan sees it under the header, closes it; after a reload it stays closed.
      await open(fp, "/");
      await fp.getByTestId("proclamation").filter({ hasText: text }).waitFor({ timeout: TIMEOUT });
      await screenshot(fp, "content-banner");
      const dismissed = fp.waitForResponse((r) => r.url().includes("/java/app/dismissProclamation"));
      await fp.getByTestId("proclamation-close").click();
      assert.equal((await dismissed).status(), 200);
      await open(fp, "/");
      assert.equal(await fp.getByTestId("proclamation").filter({ hasText: text }).count(), 0, "the closed proclamation is back after a reload");
      // On the server, for every device of this user.
      const now = await call("GET", "/app/getProclamation", { token: fan.token });
      assert.ok(!now || now.id !== id, `the server still offers ${id} to the fan`);

      // A guest closes it in their browser, and it stays closed there.
      await open(gp, "/");
      await gp.getByTestId("proclamation").filter({ hasText: text }).waitFor({ timeout: TIMEOUT });
      await gp.getByTestId("proclamation-close").click();
      await open(gp, "/live");
      assert.equal(await gp.getByTestId("proclamation").filter({ hasText: text }).count(), 0, "a guest's closed proclamation is back");

      // 3. The editor changes the /about page's English text.
      const title = `About Courtside ${rand()}`;
      const para = `We are fans who build the fastest live scores on the web (${rand()}).`;
      await ep.getByTestId("admin-menu-pages").click();
      await ep.getByTestId("page-open-about").click();
      await ep.getByTestId("page-editor").waitFor({ timeout: TIMEOUT });
      await ep.getByTestId("page-block-0").waitFor({ timeout: TIMEOUT });
      await ep.getByTestId("page-lang").selectOption("en_US");
      await ep.getByTestId("page-title").fill(title);
      await ep.getByTestId("page-block-0").fill(para);
      await ep.getByTestId("page-save").click();
      await ep.getByTestId("page-saved").waitFor({ timeout: TIMEOUT });
      await screenshot(ep, "content-pages");

      await open(fp, "/about");
      await fp.getByTestId("protocol-title").filter({ hasText: title }).waitFor({ timeout: TIMEOUT });
      assert.ok((await fp.getByTestId("about").textContent()).includes(para));
      await screenshot(fp, "content-about");

      // 4. The audit log has the editor's three actions.
      const log = await call("GET", "/admin/audit", { token: admin.token, query: { actor: editor.uid } });
      const actions = (log.list ?? log).map((e) => `${e.action} ${e.targetId}`);
      for (const want of [`proclamation.create ${id}`, "page.update about:en_US"]) {
        assert.ok(actions.includes(want), `audit log lacks ${want}: ${actions.join(", ")}`);
      }

      // Leave the shared database as found: no banner for the next test files, /about as shipped.
      await call("POST", "/admin/content/proclamations/withdraw", { token: admin.token, body: { id, reason: "end of the e2e test" } });
      await call("POST", "/admin/content/pages/reset", { token: admin.token, body: { slug: "about", lang: "en_US", reason: "end of the e2e test" } });
    } catch (e) {
      // Where each of the three was when it failed.
      await Promise.all([screenshot(ep, "content-failure-editor"), screenshot(fp, "content-failure-fan"), screenshot(gp, "content-failure-guest")]);
      throw e;
    } finally {
      await Promise.all([ectx.close(), fctx.close(), gctx.close()]);
    }
  });

  it("answers 404 for a protocol page that does not exist, and lists them all at /protocol", async () => {
    for (const [path, status] of [["/protocol/1", 200], ["/protocol/privacy", 200], ["/protocol/streamer", 200], ["/certificate", 200], ["/protocol", 200], ["/protocol/nope", 404]]) {
      const res = await fetch(`${env.node.baseURL}${path}`, { headers: { Cookie: "lang=en_US" } });
      assert.equal(res.status, status, path);
    }
    const ctx = await context(null);
    const page = await ctx.newPage();
    await page.goto(`${env.node.baseURL}/protocol`);
    await page.getByTestId("protocol-link-streamer").click();
    await page.getByTestId("protocol-title").filter({ hasText: "Streamer Rules" }).waitFor({ timeout: TIMEOUT });
    await page.goto(`${env.node.baseURL}/protocol/nope`);
    await page.getByText("This page could not be found").waitFor({ timeout: TIMEOUT });
    await ctx.close();
  });
});
