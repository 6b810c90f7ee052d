// Browser end-to-end test of reserved broadcasts (issue 17 "Reservations") and "My bookings" (issue
// 23) against a real node: a streamer (applied and approved over REST) announces an upcoming
// broadcast in the streamer centre; a guest on the offline room page gets the login modal from
// Reserve; a signed-in viewer reserves and sees it in My bookings as booked beside a booked match; a
// second viewer reserves and cancels from My bookings; the streamer goes live (ffmpeg pushes with the
// stream key) and the reserver's message centre gets the notice live, once; the booking reads "In
// progress". Screenshots: bookings-announce, bookings-room-guest-login, bookings-streamer-page,
// bookings-room-reserved, bookings-list-booked, bookings-msg-started, bookings-list-in-progress.
//
// Needs Postgres (DATABASE_URL), COURTSIDE_ENV=dev (set here) and ffmpeg; skips without ffmpeg.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { administrator, LIGHT_PUSH, nodeAndBrowser, screenshot } from "./harness.mjs";
import { ffmpegMissing, newStreamer, registerByMobile as signUpByMobile } from "./journeys.mjs";

const TIMEOUT = 20_000;
const LIVE_TIMEOUT = 45_000;

const env = nodeAndBrowser({ requires: ffmpegMissing });
const { call, context } = env;

/** A new account signed up by mobile code (a bound phone, which a streamer application needs). */
const registerByMobile = (prefix) => signUpByMobile(call, { prefix, password: "book2026pass" });
/** Applies over REST, approves as the administrator and saves complete live settings. */
const approvedStreamer = (admin) =>
  newStreamer(call, admin, { prefix: "host", password: "book2026pass", settings: { title: "Derby night", detailIntro: "Watch along with me", externalComments: true } });
const push = (key) => env.push(key, LIGHT_PUSH).child;

