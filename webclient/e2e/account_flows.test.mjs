// Browser end-to-end tests of accounts and sessions (issue 5) against a real node: register with a
// code read from the dev sink, the new-user form, sign out, sign in with the password, change the
// password in the security centre, upload an avatar. Each step leaves a screenshot in
// test-results/screenshots/account-*.png.
//
// The node must serve the accounts endpoints and the dev code sink (COURTSIDE_ENV=dev, the harness's default).
// When /java/login/loginCountryList answers 404 the accounts module is not wired into this binary
// yet: every test is skipped with a message saying so.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { nodeAndBrowser, png, screenshot } from "./harness.mjs";
import { nextCode as nextCodeSent, registerByEmail, sinkCodes as codesSent } from "./journeys.mjs";

const TIMEOUT = 30_000;

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const account = {
  email: `e2e-${tag}@example.com`,
  username: `e2e${tag}`,
  password: "court2026pw",
  newPassword: "newpass2027x",
  // A Hong Kong number (8 digits) unique to this run.
  mobile: `9${String(Date.now()).slice(-7)}`,
};
// One browser context for the whole story: the session lives in its cookies.
let ctx;
let page;

const env = nodeAndBrowser({
  // A dev node (the code sink at /java/dev/codes) with a short resend interval, so the second code to
  // the same address (change password) need not wait the spec's 60 s. Explicit settings win.
  defaults: { COURTSIDE_CODE_RESEND: "2s" },
  probe: async ({ baseURL }) => {
    if ((await fetch(`${baseURL}/java/login/loginCountryList`)).status === 404) {
      return "accounts endpoints not served by this node (GET /java/login/loginCountryList = 404): account e2e tests skipped";
    }
    const sink = await fetch(`${baseURL}/java/dev/codes?to=${encodeURIComponent("probe@example.com")}`);
    return sink.status === 404 ? "dev code sink not mounted (GET /java/dev/codes = 404; needs COURTSIDE_ENV=dev): account e2e tests skipped" : "";
  },
  setUp: async ({ context }) => {
    ctx = await context(null, { viewport: { width: 1280, height: 860 } });
    page = await ctx.newPage();
  },
});

/** it() that skips, with the reason, when the node has no accounts module. */
function step(name, fn) {
  it(name, { timeout: 120_000 }, async (t) => {
    if (env.skipReason) {
      t.skip(env.skipReason);
      return;
    }
    await fn();
  });
}

const rest = env.call;
/** The codes the dev sink has sent to `to`, and the one it sends after the `known` ones. */
const sinkCodes = (to) => codesSent(rest, to);
const nextCode = (to, known) => nextCodeSent(rest, to, known, TIMEOUT);

/**
 * Presses a send-code button until the countdown starts (the server may still ask to wait a few
 * seconds after the previous code to the same address: errorCode 2005).
 */
async function pressSend(buttonId, errorId) {
  const deadline = Date.now() + 90_000;
  const button = page.getByTestId(buttonId);
  while (Date.now() < deadline) {
    await page.waitForFunction((el) => !el.disabled, await button.elementHandle(), { timeout: TIMEOUT });
    await button.click();
    const outcome = await Promise.race([
      page.waitForFunction((id) => /\d/.test(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? ""), buttonId, { timeout: TIMEOUT }).then(() => "sent"),
      page.getByTestId(errorId).waitFor({ timeout: TIMEOUT }).then(() => "refused"),
    ]);
    if (outcome === "sent") return;
    await page.waitForTimeout(1000); // the server's resend interval, not a synchronisation
  }
  throw new Error(`${buttonId}: code never sent`);
}

/** The signed-in name as the header shows it: at the head of the user menu. */
async function headerName() {
  await page.getByTestId("user-menu-button").click();
  await page.getByTestId("menu-user-name").waitFor({ timeout: TIMEOUT });
  const name = (await page.getByTestId("menu-user-name").innerText()).trim();
  await page.getByTestId("user-menu-button").click();
  return name;
}

/** A small real PNG: an RGB gradient with a disc. */
const avatarPng = (w = 96, h = 96) =>
  png(w, h, (x, y) => ((x - w / 2) ** 2 + (y - h / 2) ** 2 < (w / 3) ** 2 ? [255, 200, 40] : [Math.round((x / w) * 255), Math.round((y / h) * 255), 160]));

