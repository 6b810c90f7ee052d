// The back office (issue 16) in a browser: a visitor who is not staff never downloads it; an
// administrator signs in with the second factor (TOTP), approves a streamer application and sees the
// streamer go live (ffmpeg pushes over RTMP; the Live rooms screen shows the room on air), handles a
// report of a line in that room by muting its author platform-wide — whose open socket is refused the
// next line at once — sees the room's report on the dashboard with the node's health, bans the
// streamer from streaming (the push is cut), refunds a fan's paid recharge in Orders and money (the
// coins are taken back and the ledger balances) and finds these actions in the audit log. Screenshots of
// every screen, in English and Arabic at 1280 px, go to test-results/screenshots/admin-*.png
// (docs/img/admin holds JPEG copies). Without ffmpeg the live part is skipped with a diagnostic.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import WebSocket from "ws";
import { LIGHT_PUSH, administrator as makeAdministrator, nodeAndBrowser, screenshot, totp, until } from "./harness.mjs";
import { applyAsStreamer, ffmpegMissing, rand, rechargeCoins, refundInMoneyScreen, registerByEmail, registerByMobile } from "./journeys.mjs";

const TIMEOUT = 20_000;
/** How long a push may take to be on air, and to be cut after a ban. */
const LIVE_TIMEOUT = 45_000;
const env = nodeAndBrowser();
const { call } = env;

const register = (prefix) => registerByEmail(call, { prefix, password: "admin2026test" });
/** An administrator who has not yet passed the back office's second factor (the test enrols in the browser). */
const administrator = () => makeAdministrator(call, { prefix: "root", secondFactor: false });
const context = (session) => env.context(session, { viewport: { width: 1366, height: 900 } });

/** A real-time connection signed in with token, keeping every frame it receives. */
async function socket(token) {
  const ws = new WebSocket(`ws://${env.node.wsAddr}/ws?v=1`, { headers: { Origin: env.node.baseURL } });
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

/** A full-page screenshot from the top of the page (a click low on the page scrolled it, and the
 * site's sticky header would be drawn over the middle of the picture). */
async function shot(page, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return screenshot(page, name);
}

/** Clicks the streamer queue's Next until card is on the page (the queue pages by 10). */
async function findOnPages(page, card) {
  for (let i = 0; i < 20; i++) {
    if (await card.count()) return;
    const next = page.getByTestId("ops-pager").locator("button").last();
    if (!(await next.count()) || (await next.isDisabled())) break;
    await next.click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="loading"]'));
  }
  await card.waitFor({ timeout: TIMEOUT });
}

