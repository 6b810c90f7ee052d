// Browser end-to-end test of live streaming (issue 9) against a real node: a user applies to be a
// streamer through the streamer centre (ID photos uploaded from the form), an administrator
// approves over REST, the streamer fills in the live settings, creates a stream key in the OBS
// guide and starts live; ffmpeg (Debian's) pushes a test pattern over RTMP with that key (a wrong
// key is refused); an SVIP viewer plays the Pro stream (HTTP-FLV through mpegts.js) and a guest
// the standard HLS stream, each checked by the <video> element's currentTime advancing; ending the
// push turns the player to 'ended'. Screenshots: anchor-apply, anchor-center-live, anchor-obs-guide,
// anchor-settings, anchor-revenue, anchor-room-playing-pro, anchor-room-playing-hls, anchor-list.
//
// Needs the node with the media service and the streamer centre wired in, Postgres (DATABASE_URL),
// COURTSIDE_ENV=dev (set here: dev codes and the dev payment provider) and ffmpeg
// (`apt-get install -y ffmpeg`). Skips with a message when GET /java/anchor/anchorList answers 404
// or ffmpeg is missing.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { administrator, failureShots, nodeAndBrowser, png, screenshotFromTop as screenshot, WEBCLIENT_DIR } from "./harness.mjs";
import { ffmpegMissing, fillStreamerApplication, obsGuideKey, rand, registerByMobile as signUpByMobile } from "./journeys.mjs";

const TIMEOUT = 30_000;
const PLAY_TIMEOUT = 45_000;

const env = nodeAndBrowser({
  probe: async ({ baseURL }) =>
    (await fetch(`${baseURL}/java/anchor/anchorList`)).status === 404
      ? "the node does not serve the streamer centre yet (GET /java/anchor/anchorList answered 404)"
      : ffmpegMissing(),
});
const { call, context } = env;

/** A new account registered by mobile code (so it has a bound phone), through the new-user step. */
const registerByMobile = () => signUpByMobile(call, { prefix: "s", password: "stream2026x" });

const file = (name, w, h, rgb) => ({ name, mimeType: "image/png", buffer: png(w, h, rgb) });

/** ffmpeg pushing a test pattern with a tone to the node's RTMP ingest. */
const push = (key) => env.push(key, { extra: ["-keyint_min", "25"] });

/** Resolves with the video's currentTime once it has advanced by `by` seconds. */
async function videoAdvances(page, by = 1.5) {
  await page.waitForFunction(() => (document.querySelector('[data-testid="player-video"]')?.currentTime ?? 0) > 0.2, null, { timeout: PLAY_TIMEOUT });
  const t0 = await page.evaluate(() => document.querySelector('[data-testid="player-video"]').currentTime);
  await page.waitForFunction(
    (start) => document.querySelector('[data-testid="player-video"]').currentTime > start,
    t0 + by,
    { timeout: PLAY_TIMEOUT },
  );
  return { t0, t1: await page.evaluate(() => document.querySelector('[data-testid="player-video"]').currentTime) };
}

