// Browser end-to-end test of invitation acceptance (issue 23, api/userarea/invites.go) against a real
// node: a user copies their invite link from /userInfo/myTask; a new visitor opens it, registers
// through the login dialog with an e-mail code (a verified address) and completes the new-user form;
// the web client sends the kept code once; the inviter sees the invitation record, rewarded, and the
// coins. Screenshots: invite-link, invite-register, invite-record.
//
// Needs Postgres (DATABASE_URL) and COURTSIDE_ENV=dev (the verification-code sink; set by the harness).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { nodeAndBrowser, screenshot, until } from "./harness.mjs";
import { nextCode, rand, registerByEmail, sinkCodes } from "./journeys.mjs";

const TIMEOUT = 20_000;

const env = nodeAndBrowser();
const { call, context } = env;

/** The inviter: signed up by e-mail code over REST, with a username. */
const register = (prefix) => registerByEmail(call, { prefix, password: "invite2026pw" });

describe("invitations", () => {
  it("a visitor registers through a copied invite link and the inviter sees the record and the reward", async () => {
    const inviter = await register("host");
    const before = await call("GET", "/user/area/invites", { token: inviter.token });
    const ictx = await context(inviter);
    const vctx = await context(null);
    try {
      // 1. The inviter copies their link.
      await ictx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.node.baseURL });
      const ip = await ictx.newPage();
      await ip.goto(`${env.node.baseURL}/userInfo/myTask`);
      await ip.getByTestId("invite-link").waitFor({ timeout: TIMEOUT });
      await ip.getByTestId("invite-copy").click();
      const link = await ip.evaluate(() => navigator.clipboard.readText());
      assert.equal(link, `${env.node.baseURL}/?invite=${inviter.user.uid}`);
      assert.equal(await ip.getByTestId("invite-record").count(), 0);
      await screenshot(ip, "invite-link");

      // 2. A new visitor opens it and registers with an e-mail code, then the new-user form.
      const vp = await vctx.newPage();
      await vp.goto(link);
      const email = `friend-${rand()}@example.test`;
      const uname = `friend${rand()}`.slice(0, 20);
      await vp.getByTestId("login-button").click({ timeout: TIMEOUT });
      await vp.getByTestId("login-to-register").click();
      await vp.getByTestId("login-by-email").click();
      await vp.getByTestId("login-identity").fill(email);
      await vp.getByTestId("login-password").fill("friend2026pw");
      const known = (await sinkCodes(call, email)).length;
      await vp.getByTestId("login-send-code").click();
      const code = await nextCode(call, email, known, TIMEOUT);
      await vp.getByTestId("login-code").fill(code);
      await vp.getByTestId("login-submit").click();
      await vp.getByTestId("login-username").waitFor({ timeout: TIMEOUT });
      await vp.getByTestId("login-username").fill(uname);
      await vp.getByTestId("login-password").fill("friend2026pw");
      await screenshot(vp, "invite-register");
      await vp.getByTestId("login-submit").click();
      await vp.getByTestId("login-modal").waitFor({ state: "detached", timeout: TIMEOUT });

      // 3. The client sent the kept code once: the inviter has the record, rewarded, and the coins.
      const rec = await until(async () => {
        const r = await call("GET", "/user/area/invites", { token: inviter.token });
        return r.list.length > before.list.length && r;
      }, "the invitation record", TIMEOUT);
      assert.equal(rec.list.length, before.list.length + 1, "one invitation recorded");
      assert.equal(rec.list[0].rewarded, true, `rewarded: ${JSON.stringify(rec.list[0])}`);
      assert.equal(rec.earned, before.earned + rec.coins);
      assert.equal(await vp.evaluate(() => localStorage.getItem("inviteCode")), null, "the code is sent once and forgotten");

      await ip.reload();
      const row = ip.getByTestId("invite-record").first();
      await row.waitFor({ timeout: TIMEOUT });
      assert.equal(await row.getAttribute("data-rewarded"), "true");
      assert.match(await row.innerText(), /Rewarded/);
      await screenshot(ip, "invite-record");
    } finally {
      await ictx.close();
      await vctx.close();
    }
  });
});
