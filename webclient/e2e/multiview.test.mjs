// Multi-view, custom-tag rooms and the following list (issue 17), in a browser against a real node
// with the living demo: a fan opens /live, goes to multi-view, adds two live demo rooms, moves the
// sound, reloads and still has both with the sound where it was; a room's "Add to multi-view" adds
// it to the remembered view; the demo's talk show is listed under its tag; the "following" strip
// shows a followed streamer live. The database is shared with other e2e files: users are unique.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { clickWhileVideoPlays, nodeAndBrowser, screenshot, until } from "./harness.mjs";
import { ffmpegMissing, registerByEmail } from "./journeys.mjs";

const TIMEOUT = 30_000;
// The demo's streams need ffmpeg; without it the tiles say the room is not live (sound still moves).
const streams = !ffmpegMissing();

const env = nodeAndBrowser({ env: { COURTSIDE_DEMO_STREAMS: streams ? "true" : "false" } });
const { call } = env;

const register = () => registerByEmail(call, { prefix: "Mv", password: "multiview2026" });
const context = ({ lang = "en_US", session = null } = {}) => env.context(session, { lang });

/** The demo's rooms (1001-1007): they stream when ffmpeg is there. */
const isDemo = (c) => /^100\d$/.test(c.roomId);

/** The tiles' rooms, which one has sound, and whether each tile's video is muted. */
async function tiles(page) {
  return page.getByTestId("mv-tile").evaluateAll((els) =>
    els.map((e) => ({ room: e.dataset.room, sound: e.dataset.sound === "true", muted: e.querySelector("video")?.muted ?? null })),
  );
}