describe("live streaming", () => {
  it("applies, is approved, sets up, pushes with OBS' settings and is watched through mpegts.js and HLS", async (t) => {
    if (env.skipReason) return t.skip(env.skipReason);
    const streamer = await registerByMobile();
    const admin = await administrator(call);
    const sctx = await context(streamer);
    const page = await sctx.newPage();
    try {
      // 1. Not a streamer yet: the application form, with the client-side checks.
      await page.goto(`${env.node.baseURL}/anchorCenter`);
      await page.getByTestId("apply-form").waitFor({ timeout: TIMEOUT });
      await page.getByTestId("apply-phone").waitFor({ timeout: TIMEOUT });
      await page.getByTestId("apply-submit").click();
      assert.equal(await page.getByTestId("apply-agree-error").getAttribute("data-error"), "rulesRequired");
      await fillStreamerApplication(page, { realName: "Zhang Wei", intro: "Football analyst, weekend derbies.", liveContent: "Premier League watch-alongs", timeout: TIMEOUT });
      await screenshot(page, "anchor-apply");
      await page.getByTestId("apply-submit").click();
      await page.waitForSelector('[data-testid="apply-state"][data-status="review"]', { timeout: TIMEOUT });

      // 2. An administrator approves; the centre now shows the broadcast page.
      await call("POST", "/admin/anchor/review", { token: admin.token, body: { userId: streamer.user.uid, approve: true } });
      await page.reload();
      await page.getByTestId("broadcast").waitFor({ timeout: TIMEOUT });

      // 3. Live settings: a detail picture that is not square is refused by the form.
      await page.goto(`${env.node.baseURL}/anchorCenter/live`);
      await page.getByTestId("live-settings").waitFor({ timeout: TIMEOUT });
      await page.getByTestId("upload-detail-input").setInputFiles(file("wide.png", 300, 200, [90, 90, 90]));
      await page.waitForSelector('[data-testid="upload-detail-error"][data-error="notSquare"]', { timeout: TIMEOUT });
      await page.getByTestId("upload-detail-input").setInputFiles(file("square.png", 240, 240, [232, 89, 26]));
      await page.waitForSelector('[data-testid="settings-pics"][data-count="1"]', { timeout: TIMEOUT });
      await page.getByTestId("settings-title").fill("Test pattern derby");
      await page.getByTestId("settings-teaser").fill("Kick-off soon");
      await page.getByTestId("settings-intro").fill("A live test pattern with a 440 Hz tone.");
      await page.getByTestId("settings-save").click();
      await page.waitForSelector('[data-testid="settings-message"][data-ok="true"]', { timeout: TIMEOUT });
      await screenshot(page, "anchor-settings");

      // 4. OBS guide: create the stream key, copy buttons, start live.
      const { server, key } = await obsGuideKey(page, env.node.baseURL, { timeout: TIMEOUT });
      assert.equal(server, env.node.rtmpURL);
      assert.match(key, /^cs_/);
      await sctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.node.baseURL });
      await page.getByTestId("obs-key-copy").click();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), key);
      await page.getByTestId("start-live").click();
      await page.waitForSelector('[data-testid="broadcast-state"][data-phase="waiting"]', { timeout: TIMEOUT });
      await page.getByTestId("obs-guide").screenshot({ path: resolve(WEBCLIENT_DIR, "test-results/screenshots/anchor-obs-guide.png") });

      // 5. A wrong key is refused; the right one goes live.
      const wrong = push("cs_wrong_key");
      const killer = setTimeout(() => wrong.child.kill("SIGKILL"), 20_000);
      const w = await wrong.exited;
      clearTimeout(killer);
      assert.ok(w.code !== null && w.code !== 0, `a push with a wrong key is refused (exit ${w.code}: ${w.stderr.trim()})`);
      const pusher = push(key);
      await page.waitForSelector('[data-testid="broadcast-state"][data-phase="live"]', { timeout: PLAY_TIMEOUT });
      await screenshot(page, "anchor-center-live");

      const info = await call("GET", "/anchor/liveInfo", { token: streamer.token });
      const roomId = info.roomId;

      // 6. A guest plays the standard stream (HLS) on the streamer page.
      const gctx = await context(null);
      const guest = await gctx.newPage();
      try {
        await guest.goto(`${env.node.baseURL}/anchor/${streamer.user.uid}`);
        await guest.getByTestId("live-player").waitFor({ timeout: TIMEOUT });
        const gp = await call("GET", "/live/playback", { query: { roomId } });
        assert.deepEqual(gp.sources.map((s) => s.kind), ["hls"], "a guest gets the standard stream only");
        assert.equal(gp.proLocked, true);
        await guest.waitForSelector('[data-testid="live-player"][data-source="hls"]', { timeout: TIMEOUT });
        const hls = await videoAdvances(guest);
        assert.ok(hls.t1 > hls.t0, `HLS currentTime advanced ${hls.t0} -> ${hls.t1}`);
        await guest.waitForSelector('[data-testid="live-player"][data-state="playing"]', { timeout: TIMEOUT });
        await screenshot(guest, "anchor-room-playing-hls");
      } catch (err) {
        await failureShots([gctx], "anchor-guest");
        throw err;
      } finally {
        await gctx.close();
      }

      // 7. An SVIP viewer plays the Pro stream: HTTP-FLV through mpegts.js.
      const viewer = await svipViewer();
      const vctx = await context(viewer);
      const vpage = await vctx.newPage();
      try {
        const vp = await call("GET", "/live/playback", { token: viewer.token, query: { roomId } });
        assert.ok(vp.sources.some((s) => s.kind === "pro"), `an SVIP viewer gets the Pro source: ${JSON.stringify(vp)}`);
        await vpage.goto(`${env.node.baseURL}/anchor/${streamer.user.uid}`);
        await vpage.getByTestId("live-player").waitFor({ timeout: TIMEOUT });
        await vpage.waitForSelector('[data-testid="live-player"][data-source="pro"]', { timeout: TIMEOUT });
        const pro = await videoAdvances(vpage);
        assert.ok(pro.t1 > pro.t0);
        await vpage.waitForSelector('[data-testid="live-player"][data-state="playing"]', { timeout: TIMEOUT });
        await screenshot(vpage, "anchor-room-playing-pro");

        // The live room page, once it embeds the player (src/pages/LiveRoom belongs to the live room).
        const room = await vctx.newPage();
        await room.goto(`${env.node.baseURL}/live/${roomId}`);
        const embedded = await room.getByTestId("live-player").waitFor({ timeout: 5000 }).then(() => true, () => false);
        if (embedded) {
          const inRoom = await videoAdvances(room);
          assert.ok(inRoom.t1 > inRoom.t0);
          await screenshot(room, "anchor-live-room-playing");
        } else {
          console.log("anchor e2e: /live/<room> does not embed the Player yet; the streamer page's player was checked instead");
        }
        await room.close();

        // 8. Ending the push: the viewer's player turns to 'ended'.
        pusher.child.kill("SIGINT");
        await pusher.exited;
        await vpage.waitForSelector('[data-testid="live-player"][data-state="ended"]', { timeout: PLAY_TIMEOUT });
        await screenshot(vpage, "anchor-room-ended");
      } catch (err) {
        await failureShots([vctx], "anchor-viewer");
        throw err;
      } finally {
        await vctx.close();
      }

      // 9. End live in the centre; the list and earnings pages render.
      await page.getByTestId("end-live").click();
      await page.waitForSelector('[data-testid="broadcast-state"][data-phase="off"]', { timeout: TIMEOUT });
      await page.goto(`${env.node.baseURL}/anchorCenter/revenueDetails`);
      await page.waitForSelector('[data-testid="revenue-chart"][data-points="7"]', { timeout: TIMEOUT });
      await page.getByTestId("revenue-30").click();
      await page.waitForSelector('[data-testid="revenue-chart"][data-points="30"]', { timeout: TIMEOUT });
      await screenshot(page, "anchor-revenue");
      await page.goto(`${env.node.baseURL}/anchor/anchorList`);
      await page.waitForSelector('[data-testid="anchor-card"]', { timeout: TIMEOUT });
      await screenshot(page, "anchor-list");

      // 10. A streaming ban shows in the centre and disables starting live and rotating the key.
      await call("POST", "/admin/anchor/ban", { token: admin.token, body: { userId: streamer.user.uid, banned: true, reason: "e2e rule check" } });
      await page.goto(`${env.node.baseURL}/anchorCenter`);
      await page.getByTestId("anchor-banned").waitFor({ timeout: TIMEOUT });
      assert.equal(await page.getByTestId("start-live").isDisabled(), true);
      assert.equal(await page.getByTestId("obs-rotate").isDisabled(), true);
    } catch (err) {
      await failureShots([sctx], "anchor-streamer");
      throw err;
    } finally {
      await sctx.close();
    }
  });
});