/** Pads the local-time value of a datetime-local input. */
const localInput = (ms) => {
  const d = new Date(ms);
  const p = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

describe("reserved broadcasts and My bookings", () => {
  it("announces, reserves (guest → login), lists, cancels, and notifies the reserver once on go-live", async (t) => {
    if (env.skipReason) return t.skip(env.skipReason);
    const admin = await administrator(call);
    const host = await approvedStreamer(admin);
    const fan = await registerByMobile("fan");
    const other = await registerByMobile("oth");
    const room = `a${host.user.uid.slice(1)}`;
    const contexts = [];
    try {
      // 1. The streamer announces the broadcast in the streamer centre (30 minutes ahead: inside the
      //    hour in which going live starts it).
      const hctx = await context(host);
      contexts.push(hctx);
      const hp = await hctx.newPage();
      await hp.goto(`${env.node.baseURL}/anchorCenter`);
      await hp.getByTestId("announce").waitFor({ timeout: TIMEOUT });
      await hp.getByTestId("announce-title").fill("Derby warm-up with tactics board");
      await hp.getByTestId("announce-time").fill(localInput(Date.now() + 30 * 60_000));
      await hp.getByTestId("announce-save").click();
      await hp.locator('[data-testid="announce-message"][data-ok="true"]').waitFor({ timeout: TIMEOUT });
      await hp.getByTestId("announce-withdraw").waitFor({ timeout: TIMEOUT });
      await hp.evaluate(() => window.scrollTo(0, 0));
      await screenshot(hp, "bookings-announce");

      // 2. A guest sees the teaser on the offline room and gets the login modal from Reserve.
      const gctx = await context(null);
      contexts.push(gctx);
      const gp = await gctx.newPage();
      await gp.goto(`${env.node.baseURL}/live/${room}`);
      await gp.getByTestId("teaser-title").filter({ hasText: "Derby warm-up" }).waitFor({ timeout: TIMEOUT });
      await gp.getByTestId("teaser-reserve").click();
      await gp.locator('[role="dialog"]').first().waitFor({ timeout: TIMEOUT });
      await screenshot(gp, "bookings-room-guest-login");
      // The streamer's own page shows it too while offline.
      await gp.goto(`${env.node.baseURL}/anchor/${host.user.uid}`);
      await gp.getByTestId("anchor-page").waitFor({ timeout: TIMEOUT });
      await gp.getByTestId("teaser-title").filter({ hasText: "Derby warm-up" }).waitFor({ timeout: TIMEOUT });
      await screenshot(gp, "bookings-streamer-page");

      // 3. A signed-in viewer reserves and books a match still to start: My bookings lists both, booked.
      const fctx = await context(fan);
      contexts.push(fctx);
      const fp = await fctx.newPage();
      await fp.goto(`${env.node.baseURL}/live/${room}`);
      await fp.getByTestId("teaser-reserve").click();
      await fp.getByTestId("teaser-reserved").waitFor({ timeout: TIMEOUT });
      assert.equal(await fp.getByTestId("teaser-count").textContent(), "1 reserved");
      await screenshot(fp, "bookings-room-reserved");
      const upcoming = await call("POST", "/v2/match/getPCUpcomingGameMatch", { body: { pageSize: 50 } });
      const match = upcoming.list.reduce((a, b) => (b.startTime > a.startTime ? b : a));
      await call("POST", "/match/attention", { token: fan.token, body: { matchId: match.id, attention: true } });
      await fp.goto(`${env.node.baseURL}/userInfo/focus?tab=bookings`);
      const row = fp.locator('[data-testid="booking-broadcast"]').filter({ hasText: "Derby warm-up" });
      await row.waitFor({ timeout: TIMEOUT });
      assert.equal(await row.getAttribute("data-state"), "booked");
      await fp.locator('[data-testid="booking"][data-state="booked"]').filter({ hasText: match.homeName }).waitFor({ timeout: TIMEOUT });
      await screenshot(fp, "bookings-list-booked");

      // 4. Another viewer reserves and cancels from My bookings.
      const { announcement } = await call("GET", "/anchor/announcement", { token: other.token, query: { roomId: room } });
      await call("POST", "/anchor/reservation", { token: other.token, body: { id: announcement.id } });
      const octx = await context(other);
      contexts.push(octx);
      const op = await octx.newPage();
      await op.goto(`${env.node.baseURL}/userInfo/focus?tab=bookings`);
      await op.getByTestId("broadcast-cancel").click();
      await op.locator('[data-testid="booking-broadcast"]').waitFor({ state: "detached", timeout: TIMEOUT });
      assert.equal((await call("GET", "/anchor/reservations", { token: other.token })).list.length, 0);

      // 5. The streamer goes live: the reserver's message centre gets the notice live, once.
      await fp.goto(`${env.node.baseURL}/userInfo/msgInfo`);
      await fp.getByTestId("page-msgInfo").waitFor({ timeout: TIMEOUT });
      const guide = await call("POST", "/anchor/streamKey", { token: host.token });
      await call("GET", "/anchor/broadcast", { token: host.token });
      push(guide.streamKey);
      await fp.locator('[data-testid="msg-item"][data-kind="live"]').filter({ hasText: "has started the broadcast you reserved" }).waitFor({ timeout: LIVE_TIMEOUT });
      await fp.getByTestId("header-unread").waitFor({ timeout: TIMEOUT });
      await screenshot(fp, "bookings-msg-started");
      const notices = await call.raw("GET", "/user/notices", { token: fan.token });
      const started = JSON.stringify(notices).split("has started the broadcast you reserved").length - 1;
      assert.equal(started, 1, "one notice for the reservation");
      const mine = (await call("GET", "/anchor/reservations", { token: other.token })).list;
      assert.equal(mine.length, 0, "a cancelled reservation stays cancelled");

      // 6. My bookings: in progress; no cancel button any more.
      await fp.goto(`${env.node.baseURL}/userInfo/focus?tab=bookings`);
      await fp.locator('[data-testid="booking-broadcast"][data-state="inProgress"]').waitFor({ timeout: TIMEOUT });
      assert.equal(await fp.getByTestId("broadcast-cancel").count(), 0);
      await screenshot(fp, "bookings-list-in-progress");
    } catch (err) {
      let n = 0;
      for (const c of contexts) for (const p of c.pages()) await screenshot(p, `bookings-failure-${++n}`).catch(() => undefined);
      throw err;
    } finally {
      for (const c of contexts) await c.close();
    }
  });
});
