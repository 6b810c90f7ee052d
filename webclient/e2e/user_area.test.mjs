// Browser end-to-end test of the rest of the user area (issue 23) against a real node with the demo
// data: every user-area route of spec §2 renders its own page for a signed-in user (none falls through
// to the profile page's "Account does not exist"); a weekly task (follow a streamer, done from the
// streamer's public profile) is claimed once; an invitation reward reaches the inviter's message
// centre live on two open sessions, and reading it on one clears the badge on the other.
//
// Needs Postgres (DATABASE_URL) and COURTSIDE_ENV=dev (the verification-code sink).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { nodeAndBrowser, screenshot, until } from "./harness.mjs";
import { rand, registerByEmail } from "./journeys.mjs";

const TIMEOUT = 20_000;

const env = nodeAndBrowser();
const { call, context } = env;

/** A new user signed up with a verified e-mail (the code comes from the dev sink). */
const register = (prefix) => registerByEmail(call, { prefix, password: "area2026pass" });

/** Resolves once the page's WebSocket got its welcome (the session is authenticated). */
function welcomed(page) {
  return new Promise((resolve) => {
    page.on("websocket", (ws) => ws.on("framereceived", (f) => typeof f.payload === "string" && f.payload.includes('"t":"welcome"') && resolve()));
  });
}

// Every user-area route of spec §2 and what it shows. userNews and userPost come with the news
// branch (issue 22) and are not visited here.
const ROUTES = [
  ["/userInfo", "profile"],
  ["/userInfo/info", "basic-info"],
  ["/userInfo/setting", "setting"],
  ["/userInfo/focus", "focus"],
  ["/userInfo/levalPower", "page-levalPower"],
  ["/userInfo/msgInfo", "page-msgInfo"],
  ["/userInfo/myTask", "page-myTask"],
  ["/userInfo/preferences", "page-preferences"],
  ["/userInfo/send", "page-send"],
  ["/userInfo/exchange", "exchange"],
  ["/userInfo/redMall", "redmall"],
  ["/userInfo/myOrder", "myorder"],
  ["/userInfo/vip", "vip-page"],
  ["/userInfo/water", "water"],
];
const OWN = new Set(["/userInfo/levalPower", "/userInfo/msgInfo", "/userInfo/myTask", "/userInfo/preferences", "/userInfo/send"]);