describe("accounts", { concurrency: false }, () => {
  step("registers with a code from the dev sink and completes the new-user form", async () => {
    await page.goto(`${env.node.baseURL}/`);
    await page.getByTestId("login-button").click({ timeout: TIMEOUT });
    await page.getByTestId("login-to-register").click();
    await page.getByTestId("login-by-email").click();
    await page.getByTestId("login-identity").fill(account.email);
    await page.getByTestId("login-password").fill(account.password);
    const known = (await sinkCodes(account.email)).length;
    await pressSend("login-send-code", "login-error");
    const code = await nextCode(account.email, known);
    assert.match(code, /^\d{6}$/);
    await page.getByTestId("login-code").fill(code);
    await screenshot(page, "account-register");
    await page.getByTestId("login-submit").click();

    await page.getByTestId("login-username").waitFor({ timeout: TIMEOUT });
    await page.getByTestId("login-username").fill(account.username);
    await page.getByTestId("login-password").fill(account.password);
    await screenshot(page, "account-new-user");
    await page.getByTestId("login-submit").click();
    await page.getByTestId("login-modal").waitFor({ state: "detached", timeout: TIMEOUT });
    assert.equal(await headerName(), account.username);
    const token = (await ctx.cookies(env.node.baseURL)).find((c) => c.name === "token");
    assert.ok(token?.value, "token cookie set");
    // The welcome gift (spec §1: 200 coins) shows in the header once the balances load.
    await page.getByTestId("balance-coin").waitFor({ timeout: TIMEOUT });
    await page.waitForFunction(() => document.querySelector('[data-testid="balance-coin"]')?.getAttribute("data-amount") === "200", null, { timeout: TIMEOUT });
    await screenshot(page, "account-registered");
  });

  step("signs out", async () => {
    await page.getByTestId("user-menu-button").click();
    await page.getByTestId("user-menu").waitFor({ timeout: TIMEOUT });
    await screenshot(page, "account-user-menu");
    await page.getByTestId("menu-logout").click();
    await page.getByTestId("login-button").waitFor({ timeout: TIMEOUT });
    await page.waitForURL(`${env.node.baseURL}/`, { timeout: TIMEOUT });
    const names = (await ctx.cookies(env.node.baseURL)).map((c) => c.name);
    assert.ok(!names.includes("token") && !names.includes("userInfo"), `session cookies gone: ${names}`);
    assert.ok(names.includes("lang"), "the lang cookie stays");
    await screenshot(page, "account-signed-out");
  });

  step("signs in with the password", async () => {
    await page.getByTestId("login-button").click();
    await page.getByTestId("login-by-email").click();
    await page.getByTestId("login-identity").fill(account.username);
    await page.getByTestId("login-password").fill("wrong-pass-1");
    await page.getByTestId("login-submit").click();
    await page.getByTestId("login-error").waitFor({ timeout: TIMEOUT });
    await screenshot(page, "account-login-error");
    await page.getByTestId("login-password").fill(account.password);
    await page.getByTestId("login-submit").click();
    await page.getByTestId("login-modal").waitFor({ state: "detached", timeout: TIMEOUT });
    assert.equal(await headerName(), account.username);
    await screenshot(page, "account-signed-in");
  });

  step("changes the password in the security centre", async () => {
    await page.getByTestId("user-menu-button").click();
    await page.getByTestId("menu-security").click();
    await page.getByTestId("security").waitFor({ timeout: TIMEOUT });
    await page.getByTestId("sec-password-edit").click();
    const known = (await sinkCodes(account.email)).length;
    await pressSend("password-send-code", "password-error");
    const code = await nextCode(account.email, known);
    await page.getByTestId("password-code").fill(code);
    await page.getByTestId("password-new").fill(account.newPassword);
    await page.getByTestId("password-confirm").fill(account.newPassword);
    await screenshot(page, "account-password-form");
    await page.getByTestId("password-submit").click();
    await page.getByTestId("security-done").waitFor({ timeout: TIMEOUT });
    await screenshot(page, "account-password-changed");

    // The server now takes the new password only; this session stays open.
    const login = (password) =>
      fetch(`${env.node.baseURL}/java/login/V2/mobileOrNameToLogin`, {
        method: "POST",
        headers: { "Content-Type": "application/json", sysType: "PC", lan: "en_US" },
        body: JSON.stringify({ name: account.username, password }),
      }).then((r) => r.json());
    assert.equal((await login(account.password)).status, "fail");
    const ok = await login(account.newPassword);
    assert.equal(ok.status, "success");
    assert.ok(ok.result.token);
    await page.reload();
    assert.equal(await headerName(), account.username);
  });

  step("binds a mobile number with a code sent to it", async () => {
    await page.goto(`${env.node.baseURL}/userInfo/setting?tab=security`);
    await page.getByTestId("security").waitFor({ timeout: TIMEOUT });
    assert.equal(await page.getByTestId("sec-phone").innerText(), "Not bound");
    await page.getByTestId("sec-phone-edit").click();
    // The area code comes from /login/loginCountryList.
    await page.locator('[data-testid="sec-phone-form"] [data-testid="login-area"] option[value="HK"]').waitFor({ state: "attached", timeout: TIMEOUT });
    await page.locator('[data-testid="sec-phone-form"] [data-testid="login-area"]').selectOption("HK");
    await page.getByTestId("contact-to").fill(account.mobile);
    const known = (await sinkCodes(`+852${account.mobile}`)).length;
    await pressSend("contact-send-code", "contact-error");
    const code = await nextCode(`+852${account.mobile}`, known);
    await page.getByTestId("contact-code").fill(code);
    await screenshot(page, "account-bind-phone");
    await page.getByTestId("contact-submit").click();
    await page.getByTestId("security-done").waitFor({ timeout: TIMEOUT });
    assert.equal(await page.getByTestId("sec-phone").innerText(), `+852 ${account.mobile.slice(0, 3)}****${account.mobile.slice(-4)}`);
  });

  step("uploads an avatar with a preview", async () => {
    await page.goto(`${env.node.baseURL}/userInfo/setting`);
    await page.getByTestId("avatar-card").waitFor({ timeout: TIMEOUT });
    await page.getByTestId("avatar-file").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: avatarPng() });
    await page.getByTestId("avatar-preview").waitFor({ timeout: TIMEOUT });
    await screenshot(page, "account-avatar-preview");
    await page.getByTestId("avatar-upload").click();
    await page.getByTestId("avatar-done").waitFor({ timeout: TIMEOUT });
    const src = await page.locator('img[data-testid="header-avatar"]').getAttribute("src", { timeout: TIMEOUT });
    // Drawn 30 px wide: the 96 px square the server makes of it (Avatar.tsx avatarSrc).
    assert.match(src, /^\/java\/user\/avatar\/u\d+-[0-9a-f]+\.png\?s=96$/);
    const img = await fetch(`${env.node.baseURL}${src}`);
    assert.equal(img.status, 200);
    assert.equal(img.headers.get("content-type"), "image/png");
    await page.waitForFunction(
      () => [...document.querySelectorAll('img[data-testid="header-avatar"], img[data-testid="avatar-current"]')].every((i) => i.complete && i.naturalWidth > 0),
      null,
      { timeout: TIMEOUT },
    );
    await screenshot(page, "account-avatar-uploaded");

    // A GIF is refused on the client before any upload.
    await page.getByTestId("avatar-file").setInputFiles({ name: "x.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;") });
    assert.equal(await page.getByTestId("avatar-invalid").innerText(), "Only JPG or PNG images can be used");
  });

  step("follows another user and unfollows them from the follow list", async () => {
    // A second account, made through the API: register by e-mail code, then the new-user step.
    const other = await registerByEmail(rest, { prefix: "other", password: "other2026pw" });

    await page.goto(`${env.node.baseURL}/userInfo/${other.uid}`);
    await page.getByTestId("profile-follow").waitFor({ timeout: TIMEOUT });
    assert.match(await page.getByTestId("profile-name").innerText(), new RegExp(other.name));
    await page.getByTestId("profile-follow").click();
    await page.waitForFunction(() => document.querySelector('[data-testid="profile-follow"]')?.textContent === "Unfollow", null, { timeout: TIMEOUT });
    assert.equal(await page.getByTestId("profile-fans").innerText(), "1");
    await screenshot(page, "account-other-profile");

    await page.getByTestId("unav-focus").click();
    const row = page.getByTestId("focus-row").filter({ hasText: other.name });
    await row.waitFor({ timeout: TIMEOUT });
    await screenshot(page, "account-follow-list");
    await row.getByTestId("focus-unfollow").click();
    await page.getByTestId("no-data").waitFor({ timeout: TIMEOUT });
    assert.equal(await page.getByTestId("focus-row").count(), 0);
  });

  step("shows the profile and basic information", async () => {
    await page.goto(`${env.node.baseURL}/userInfo`);
    await page.getByTestId("profile").waitFor({ timeout: TIMEOUT });
    assert.match(await page.getByTestId("profile-name").innerText(), new RegExp(account.username));
    await screenshot(page, "account-profile");
    await page.getByTestId("unav-info").click();
    await page.getByTestId("basic-info").waitFor({ timeout: TIMEOUT });
    assert.equal(await page.getByTestId("binfo-username").innerText(), account.username);
    assert.match(await page.getByTestId("binfo-email").innerText(), /^e2\*\*\*@example\.com$/);
    await screenshot(page, "account-basic-info");
  });

  step("signs in with a verification code sent to the bound mobile", async () => {
    await page.getByTestId("user-menu-button").click();
    await page.getByTestId("menu-logout").click();
    await page.getByTestId("login-button").waitFor({ timeout: TIMEOUT });
    await page.getByTestId("login-button").click();
    await page.getByTestId("login-to-code").click();
    await page.locator('[data-testid="login-area"] option[value="HK"]').waitFor({ state: "attached", timeout: TIMEOUT });
    await page.getByTestId("login-area").selectOption("HK");
    await page.getByTestId("login-identity").fill(account.mobile);
    const known = (await sinkCodes(`+852${account.mobile}`)).length;
    await pressSend("login-send-code", "login-error");
    const code = await nextCode(`+852${account.mobile}`, known);
    await page.getByTestId("login-code").fill(code);
    await screenshot(page, "account-code-login");
    await page.getByTestId("login-submit").click();
    await page.getByTestId("login-modal").waitFor({ state: "detached", timeout: TIMEOUT });
    assert.equal(await headerName(), account.username);
  });
});
