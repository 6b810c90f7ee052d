// Customer service (/salesmartly, issue 19) in a browser: a guest is asked to sign in; a fan finds an
// answer in the help centre's search, then sends a message to support (a too-short message is
// refused with the server's clear error first); a staff member answers it in the back office's
// support queue (/admin/support); the fan sees the answer in the thread without reloading (the
// message-centre `notice` frame), the header's badge and the notice in the message centre, which
// leads back to the thread. Screenshots go to test-results/screenshots/support-*.png.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { administrator, clickFooterLink, nodeAndBrowser, screenshot } from "./harness.mjs";
import { rand, registerByEmail } from "./journeys.mjs";

const TIMEOUT = 30_000;

const env = nodeAndBrowser();
const { call } = env;

const register = (prefix) => registerByEmail(call, { prefix, password: "support2026test" });
const context = (session, lang = "en_US") => env.context(session, { lang });

describe("customer service", { timeout: 240_000 }, () => {
  it("a fan writes to support, staff answer in the back office, the fan sees the answer and the notice", async () => {
    const admin = await administrator(call);
    const fan = await register("fan");
    const gctx = await context(null);
    const gp = await gctx.newPage();
    const fctx = await context(fan);
    const fp = await fctx.newPage();
    const actx = await context(admin);
    const ap = await actx.newPage();
    try {
      // A guest reads the help centre and is asked to sign in to write.
      await gp.goto(`${env.node.baseURL}/salesmartly`);
      await gp.getByTestId("support-page").waitFor({ timeout: TIMEOUT });
      await gp.getByTestId("support-signin-button").click();
      await gp.getByRole("dialog").first().waitFor({ timeout: TIMEOUT });
      await screenshot(gp, "support-guest");

      // The fan finds the footer link, searches the questions, then writes.
      await fp.goto(`${env.node.baseURL}/`);
      // The footer moves down while the home page's sections arrive: clicked until the address changes.
      await clickFooterLink(fp, "footer-support", /\/salesmartly$/, TIMEOUT);
      await fp.getByTestId("support-form").waitFor({ timeout: TIMEOUT });
      await fp.getByTestId("support-faq-search").fill("forgot password");
      assert.deepEqual(await fp.getByTestId("support-faq-item").evaluateAll((els) => els.map((e) => e.dataset.id)), ["account1"]);
      await fp.getByTestId("support-faq-item").first().locator("summary").click();
      await screenshot(fp, "support-faq");

      const subject = `Coins not credited ${rand()}`;
      await fp.getByTestId("support-category").selectOption("recharge");
      await fp.getByTestId("support-subject").fill(subject);
      await fp.getByTestId("support-message").fill("help");
      await fp.getByTestId("support-send").click();
      const err = await fp.getByTestId("support-error").textContent({ timeout: TIMEOUT });
      assert.match(err, /10 to 2000 characters/);
      await screenshot(fp, "support-error");
      await fp.getByTestId("support-message").fill("I paid 30 CNY by PayPal at 10:05 and my coin balance did not change.");
      await fp.getByTestId("support-send").click();
      await fp.getByTestId("support-sent").waitFor({ timeout: TIMEOUT });
      const thread = fp.getByTestId("support-thread");
      await thread.waitFor({ timeout: TIMEOUT });
      assert.equal(await thread.getAttribute("data-state"), "open");
      await screenshot(fp, "support-sent");

      // Another user cannot read it.
      const ticketId = Number(new URL(fp.url()).searchParams.get("ticket"));
      assert.ok(ticketId > 0, `no ticket in ${fp.url()}`);
      const stranger = await register("other");
      await assert.rejects(call("GET", `/support/tickets/${ticketId}`, { token: stranger.token }), /HTTP 404/);

      // Staff answer in the back office.
      await ap.goto(`${env.node.baseURL}/admin`);
      await ap.getByTestId("admin-menu-support").click();
      const row = ap.getByTestId("admin-support-row").filter({ hasText: subject });
      await row.waitFor({ timeout: TIMEOUT });
      await screenshot(ap, "support-admin-queue");
      await row.getByTestId("admin-support-open").click();
      const answer = "Thanks for writing. The payment was confirmed late by PayPal; your 300 coins are now on your balance.";
      await ap.getByTestId("admin-support-answer").fill(answer);
      await ap.getByTestId("admin-support-send").click();
      await ap.getByTestId("admin-support-msg").waitFor({ timeout: TIMEOUT });
      assert.equal((await ap.getByTestId("admin-support-state").textContent()).trim(), "Answered");
      await screenshot(ap, "support-admin-answered");

      // The fan sees the answer without reloading, and the header's badge.
      await fp.getByTestId("support-msg-staff").filter({ hasText: "300 coins" }).waitFor({ timeout: TIMEOUT });
      assert.equal(await thread.getAttribute("data-state"), "answered");
      await fp.getByTestId("header-unread").waitFor({ timeout: TIMEOUT });
      await screenshot(fp, "support-answered");

      // The message centre has the notice, which leads back to the thread.
      await fp.getByTestId("header-bell").click();
      const item = fp.getByTestId("msg-item").filter({ hasText: subject });
      await item.waitFor({ timeout: TIMEOUT });
      assert.match(await item.textContent(), /Customer service answered your request/);
      await screenshot(fp, "support-notice");
      await item.locator("a").first().click();
      await fp.getByTestId("support-msg-staff").filter({ hasText: "300 coins" }).waitFor({ timeout: TIMEOUT });

      // The answer is in the audit log.
      const log = await call("GET", "/admin/audit", { token: admin.token, query: { actor: admin.uid } });
      const actions = (log.list ?? log).map((e) => `${e.action} ${e.targetId}`);
      assert.ok(actions.includes(`support.reply ${ticketId}`), `audit log lacks the answer: ${actions.join(", ")}`);
    } catch (e) {
      await Promise.all([screenshot(fp, "support-failure-fan"), screenshot(ap, "support-failure-staff"), screenshot(gp, "support-failure-guest")]);
      throw e;
    } finally {
      await Promise.all([gctx.close(), fctx.close(), actx.close()]);
    }
  });
});