describe("the user area", () => {
  it("every user-area route renders its own page for a signed-in user", async () => {
    const user = await register("area");
    const ctx = await context(user);
    const page = await ctx.newPage();
    try {
      for (const [path, testId] of ROUTES) {
        await page.goto(`${env.node.baseURL}${path}`);
        await page.getByTestId(testId).waitFor({ timeout: TIMEOUT });
        // Its own heading, inside the page itself.
        const heading = page.locator(`[data-testid="${testId}"] h1, [data-testid="${testId}"] h2`).first();
        await heading.waitFor({ timeout: TIMEOUT });
        assert.ok((await heading.innerText()).trim().length > 0, `${path} has a heading`);
        const text = await page.locator("body").innerText();
        assert.ok(!text.includes("Account does not exist"), `${path} says "Account does not exist"`);
        assert.ok(!text.includes("This page could not be found"), `${path} is a 404`);
        if (OWN.has(path)) {
          // The empty lists show the no-data image (a new user has no messages, gifts...).
          if (path === "/userInfo/send" || path === "/userInfo/msgInfo") await page.getByTestId("no-data").first().waitFor({ timeout: TIMEOUT });
          await screenshot(page, `user-area${path.replace(/\//g, "-")}`);
        }
      }
      // The side menu links every page of the area.
      await page.goto(`${env.node.baseURL}/userInfo/myTask`);
      // The area's frame is a chunk of its own: count its links once it is on the page.
      await page.getByTestId("unav-myTask").waitFor({ timeout: TIMEOUT });
      for (const key of ["msgInfo", "myTask", "levalPower", "bookings", "send", "preferences", "myOrder", "exchange", "redMall", "vip", "water"]) {
        assert.equal(await page.getByTestId(`unav-${key}`).count(), 1, `side menu links ${key}`);
      }
      await page.getByTestId("unav-bookings").click();
      await page.getByTestId("bookings").waitFor({ timeout: TIMEOUT });
      await page.getByTestId("no-data").waitFor({ timeout: TIMEOUT });
      // Book a match that has not started: it shows in "My bookings" and is cancelled from there.
      // The latest kick-off of the list: the first ones may start before the booking arrives.
      const upcoming = await call("POST", "/v2/match/getPCUpcomingGameMatch", { body: { pageSize: 50 } });
      assert.ok(upcoming.list.length > 0, "the demo has matches still to start");
      const match = upcoming.list.reduce((a, b) => (b.startTime > a.startTime ? b : a));
      await call("POST", "/match/attention", { token: user.token, body: { matchId: match.id, attention: true } });
      await page.reload();
      await page.locator('[data-testid="booking"][data-state="booked"]').filter({ hasText: match.homeName }).waitFor({ timeout: TIMEOUT });
      await screenshot(page, "user-area-bookings");
      await page.getByTestId("booking-cancel").first().click();
      await page.locator('[data-testid="booking"][data-state="cancelled"]').waitFor({ timeout: TIMEOUT });
      const after = await call("GET", "/match/attention/list", { token: user.token });
      assert.ok(after.every((b) => b.state !== "booked"), "cancelled from the list");

      // Arabic reads right to left.
      await ctx.addCookies([{ name: "lang", value: "ar", url: env.node.baseURL }]);
      await page.goto(`${env.node.baseURL}/userInfo/myTask`);
      await page.getByTestId("page-myTask").waitFor({ timeout: TIMEOUT });
      assert.equal(await page.evaluate(() => document.documentElement.dir), "rtl");
      await screenshot(page, "user-area-myTask-ar");
    } finally {
      await ctx.close();
    }
  });

  it("a task is done, claimed once; a notice arrives live on two sessions and is read on both", async () => {
    const a = await register("inviter");
    const streamers = await call("GET", "/anchor/anchorList");
    const streamer = streamers.list[0];
    assert.ok(streamer?.anchorId, "the demo has streamers");

    const ctx1 = await context(a);
    const ctx2 = await context(a);
    const p1 = await ctx1.newPage();
    const p2 = await ctx2.newPage();
    try {
      // Five chat lines in a live room: the daily chat task counts them (the history hook).
      await p1.goto(`${env.node.baseURL}/live/1003`);
      await p1.locator('[data-testid="conn-state"][data-state="connected"]').waitFor({ timeout: TIMEOUT });
      for (let i = 1; i <= 5; i++) {
        await p1.getByTestId("chat-input").fill(`Great match tonight ${i}`);
        const button = p1.getByTestId("chat-send");
        await p1.waitForFunction((el) => !el.disabled, await button.elementHandle(), { timeout: TIMEOUT });
        await button.click();
        await p1.getByTestId("chat-list").getByText(`Great match tonight ${i}`).waitFor({ timeout: TIMEOUT });
      }
      // A gift (a 10-coin scarf) from the gift panel: it shows in /userInfo/send.
      const panel = p1.getByTestId("gift-panel");
      const goldBeforeGift = (await call("GET", "/user/userGold", { token: a.token })).gold;
      await panel.locator('[data-testid="gift-item"][data-gift="3"]').click();
      await panel.getByTestId("gift-send").click();
      for (let tries = 0; (await call("GET", "/user/userGold", { token: a.token })).gold !== goldBeforeGift - 10; tries++) {
        assert.ok(tries < 50, `the gift was not paid: ${await panel.innerText()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      await p1.goto(`${env.node.baseURL}/userInfo/send`);
      await p1.getByTestId("gift-list").locator("tbody tr").filter({ hasText: "PixelPundit" }).first().waitFor({ timeout: TIMEOUT });
      await p1.getByTestId("gift-totals").waitFor({ timeout: TIMEOUT });
      await screenshot(p1, "user-area-send-gift");

      await p1.goto(`${env.node.baseURL}/userInfo/myTask`);
      for (let tries = 0; ; tries++) {
        const tasks = await call("GET", "/user/area/tasks", { token: a.token });
        if (tasks.list.find((x) => x.id === "chat5")?.done && tasks.list.find((x) => x.id === "gift1")?.done) break;
        assert.ok(tries < 50, "the chat and gift tasks did not count the five lines and the gift");
        await new Promise((r) => setTimeout(r, 200));
      }
      await p1.reload();
      const beforeChat = (await call("GET", "/user/userGold", { token: a.token })).gold;
      await p1.getByTestId("claim-chat5").click();
      await p1.locator('[data-testid="task-chat5"][data-claimed="true"]').waitFor({ timeout: TIMEOUT });
      assert.equal((await call("GET", "/user/userGold", { token: a.token })).gold, beforeChat + 10, "the chat task's 10 coins");
      await p1.locator('[data-testid="task-gift1"][data-done="true"]').waitFor({ timeout: TIMEOUT });

      // Follow a streamer from their public profile: the weekly follow task is done.
      await p1.goto(`${env.node.baseURL}/userInfo/${streamer.anchorId}`);
      await p1.getByTestId("profile-name").waitFor({ timeout: TIMEOUT });
      await p1.getByTestId("level-badge").waitFor({ timeout: TIMEOUT });
      await screenshot(p1, "user-area-public-profile");
      await p1.getByTestId("profile-follow").click();
      await p1.waitForFunction(() => document.querySelector('[data-testid="profile-follow"]')?.className.includes("secondary"), null, { timeout: TIMEOUT });
      await p1.goto(`${env.node.baseURL}/userInfo/myTask`);
      await p1.locator('[data-testid="task-follow1"][data-done="true"]').waitFor({ timeout: TIMEOUT });
      const before = (await call("GET", "/user/userGold", { token: a.token })).gold;
      await p1.getByTestId("claim-follow1").click();
      await p1.getByTestId("task-claimed").waitFor({ timeout: TIMEOUT });
      await p1.locator('[data-testid="task-follow1"][data-claimed="true"]').waitFor({ timeout: TIMEOUT });
      await screenshot(p1, "user-area-task-claimed");
      assert.equal((await call("GET", "/user/userGold", { token: a.token })).gold, before + 20);
      const again = await call.raw("POST", "/user/area/tasks/claim", { token: a.token, body: { task: "follow1" } });
      assert.equal(Number(again.errorCode), 6803, "a second claim in the week is refused");
      assert.equal((await call("GET", "/user/userGold", { token: a.token })).gold, before + 20);

      // Two sessions of the inviter: the message centre on one, the profile on the other.
      const w1 = welcomed(p1);
      const w2 = welcomed(p2);
      await p1.goto(`${env.node.baseURL}/userInfo/msgInfo`);
      await p2.goto(`${env.node.baseURL}/userInfo`);
      await Promise.all([w1, w2]);
      await p1.getByTestId("page-msgInfo").waitFor({ timeout: TIMEOUT });
      assert.equal(await p2.getByTestId("header-unread").count(), 0);

      // A friend signs up through the invite link: the inviter is rewarded and told, live.
      const b = await register("invitee");
      const accepted = await call("POST", "/user/area/invites/accept", { token: b.token, body: { code: a.user.uid, device: `e2e-${rand()}` } });
      assert.equal(accepted.rewarded, true);
      await p1.locator('[data-testid="msg-item"][data-kind="task"]').waitFor({ timeout: TIMEOUT });
      // Both badges show the server's count: the reward's notice, and any other the inviter got
      // meanwhile (a level reached as the run went on is a notice too).
      const badge = async (p) => ((await p.getByTestId("header-unread").count()) ? (await p.getByTestId("header-unread").innerText()).trim() : "");
      await until(
        async () => {
          const { unread } = await call("GET", "/user/notices/unread", { token: a.token });
          return unread >= 1 && (await badge(p1)) === String(unread) && (await badge(p2)) === String(unread);
        },
        "both sessions' badges to show the unread notices",
        TIMEOUT,
      );
      await screenshot(p1, "user-area-msgInfo-live");

      // The public profile never shows private fields to someone else.
      const seen = await call("GET", "/user/info", { token: b.token, query: { userId: a.user.uid } });
      assert.equal(seen.private, false);
      assert.ok(!seen.email && !seen.phone && !seen.vipExpire, "no e-mail, phone or expiry of another user");
      assert.ok(!JSON.stringify(seen).includes(a.email), "the e-mail is nowhere in another user's view");

      // Read on one session: the badge clears on the other.
      await p1.getByTestId("msg-read-all").click();
      await p1.getByTestId("header-unread").waitFor({ state: "detached", timeout: TIMEOUT });
      await p2.getByTestId("header-unread").waitFor({ state: "detached", timeout: TIMEOUT });
      assert.equal((await call("GET", "/user/notices/unread", { token: a.token })).unread, 0);
      const rec = await call("GET", "/user/area/invites", { token: a.token });
      assert.equal(rec.list.length, 1);
      assert.equal(rec.earned, 50);
    } finally {
      await ctx1.close();
      await ctx2.close();
    }
  });
});
