// Browser end-to-end tests against a real node: the shell pages, the language switch
// and two signed-in viewers chatting in a live room through the gateway and the room actor
// (guests read but may not chat, spec §6).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, restClient, screenshot, startNode } from "./harness.mjs";

const TIMEOUT = 30_000;

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

/** A fresh guest context with English chosen, so assertions read fixed strings. */
async function guest(lang = "en_US") {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await ctx.addCookies([{ name: "lang", value: lang, url: node.baseURL }]);
  return ctx;
}

const call = restClient(() => node);

/** A context signed in as a new user (e-mail code from the dev sink, then the new-user step). */
async function viewer() {
  const email = `site-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  await call("POST", "/login/V2/sendEmailcheckCode", { body: { mobileOrEmail: email } });
  const { code } = await call("GET", "/dev/codes", { query: { to: email } });
  const login = await call("POST", "/login/V2/getLoginByEmailCheckCode", { body: { mobileOrEmail: email, checkCode: code, type: 3 } });
  const name = `v${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`;
  await call("POST", "/user/V2/modifyUser", { token: login.token, body: { uname: name, password: "siteviewer2026" } });
  const ctx = await guest();
  await ctx.addCookies([
    { name: "token", value: encodeURIComponent(login.token), url: node.baseURL },
    { name: "userInfo", value: encodeURIComponent(JSON.stringify({ uid: String(login.uid), name })), url: node.baseURL },
  ]);
  return ctx;
}

describe("shell", () => {
  it("renders the home shell", async () => {
    const ctx = await guest();
    const page = await ctx.newPage();
    await page.goto(`${node.baseURL}/`);
    await page.getByTestId("home").waitFor({ timeout: TIMEOUT });
    assert.match(await page.getByTestId("header").innerText(), /Courtside/);
    assert.equal(await page.locator('[role="tab"][data-testid^="tab-"]').count(), 10);
    assert.equal(await page.getByTestId("nav-live").innerText(), "Live");
    assert.equal(await page.getByTestId("nav-schedule").getAttribute("href"), "/schedule");
    await page.locator('[data-testid="match-row"], [data-testid="no-data"]').first().waitFor({ timeout: TIMEOUT });
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    assert.equal(canonical, `${node.baseURL}/`);
    await screenshot(page, "home");
    await ctx.close();
  });

  it("shows the 404 page for an unknown route", async () => {
    const ctx = await guest();
    const page = await ctx.newPage();
    await page.goto(`${node.baseURL}/no-such-page`);
    await page.getByText("This page could not be found").waitFor({ timeout: TIMEOUT });
    assert.equal(await page.getByTestId("back-home").getAttribute("href"), "/");
    await screenshot(page, "404");
    await ctx.close();
  });

  it("switches language and keeps it across a reload", async () => {
    const ctx = await guest();
    const page = await ctx.newPage();
    await page.goto(`${node.baseURL}/`);
    const login = page.getByTestId("login-button");
    await login.waitFor({ timeout: TIMEOUT });
    assert.equal(await login.innerText(), "Log in");

    await page.getByTestId("lang-select").selectOption("zh_CN");
    await page.waitForFunction(() => document.querySelector('[data-testid="login-button"]')?.textContent === "登录", null, { timeout: TIMEOUT });
    const cookies = await ctx.cookies(node.baseURL);
    assert.equal(cookies.find((c) => c.name === "lang")?.value, "zh_CN");

    await page.reload();
    await page.waitForFunction(() => document.querySelector('[data-testid="login-button"]')?.textContent === "登录", null, { timeout: TIMEOUT });
    assert.equal(await page.evaluate(() => document.documentElement.lang), "zh-CN");

    await page.getByTestId("lang-select").selectOption("ar");
    await page.waitForFunction(() => document.documentElement.dir === "rtl", null, { timeout: TIMEOUT });
    await ctx.close();
  });
});

describe("live room", () => {
  it("lets two signed-in viewers see each other's messages", async () => {
    const [ctxA, ctxB] = await Promise.all([viewer(), viewer()]);
    const [a, b] = await Promise.all([ctxA.newPage(), ctxB.newPage()]);
    await Promise.all([a.goto(`${node.baseURL}/live/1001`), b.goto(`${node.baseURL}/live/1001`)]);

    for (const p of [a, b]) {
      await p.locator('[data-testid="conn-state"][data-state="connected"]').waitFor({ timeout: TIMEOUT });
    }
    const tag = Date.now().toString(36);
    const fromA = `hello from A ${tag}`;
    const fromB = `hello from B ${tag}`;

    async function send(p, text) {
      await p.getByTestId("chat-input").fill(text);
      const button = p.getByTestId("chat-send");
      await p.waitForFunction((el) => !el.disabled, await button.elementHandle(), { timeout: TIMEOUT });
      await button.click();
    }
    await send(a, fromA);
    await send(b, fromB);

    for (const [p, text] of [[a, fromB], [b, fromA], [a, fromA], [b, fromB]]) {
      await p.getByTestId("chat-list").getByTestId("chat-line").filter({ hasText: text }).waitFor({ timeout: TIMEOUT });
    }
    assert.equal(await a.getByTestId("chat-error").count(), 0);
    await screenshot(a, "live-room");
    await Promise.all([ctxA.close(), ctxB.close()]);
  });

  it("reconnects by hand and resumes without gaps or duplicates", async () => {
    const [ctxA, ctxB] = await Promise.all([guest(), viewer()]);
    // Test-only socket control in A: remember every socket, and while __blockWs is set
    // point new ones at a closed port so A stays away while B keeps talking.
    await ctxA.addInitScript(() => {
      const Native = window.WebSocket;
      window.__sockets = [];
      window.__blockWs = false;
      window.WebSocket = class extends Native {
        constructor(url, protocols) {
          super(window.__blockWs ? "ws://127.0.0.1:9/ws" : url, protocols);
          window.__sockets.push(this);
        }
      };
    });
    const [a, b] = await Promise.all([ctxA.newPage(), ctxB.newPage()]);
    const joinsOfA = [];
    a.on("websocket", (ws) =>
      ws.on("framesent", (f) => {
        const m = typeof f.payload === "string" && f.payload.startsWith("{") ? JSON.parse(f.payload) : null;
        if (m?.t === "join") joinsOfA.push(m);
      }),
    );
    const room = `${node.baseURL}/live/1002`;
    await Promise.all([a.goto(room), b.goto(room)]);
    for (const p of [a, b]) {
      await p.locator('[data-testid="conn-state"][data-state="connected"]').waitFor({ timeout: TIMEOUT });
    }
    const tag = Date.now().toString(36);
    const line = (p, text) => p.getByTestId("chat-line").filter({ hasText: text });
    async function send(p, text) {
      await p.getByTestId("chat-input").fill(text);
      await p.getByTestId("chat-send").click({ timeout: TIMEOUT });
      await line(p, text).first().waitFor({ timeout: TIMEOUT });
    }

    await send(b, `before ${tag}`);
    await line(a, `before ${tag}`).waitFor({ timeout: TIMEOUT });

    await a.evaluate(() => {
      window.__blockWs = true;
      for (const ws of window.__sockets) ws.close();
    });
    await a.locator('[data-testid="conn-state"][data-state="disconnected"]').waitFor({ timeout: TIMEOUT });
    await send(b, `during-1 ${tag}`);
    await send(b, `during-2 ${tag}`);

    // Unblock and press Reconnect in one task, so no automatic retry can win the race.
    await a.getByTestId("reconnect").waitFor({ timeout: TIMEOUT });
    await a.evaluate(() => {
      window.__blockWs = false;
      document.querySelector('[data-testid="reconnect"]').click();
    });
    await a.locator('[data-testid="conn-state"][data-state="connected"]').waitFor({ timeout: TIMEOUT });
    await line(a, `during-2 ${tag}`).waitFor({ timeout: TIMEOUT });

    for (const text of [`before ${tag}`, `during-1 ${tag}`, `during-2 ${tag}`]) {
      assert.equal(await line(a, text).count(), 1, `exactly one "${text}" in A`);
    }
    const seqs = await a.getByTestId("chat-line").evaluateAll((els) => els.map((e) => Number(e.dataset.seq)));
    assert.deepEqual(seqs, [...seqs].sort((x, y) => x - y), "lines in seq order");
    // The rejoin asked for what came after the last event A had seen.
    const beforeSeq = Number(await line(a, `before ${tag}`).getAttribute("data-seq"));
    const rejoin = joinsOfA.at(-1);
    assert.equal(joinsOfA.length, 2, "one join, one rejoin");
    assert.equal(typeof rejoin.since, "number");
    assert.ok(rejoin.since >= beforeSeq && rejoin.since < seqs.at(-1), `since=${rejoin.since} resumes after ${beforeSeq}`);
    await Promise.all([ctxA.close(), ctxB.close()]);
  });
});