/**
 * A viewer with SVIP: registered, coins recharged through the development payment provider's page,
 * then one month of SVIP bought with coins (api/wallet/README.md).
 */
async function svipViewer() {
  const session = await registerByMobile();
  const quote = await call("GET", "/orderpay/getVipAmount", { token: session.token, query: { tier: 2, months: 1 } });
  const gold = await call("GET", "/user/userGold", { token: session.token });
  if (gold.gold < quote.coins) {
    const presets = await call("GET", "/orderpay/gold/list");
    const preset = [...presets.list].sort((a, b) => a.amount - b.amount).find((p) => p.amount >= quote.coins - gold.gold) ?? presets.list.at(-1);
    const order = await call("POST", "/orderpay/payByAlipay", {
      token: session.token,
      body: { product: "coin", id: preset.id, payType: "dev", clientKey: `e2e-${rand()}` },
    });
    const ctx = await env.browser.newContext();
    try {
      const p = await ctx.newPage();
      await p.goto(new URL(order.payUrl, env.node.baseURL).href);
      await p.locator("#pay").click();
      await p.getByText("Paid.").waitFor({ timeout: TIMEOUT });
    } finally {
      await ctx.close();
    }
  }
  await call("POST", "/orderpay/vip/pay", { token: session.token, body: { tier: 2, months: 1, clientKey: `e2e-svip-${rand()}` } });
  return session;
}