describe("multi-view and custom-tag rooms", { timeout: 240_000 }, () => {
  it("a fan adds two live rooms to multi-view, moves the sound, reloads and keeps both", async () => {
    // Two live demo rooms (other files' streamers may be live in the shared database), those
    // streaming a match first (their tiles show the score strip).
    const live = await until(async () => {
      const r = (await call("GET", "/live/rooms")).list.filter(isDemo);
      return r.length >= 2 ? r : null;
    }, "two live demo rooms", 90_000);
    const withMatch = live.filter((c) => c.match);
    const [first, second] = [...withMatch, ...live.filter((c) => !c.match)];
    const fan = await register();
    const hannah = live.find((c) => c.roomId === "1001") ?? first;
    await call("GET", "/user/followUser", { token: fan.token, query: { userId: hannah.anchorId } });

    const ctx = await context({ session: fan });
    const page = await ctx.newPage();
    await page.goto(`${env.node.baseURL}/live`);
    await page.getByTestId("live-card").first().waitFor({ timeout: TIMEOUT });
    // The following strip: the followed streamer, live, first.
    const followed = page.getByTestId("following-item").first();
    await followed.waitFor({ timeout: TIMEOUT });
    assert.equal(await followed.getAttribute("data-live"), "true");
    assert.equal(await followed.getAttribute("href"), `/live/${hannah.roomId}`);
    await screenshot(page, "multiview-live-page");

    await page.getByTestId("open-multiview").click();
    await page.getByTestId("multiview").waitFor({ timeout: TIMEOUT });
    assert.equal(new URL(page.url()).pathname, "/live2");
    // Empty: the picker is open inline.
    await clickWhileVideoPlays(page.locator(`[data-testid="mv-pick"][data-room="${first.roomId}"]`));
    await page.locator(`[data-testid="mv-tile"][data-room="${first.roomId}"]`).waitFor({ timeout: TIMEOUT });
    await clickWhileVideoPlays(page.getByTestId("mv-add"));
    await clickWhileVideoPlays(page.locator(`[data-testid="mv-pick"][data-room="${second.roomId}"]`));
    await page.locator(`[data-testid="mv-tile"][data-room="${second.roomId}"]`).waitFor({ timeout: TIMEOUT });
    assert.equal(await page.getByTestId("mv-grid").getAttribute("data-layout"), "two");

    // One player per tile, loaded lazily; exactly one tile is heard: the first added.
    await until(async () => (await tiles(page)).every((t) => t.muted !== null), "a player in each tile");
    assert.equal(await page.getByTestId("live-player").count(), 2);
    assert.deepEqual(await tiles(page), [
      { room: first.roomId, sound: true, muted: false },
      { room: second.roomId, sound: false, muted: true },
    ]);
    if (first.match) {
      const strip = page.locator(`[data-testid="mv-tile"][data-room="${first.roomId}"] [data-testid="mv-score"]`);
      await strip.waitFor({ timeout: TIMEOUT });
      assert.match(await strip.getByTestId("mv-score-value").innerText(), /^\d+ - \d+$|vs/i);
    }
    if (streams) {
      await page.locator('[data-testid="mv-tile"] [data-testid="live-player"][data-state="playing"]').first().waitFor({ timeout: 60_000 });
    }

    // Move the sound: click the second tile's Listen.
    await clickWhileVideoPlays(page.locator(`[data-testid="mv-tile"][data-room="${second.roomId}"] [data-testid="mv-sound"]`));
    await until(async () => (await tiles(page))[1]?.sound, "the sound on the second tile");
    assert.deepEqual(await tiles(page), [
      { room: first.roomId, sound: false, muted: true },
      { room: second.roomId, sound: true, muted: false },
    ]);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get("rooms"), `${first.roomId},${second.roomId}`);
    assert.equal(url.searchParams.get("sound"), second.roomId);
    await screenshot(page, "multiview-two");

    // Reload: the same rooms, the sound where it was. Sound starts once the browser allows it (a
    // page the viewer has not touched yet waits for a first click; Chromium keeps the site's
    // activation across a reload, so here it may already be on).
    await page.reload();
    await page.locator(`[data-testid="mv-tile"][data-room="${second.roomId}"]`).waitFor({ timeout: TIMEOUT });
    await until(async () => (await tiles(page)).every((t) => t.muted !== null), "the players after the reload");
    assert.deepEqual((await tiles(page)).map((t) => [t.room, t.sound]), [[first.roomId, false], [second.roomId, true]]);
    assert.equal((await tiles(page))[0].muted, true);
    // A real click (a DOM event would not count as the viewer's touch).
    await page.getByRole("heading", { level: 1 }).click();
    await until(async () => (await tiles(page))[1]?.muted === false, "the sound after the first click");
    assert.deepEqual(await tiles(page), [
      { room: first.roomId, sound: false, muted: true },
      { room: second.roomId, sound: true, muted: false },
    ]);

    // A click anywhere on a tile moves the sound too; removing the heard room hands it on.
    await clickWhileVideoPlays(page.locator(`[data-testid="mv-tile"][data-room="${first.roomId}"] [data-testid="mv-tile-info"]`));
    await until(async () => (await tiles(page))[0]?.sound, "the sound back on the first tile");
    await clickWhileVideoPlays(page.locator(`[data-testid="mv-tile"][data-room="${first.roomId}"] [data-testid="mv-remove"]`));
    await until(async () => (await tiles(page)).length === 1, "one tile left");
    assert.deepEqual((await tiles(page)).map((t) => [t.room, t.sound]), [[second.roomId, true]]);

    // From a live room, "Add to multi-view" adds it to the remembered view.
    await page.goto(`${env.node.baseURL}/live/${first.roomId}`);
    await clickWhileVideoPlays(page.getByTestId("add-to-multiview"));
    await page.locator(`[data-testid="mv-tile"][data-room="${first.roomId}"]`).waitFor({ timeout: TIMEOUT });
    assert.deepEqual((await tiles(page)).map((t) => t.room), [second.roomId, first.roomId]);
    assert.equal(new URL(page.url()).searchParams.get("add"), null, "the address is the view again");
    await ctx.close();
  });

  it("the demo's talk show is listed under its custom tag, shown on its card and in its room", async () => {
    await until(async () => (await call("GET", "/live/customLive", { query: { tag: "talk show" } })).list.length > 0, "the demo talk show", 90_000);
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto(`${env.node.baseURL}/customLive`);
    await page.getByTestId("custom-live-tag").first().waitFor({ timeout: TIMEOUT });
    await page.getByTestId("custom-live-tag").filter({ hasText: "#Talk show" }).click();
    await page.getByTestId("custom-live").waitFor({ timeout: TIMEOUT });
    assert.equal(await page.getByTestId("custom-live").getAttribute("data-tag"), "Talk show");
    const card = page.locator('[data-testid="live-card"][data-room="1007"]');
    await card.waitFor({ timeout: TIMEOUT });
    assert.equal(await card.getByTestId("live-card-tag").innerText(), "#Talk show");
    await screenshot(page, "multiview-custom-live");
    await card.locator("a").click();
    await page.getByTestId("room-tag").waitFor({ timeout: TIMEOUT });
    assert.equal(await page.getByTestId("room-tag").getAttribute("href"), "/customLive/Talk%20show");
    assert.equal(await page.getByTestId("add-to-multiview").getAttribute("href"), "/live2?add=1007");
    await screenshot(page, "multiview-room-tag");
    await ctx.close();
  });

  it("multi-view reads right to left in Arabic", async () => {
    const live = (await call("GET", "/live/rooms")).list.filter(isDemo);
    const ctx = await context({ lang: "ar" });
    const page = await ctx.newPage();
    await page.goto(`${env.node.baseURL}/live2?rooms=${live.slice(0, 3).map((c) => c.roomId).join(",")}&sound=${live[1].roomId}`);
    await page.getByTestId("mv-tile").first().waitFor({ timeout: TIMEOUT });
    assert.equal(await page.evaluate(() => document.documentElement.dir), "rtl");
    assert.equal(await page.getByTestId("mv-grid").getAttribute("data-layout"), "four");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 1280, `fits 1280 px: ${width}`);
    await screenshot(page, "multiview-ar");
    await ctx.close();
  });
});
