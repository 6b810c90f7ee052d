// The back office (issue 16) in a browser: a visitor who is not staff never downloads it; an
// administrator signs in with the second factor (TOTP), approves a streamer application, handles a
// report by muting its author platform-wide — whose open socket is refused the next line at once —
// and finds these actions in the audit log. Screenshots of every screen go to
// test-results/screenshots/admin-*.png.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import WebSocket from "ws";
import { administrator as makeAdministrator, launchBrowser, restClient, screenshot, startNode, totp } from "./harness.mjs";
import { rand, registerByEmail, signedInContext } from "./journeys.mjs";

const TIMEOUT = 20_000;
let node;
let browser;

const call = restClient(() => node);

const register = (prefix) => registerByEmail(call, { prefix, password: "admin2026test" });
/** An administrator who has not yet passed the back office's second factor (the test enrols in the browser). */
const administrator = () => makeAdministrator(call, { prefix: "root", secondFactor: false });
const context = (session) => signedInContext(browser, node.baseURL, session, { viewport: { width: 1366, height: 900 } });

/** A real-time connection signed in with token, keeping every frame it receives. */
async function socket(token) {
  const ws = new WebSocket(`ws://${node.wsAddr}/ws?v=1`, { headers: { Origin: node.baseURL } });
  const frames = [];
  const waiters = new Set();
  let closed = null;
  ws.on("message", (data) => {
    const m = JSON.parse(String(data));
    frames.push(m);
    for (const w of waiters) w();
  });
  ws.on("close", (code) => {
    closed = code;
    for (const w of waiters) w();
  });
  await new Promise((ok, fail) => {
    ws.once("open", ok);
    ws.once("error", fail);
  });
  const s = {
    frames,
    send: (m) => ws.send(JSON.stringify(m)),
    /** The first frame (from index from) of type t that satisfies ok. */
    expect: (t, ok = () => true, from = 0) =>
      new Promise((done, fail) => {
        const check = () => {
          const f = frames.slice(from).find((m) => m.t === t && ok(m));
          if (f) {
            waiters.delete(check);
            clearTimeout(timer);
            done(f);
          } else if (closed !== null) {
            waiters.delete(check);
            clearTimeout(timer);
            fail(new Error(`socket closed (${closed}) while waiting for ${t}: ${JSON.stringify(frames.slice(-5))}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          fail(new Error(`no ${t} frame: ${JSON.stringify(frames.slice(-5))}`));
        }, TIMEOUT);
        waiters.add(check);
        check();
      }),
    close: () => ws.close(),
  };
  s.send({ t: "auth", token, lan: "en_US" });
  await s.expect("welcome");
  return s;
}

describe("the back office", { timeout: 240_000 }, () => {
  before(async () => {
    node = await startNode();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await node?.stop();
  });

  it("is never downloaded by a visitor who is not staff", async () => {
    const user = await register("plain");
    const ctx = await context(user);
    const page = await ctx.newPage();
    const scripts = [];
    page.on("request", (r) => scripts.push(r.url()));
    await page.goto(`${node.baseURL}/admin`);
    await page.getByText("403").first().waitFor({ timeout: TIMEOUT });
    await screenshot(page, "admin-denied");
    assert.ok(!scripts.some((u) => /\/assets\/(AdminApp|Dashboard|Users|Reports|Audit|Streamers)-/.test(u)),
      `the back office's code was downloaded: ${scripts.filter((u) => u.includes("Admin")).join(", ")}`);
    await assert.rejects(call("GET", "/admin/dashboard", { token: user.token }), /HTTP 403/);
    await ctx.close();
  });

  it("an administrator signs in with the second factor, approves a streamer, mutes a reported user everywhere and finds it all in the audit log", async () => {
    const admin = await administrator();
    // Before the second factor the staff calls are closed, whatever the password.
    await assert.rejects(call("GET", "/admin/dashboard", { token: admin.token }), /6000/);

    const ctx = await context(admin);
    const page = await ctx.newPage();
    await page.goto(`${node.baseURL}/admin`);
    await page.getByTestId("admin-mfa-enrol").click();
    const secret = (await page.getByTestId("admin-mfa-secret").textContent()).trim();
    await screenshot(page, "admin-second-factor");
    await page.getByTestId("admin-mfa-code").fill(await totp(secret));
    await page.getByTestId("admin-mfa-verify").click();
    await page.getByTestId("admin-shell").waitFor({ timeout: TIMEOUT });
    await page.getByTestId("admin-card-applications").waitFor({ timeout: TIMEOUT });
    await screenshot(page, "admin-dashboard");

    // 1. The demo data's streamer applications: approve the first.
    await page.getByTestId("admin-menu-streamers").click();
    const application = page.getByTestId("admin-application").first();
    await application.waitFor({ timeout: TIMEOUT });
    const realName = (await application.locator("h2").textContent()).trim();
    await screenshot(page, "admin-streamers");
    await application.getByTestId("admin-approve").click();
    await page.getByText(`${realName} is approved`).waitFor({ timeout: TIMEOUT }).catch(async (e) => {
      await screenshot(page, "admin-failure");
      throw e;
    });
    const approved = await call("GET", "/admin/anchor/applications", { token: admin.token, query: { status: "approved" } });
    assert.ok(approved.list.some((a) => a.realName === realName && a.roomId), `${realName} not approved with a room`);

    // 2. A troll writes a line in room 1001 and a viewer reports it.
    const troll = await register("troll");
    const viewer = await register("viewer");
    const t = await socket(troll.token);
    t.send({ t: "join", room: "1001" });
    await t.expect("joined", (m) => m.room === "1001");
    const text = `buy followers cheap ${rand()}`;
    t.send({ t: "chat", room: "1001", text, nonce: "bad" });
    const ack = await t.expect("ack", (m) => m.nonce === "bad");
    const v = await socket(viewer.token);
    v.send({ t: "join", room: "1001" });
    await v.expect("joined", (m) => m.room === "1001");
    v.send({ t: "report", room: "1001", msg: ack.ev.id, reason: "ads", nonce: "r1" });
    await v.expect("ack", (m) => m.nonce === "r1");

    // 3. The administrator mutes the troll everywhere from the reports queue.
    await page.getByTestId("admin-menu-reports").click();
    const report = page.getByTestId("admin-report").filter({ has: page.getByTestId("admin-report-author").filter({ hasText: troll.name }) });
    await report.waitFor({ timeout: TIMEOUT }).catch(async (e) => {
      await screenshot(page, "admin-failure");
      throw e;
    });
    await screenshot(page, "admin-reports");
    await report.getByTestId("admin-report-action").selectOption("mutePlatform");
    await report.getByTestId("admin-report-hours").fill("24");
    await report.getByTestId("admin-report-reason").fill("spam links in chat");
    const seen = t.frames.length;
    await report.getByTestId("admin-report-apply").click();
    await page.getByText("Report handled").waitFor({ timeout: TIMEOUT });
    // The troll's socket, open all along, hears of the mute and is refused the next line.
    await t.expect("user", (m) => m.muted === true, seen);
    t.send({ t: "chat", room: "1001", text: "still here", nonce: "after" });
    const refused = await t.expect("error", (m) => m.nonce === "after");
    assert.equal(refused.key, "chat.muted");
    t.close();
    v.close();

    // 4. The troll in the users screen: muted, contacts masked.
    await page.getByTestId("admin-menu-users").click();
    await page.getByTestId("admin-users-q").fill(troll.name);
    await page.getByTestId("admin-users-q").press("Enter");
    await page.getByTestId("admin-user-open").filter({ hasText: troll.name }).click();
    const detail = page.getByTestId("admin-user-detail");
    await detail.getByText("Muted").waitFor({ timeout: TIMEOUT });
    assert.match(await page.getByTestId("admin-users").textContent(), /\*\*\*@example\.test/);
    await screenshot(page, "admin-users");

    // 5. The audit log has each action, and its filters narrow it.
    await page.getByTestId("admin-menu-audit").click();
    await page.getByTestId("admin-audit-row").first().waitFor({ timeout: TIMEOUT });
    const actions = await page.getByTestId("admin-audit-row").evaluateAll((rows) => rows.map((r) => r.dataset.action));
    for (const a of ["staff.enrol", "anchor.approve", "chat.delete", "user.mute", "report.mutePlatform"]) {
      assert.ok(actions.includes(a), `audit log lacks ${a}: ${actions.join(", ")}`);
    }
    await screenshot(page, "admin-audit");
    await page.getByTestId("admin-audit-action").fill("user.");
    await page.getByTestId("admin-audit-action").press("Enter");
    // Rows are back (the new filter's answer, not the loading box) and all match it.
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-testid="admin-audit-row"]')];
      return rows.length > 0 && rows.every((r) => r.dataset.action.startsWith("user."));
    });
    assert.equal(await page.locator('[data-testid="admin-audit-row"] input, [data-testid="admin-audit-row"] button').count(), 0, "an audit entry is editable");

    // The same screens in another language and right to left.
    for (const lang of ["zh_CN", "ar"]) {
      await ctx.addCookies([{ name: "lang", value: lang, url: node.baseURL }]);
      await page.goto(`${node.baseURL}/admin/reports`);
      await page.getByTestId("admin-reports").waitFor({ timeout: TIMEOUT });
      await page.getByTestId("admin-menu-reports").waitFor();
      assert.notEqual((await page.getByTestId("admin-menu-reports").textContent()).trim(), "Reports", `${lang} menu untranslated`);
      await screenshot(page, `admin-reports-${lang}`);
    }

    // Every screen of the menu at 1280 px, in English and right to left: it settles (a heading, nothing
    // still loading) and nothing runs past the screen's edge (the videos table once did).
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const lang of ["en_US", "ar"]) {
      await ctx.addCookies([{ name: "lang", value: lang, url: node.baseURL }]);
      await page.goto(`${node.baseURL}/admin`);
      await page.getByTestId("admin-menu-dashboard").waitFor({ timeout: TIMEOUT });
      const entries = await page.locator('[data-testid^="admin-menu-"]').evaluateAll((links) => links.map((a) => a.dataset.testid));
      for (const entry of entries) {
        await page.getByTestId(entry).click();
        await page.waitForFunction(() => {
          const main = document.querySelector('[data-testid="admin-shell"] main');
          return !!main?.querySelector("h1, h2") && !main.querySelector('[aria-busy="true"], [data-testid="loading"]');
        }, null, { timeout: TIMEOUT });
        // Past the edge: a table or a block of the screen reaching beyond the content box of the shell's
        // main column (the column's padding hides a small overflow from its scrollWidth), or a page
        // that scrolls sideways.
        const overflow = await page.evaluate(() => {
          const main = document.querySelector('[data-testid="admin-shell"] main');
          const box = main.getBoundingClientRect();
          const cs = getComputedStyle(main);
          const left = box.left + parseFloat(cs.paddingLeft) - 1;
          const right = box.right - parseFloat(cs.paddingRight) + 1;
          const out = [...main.querySelectorAll(":scope > * > *, table")]
            .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && (r.left < left || r.right > right); })
            .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().width)}px`);
          if (document.documentElement.scrollWidth > window.innerWidth + 1) out.push(`the page, ${document.documentElement.scrollWidth}px`);
          return out;
        });
        assert.deepEqual(overflow, [], `${lang} ${entry} runs past the edge`);
      }
      await screenshot(page, `admin-last-${lang}`);
    }
    await ctx.close();
  });
});