describe("the back office", { timeout: 360_000 }, () => {
  it("is never downloaded by a visitor who is not staff", async () => {
    const user = await register("plain");
    const ctx = await context(user);
    const page = await ctx.newPage();
    const scripts = [];
    page.on("request", (r) => scripts.push(r.url()));
    await page.goto(`${env.node.baseURL}/admin`);
    await page.getByText("403").first().waitFor({ timeout: TIMEOUT });
    await shot(page, "admin-denied");
    assert.ok(!scripts.some((u) => /\/assets\/(AdminApp|Dashboard|Users|Reports|Audit|Streamers)-/.test(u)),
      `the back office's code was downloaded: ${scripts.filter((u) => u.includes("Admin")).join(", ")}`);
    await assert.rejects(call("GET", "/admin/dashboard", { token: user.token }), /HTTP 403/);
    await ctx.close();
  });

  it("an administrator signs in with the second factor, approves a streamer who goes live, mutes a reported user everywhere, bans the streamer, refunds an order and finds it all in the audit log", async (tc) => {
    const noFfmpeg = ffmpegMissing();
    if (noFfmpeg) tc.diagnostic(`the streamer does not go live: ${noFfmpeg}`);
    const admin = await administrator();
    // A fan applies to stream (a bound phone, the ID pictures): the application waits in the queue.
    const caster = await registerByMobile(call, { prefix: "caster", password: "admin2026test" });
    const realName = `Ines Castillo ${rand().slice(-4)}`;
    await applyAsStreamer(call, caster, { application: { realName, intro: "Derby nights, live from the stands" } });
    // Before the second factor the staff calls are closed, whatever the password.
    await assert.rejects(call("GET", "/admin/dashboard", { token: admin.token }), /6000/);

    const ctx = await context(admin);
    const page = await ctx.newPage();
    await page.goto(`${env.node.baseURL}/admin`);
    await page.getByTestId("admin-mfa-enrol").click();
    const secret = (await page.getByTestId("admin-mfa-secret").textContent()).trim();
    await shot(page, "admin-second-factor");
    await page.getByTestId("admin-mfa-code").fill(await totp(secret));
    await page.getByTestId("admin-mfa-verify").click();
    await page.getByTestId("admin-shell").waitFor({ timeout: TIMEOUT });
    await page.getByTestId("admin-card-applications").waitFor({ timeout: TIMEOUT });
    await shot(page, "admin-dashboard");

    // 1. The streamer applications (the demo's and the fan's): approve the fan's.
    await page.getByTestId("admin-menu-streamers").click();
    await page.getByTestId("admin-application").first().waitFor({ timeout: TIMEOUT });
    await shot(page, "admin-streamers");
    const application = page.getByTestId("admin-application").filter({ has: page.locator("h2", { hasText: realName }) });
    await findOnPages(page, application);
    await application.getByTestId("admin-approve").click();
    await page.getByText(`${realName} is approved`).waitFor({ timeout: TIMEOUT }).catch(async (e) => {
      await shot(page, "admin-failure");
      throw e;
    });
    const whether = await call("GET", "/anchor/whether", { token: caster.token });
    assert.ok(whether.isAnchor && whether.status === "approved" && whether.roomId, `${realName} not approved with a room: ${JSON.stringify(whether)}`);
    const room = whether.roomId;

    // 1b. The new streamer goes live: settings, a stream key, start, and ffmpeg pushes over RTMP. The
    // back office's Live rooms screen shows the room on air (its Refresh reads the list again).
    let pusher = null;
    if (!noFfmpeg) {
      await call("POST", "/updateAnchor", { token: caster.token, body: { title: `Derby night with ${realName}`, detailIntro: "Watch along", externalComments: true } });
      const { streamKey } = await call("POST", "/anchor/streamKey", { token: caster.token });
      await call("GET", "/anchor/broadcast", { token: caster.token });
      pusher = env.push(streamKey, LIGHT_PUSH);
      await page.getByTestId("admin-menu-liveRooms").click();
      await page.getByTestId("admin-rooms-q").fill(room);
      await page.getByTestId("admin-rooms-q").press("Enter");
      const onAir = page.locator(`[data-testid="admin-room"][data-room="${room}"][data-up="true"]`);
      await until(async () => {
        if (await onAir.count()) return true;
        await page.getByTestId("admin-rooms-refresh").click();
        return false;
      }, `room ${room} on air on the Live rooms screen`, LIVE_TIMEOUT, { every: 1000 }).catch(async (e) => {
        await shot(page, "admin-failure");
        throw e;
      });
      assert.match(await onAir.textContent(), /On air/);
      await shot(page, "admin-rooms-live");
    }
    // The troll's line is in the new streamer's room when it is live, else in demo room 1001.
    const chatRoom = pusher ? room : "1001";

    // 2. A troll writes a line and a viewer reports it.
    const troll = await register("troll");
    const viewer = await register("viewer");
    const t = await socket(troll.token);
    t.send({ t: "join", room: chatRoom });
    await t.expect("joined", (m) => m.room === chatRoom);
    const text = `buy followers cheap ${rand()}`;
    t.send({ t: "chat", room: chatRoom, text, nonce: "bad" });
    const ack = await t.expect("ack", (m) => m.nonce === "bad");
    const v = await socket(viewer.token);
    v.send({ t: "join", room: chatRoom });
    await v.expect("joined", (m) => m.room === chatRoom);
    v.send({ t: "report", room: chatRoom, msg: ack.ev.id, reason: "ads", nonce: "r1" });
    await v.expect("ack", (m) => m.nonce === "r1");

    // 3. The administrator mutes the troll everywhere from the reports queue.
    await page.getByTestId("admin-menu-reports").click();
    const report = page.getByTestId("admin-report").filter({ has: page.getByTestId("admin-report-author").filter({ hasText: troll.name }) });
    await report.waitFor({ timeout: TIMEOUT }).catch(async (e) => {
      await shot(page, "admin-failure");
      throw e;
    });
    await shot(page, "admin-reports");
    await report.getByTestId("admin-report-action").selectOption("mutePlatform");
    await report.getByTestId("admin-report-hours").fill("24");
    await report.getByTestId("admin-report-reason").fill("spam links in chat");
    const seen = t.frames.length;
    await report.getByTestId("admin-report-apply").click();
    await page.getByText("Report handled").waitFor({ timeout: TIMEOUT });
    // The troll's socket, open all along, hears of the mute and is refused the next line.
    await t.expect("user", (m) => m.muted === true, seen);
    t.send({ t: "chat", room: chatRoom, text: "still here", nonce: "after" });
    const refused = await t.expect("error", (m) => m.nonce === "after");
    assert.equal(refused.key, "chat.muted");
    t.close();
    v.close();

    // 3b. The dashboard: the live room's row counts the report of the hour; the node's health is read
    // from its own metrics.
    await page.getByTestId("admin-menu-dashboard").click();
    await page.getByTestId("admin-node").waitFor({ timeout: TIMEOUT });
    assert.match(await page.getByTestId("admin-node-connections").locator("bdi").textContent(), /^\d/);
    assert.match(await page.getByTestId("admin-node-uptime").locator("bdi").textContent(), /\d/);
    if (pusher) {
      const row = page.locator(`[data-testid="admin-live-room"][data-room="${room}"]`);
      await row.getByTestId("admin-room-reports").filter({ hasText: "Reports (1 h): 1" }).waitFor({ timeout: TIMEOUT });
      assert.match(await row.getByTestId("admin-room-chat").textContent(), /^Chat: \d+\/min$/);
    }
    await page.getByTestId("admin-chart-recharges").waitFor({ timeout: TIMEOUT });
    await shot(page, "admin-dashboard-live");

    // 4. The troll in the users screen: muted, contacts masked.
    await page.getByTestId("admin-menu-users").click();
    await page.getByTestId("admin-users-q").fill(troll.name);
    await page.getByTestId("admin-users-q").press("Enter");
    await page.getByTestId("admin-user-open").filter({ hasText: troll.name }).click();
    const detail = page.getByTestId("admin-user-detail");
    await detail.getByText("Muted").waitFor({ timeout: TIMEOUT });
    assert.match(await page.getByTestId("admin-users").textContent(), /\*\*\*@example\.test/);
    await shot(page, "admin-users");

    // 4b. The streamer is banned from streaming with a reason: the running push is cut.
    if (pusher) {
      await page.getByTestId("admin-menu-streamers").click();
      await page.getByRole("button", { name: "Approved", exact: true }).click();
      const card = page.getByTestId("admin-application").filter({ has: page.locator("h2", { hasText: realName }) });
      await findOnPages(page, card);
      await card.getByTestId("admin-stream-ban-reason").fill("restreams a pay-TV feed");
      await card.getByTestId("admin-stream-ban").click();
      await page.getByText(`${realName} is banned from streaming; the running broadcast has ended.`).waitFor({ timeout: TIMEOUT });
      const cut = await Promise.race([pusher.exited, new Promise((r) => setTimeout(() => r(null), LIVE_TIMEOUT))]);
      assert.ok(cut, "the push still runs after the ban");
      await page.getByRole("button", { name: "Banned from streaming", exact: true }).click();
      await findOnPages(page, page.getByTestId("admin-application").filter({ has: page.locator("h2", { hasText: realName }) }));
      await shot(page, "admin-streamers-banned");
      assert.equal((await call("GET", "/anchor/whether", { token: caster.token })).status, "banned");
    }

    // 4c. A fan's paid recharge (the development payment provider) is refunded in Orders and money:
    // the coins are taken back, the refund's ledger entries show beside the credit's and balance.
    const fan = await registerByMobile(call, { prefix: "fan", password: "admin2026test" });
    const gold = async () => (await call("GET", "/user/userGold", { token: fan.token })).gold;
    const before = await gold();
    const orderNo = await rechargeCoins(call, env.node.baseURL, fan, 1, { clientKey: `admin-${rand()}` }); // 10 RMB: 100 coins
    assert.equal(await gold(), before + 100);
    await page.getByTestId("admin-menu-money").click();
    const order = await refundInMoneyScreen(page, orderNo, { reason: "charged twice for one top-up", timeout: TIMEOUT }).catch(async (e) => {
      await shot(page, "admin-failure");
      throw e;
    });
    assert.equal(await order.getByTestId("admin-money-balanced").getAttribute("data-balanced"), "true");
    assert.equal(await gold(), before, "the 100 coins are taken back");
    await shot(page, "admin-money-refunded");

    // 5. The audit log has each action, and its filters narrow it.
    await page.getByTestId("admin-menu-audit").click();
    await page.getByTestId("admin-audit-row").first().waitFor({ timeout: TIMEOUT });
    const actions = await page.getByTestId("admin-audit-row").evaluateAll((rows) => rows.map((r) => r.dataset.action));
    for (const a of ["staff.enrol", "anchor.approve", "chat.delete", "user.mute", "report.mutePlatform", "order.refund", ...(pusher ? ["anchor.ban"] : [])]) {
      assert.ok(actions.includes(a), `audit log lacks ${a}: ${actions.join(", ")}`);
    }
    await shot(page, "admin-audit");
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
      await ctx.addCookies([{ name: "lang", value: lang, url: env.node.baseURL }]);
      await page.goto(`${env.node.baseURL}/admin/reports`);
      await page.getByTestId("admin-reports").waitFor({ timeout: TIMEOUT });
      await page.getByTestId("admin-menu-reports").waitFor();
      assert.notEqual((await page.getByTestId("admin-menu-reports").textContent()).trim(), "Reports", `${lang} menu untranslated`);
      await shot(page, `admin-reports-${lang}`);
    }

    // Every screen of the menu at 1280 px, in English and right to left: it settles (a heading, nothing
    // still loading) and nothing runs past the screen's edge (the videos table once did).
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const lang of ["en_US", "ar"]) {
      await ctx.addCookies([{ name: "lang", value: lang, url: env.node.baseURL }]);
      await page.goto(`${env.node.baseURL}/admin`);
      await page.getByTestId("admin-menu-dashboard").waitFor({ timeout: TIMEOUT });
      const entries = await page.locator('[data-testid^="admin-menu-"]').evaluateAll((links) => links.map((a) => a.dataset.testid));
      for (const entry of entries) {
        await page.getByTestId(entry).click();
        // The entry's screen is the one shown (its menu link is the current page: the previous
        // screen's heading no longer counts), it settled, and its pictures in view have loaded.
        await page.waitForFunction((id) => {
          const main = document.querySelector('[data-testid="admin-shell"] main');
          return document.querySelector(`[data-testid="${id}"]`)?.getAttribute("aria-current") === "page" &&
            !!main?.querySelector("h1, h2") && !main.querySelector('[aria-busy="true"], [data-testid="loading"]');
        }, entry, { timeout: TIMEOUT });
        await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="admin-shell"] main img')]
          .filter((i) => i.getBoundingClientRect().top < window.innerHeight).every((i) => i.complete), null, { timeout: 5_000 }).catch(() => undefined);
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
        await shot(page, `admin-screen-${entry.replace("admin-menu-", "")}-${lang}`);
      }
      await shot(page, `admin-last-${lang}`);
    }
    await ctx.close();
  });
});
