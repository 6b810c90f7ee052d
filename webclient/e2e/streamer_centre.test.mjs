// Browser end-to-end test of the streamer centre's ingest tools (issue 17 "Around the room") against a
// real node: a streamer (applied and approved over REST, as anchor_live.test.mjs does through the
// form) opens the centre, where the OBS guide shows the ingest address of GET /getAnchorIP (the
// node's real RTMP address); adds an allow-list entry that excludes this machine in the guide, and
// ffmpeg's push is refused at the RTMP ingest; removes it; finds a match in the streaming window with
// the live settings' picker by typing a team's name, links it, pushes with ffmpeg and opens
// /anchorCenter/liveLinkDetails, which shows the linked match and a bitrate and frame rate above 0
// measured at the ingest, with the health chart; the streamer rules of spec §6 are on the application
// form and a tab of the centre. Screenshots: streamer-centre-apply-rules, streamer-centre-obs-guide,
// streamer-centre-picker, streamer-centre-link-details, streamer-centre-link-details-ar,
// streamer-centre-obs-guide-ar.
//
// Needs Postgres (DATABASE_URL), the demo's simulated matches (COURTSIDE_DEMO, set by the harness)
// and ffmpeg; skips with a message without ffmpeg. Works on a shared database: the accounts are new,
// the match is whichever one the window offers now.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { administrator, nodeAndBrowser, png, screenshotFromTop as screenshot, WEBCLIENT_DIR } from "./harness.mjs";
import { approveStreamer, ffmpegMissing, obsGuideKey, rand, registerByMobile as signUpByMobile } from "./journeys.mjs";

const TIMEOUT = 30_000;
const LIVE_TIMEOUT = 45_000;

const env = nodeAndBrowser({ requires: ffmpegMissing });
const { call } = env;

/** A new account registered by mobile code (so it has a bound phone). */
const registerByMobile = () => signUpByMobile(call, { prefix: "sc", password: "stream2026x" });

/** A new user who applied with the application's REST calls and was approved by an administrator;
 * before applying, beforeApplying(session) may look at the application form. */
async function approvedStreamer(beforeApplying) {
  const s = await registerByMobile();
  if (beforeApplying) await beforeApplying(s);
  const admin = await administrator(call);
  return approveStreamer(call, admin, s, {
    pictures: () => png(320, 200),
    application: { intro: "Football analyst", liveContent: "Watch-alongs" },
  });
}

const context = (session, lang = "en_US") => env.context(session, { lang });
const push = (key, secs) => env.push(key, { secs });

describe("streamer centre", () => {
  it("shows the real ingest, refuses a push off the allow-list, links a match with the picker and shows the stream's health", async (t) => {
    if (env.skipReason) return t.skip(env.skipReason);
    // 0. The application form shows the streamer rules of spec §6 in full before the applicant agrees.
    const streamer = await approvedStreamer(async (s) => {
      const c = await context(s);
      try {
        const p = await c.newPage();
        await p.goto(`${env.node.baseURL}/anchorCenter`);
        await p.getByTestId("apply-form").waitFor({ timeout: TIMEOUT });
        const rules = p.getByTestId("streamer-rules");
        assert.equal(await rules.locator("li").count(), 10, "all ten rules of spec §6");
        assert.match(await rules.textContent(), /other platforms/);
        await rules.scrollIntoViewIfNeeded();
        await p.getByTestId("apply-form").screenshot({ path: resolve(WEBCLIENT_DIR, "test-results/screenshots/streamer-centre-apply-rules.png") });
      } finally {
        await c.close();
      }
    });
    const ctx = await context(streamer);
    const page = await ctx.newPage();
    try {
      // 1. Live settings: complete them, then find a match in the streaming window by a team's name.
      await page.goto(`${env.node.baseURL}/anchorCenter/live`);
      await page.getByTestId("live-settings").waitFor({ timeout: TIMEOUT });
      await page.getByTestId("settings-title").fill(`Derby watch-along ${rand()}`);
      await page.getByTestId("settings-intro").fill("Live commentary with the score on screen.");
      await page.getByTestId("settings-save").click();
      await page.waitForSelector('[data-testid="settings-message"][data-ok="true"]', { timeout: TIMEOUT });

      const window = await call("GET", "/anchor/streamableMatches", { token: streamer.token });
      assert.ok(window.list.length > 0, "the demo offers matches in play or starting within the hour");
      const target = window.list[0];
      await page.getByTestId("match-picker-list").waitFor({ timeout: TIMEOUT });
      await page.getByTestId("match-search").fill(target.homeName);
      const option = page.locator(`[data-testid="match-option"][data-match-id="${target.id}"]`);
      // The list narrows to matches that fit the search (the picker waits for a pause in typing).
      const words = target.homeName.toLowerCase().split(/\s+/).filter(Boolean);
      await page.waitForFunction(
        ([ws, id]) => {
          const list = document.querySelector('[data-testid="match-picker-list"]');
          const opts = [...document.querySelectorAll('[data-testid="match-option"]')];
          return list?.getAttribute("aria-busy") === "false" && opts.some((o) => o.dataset.matchId === id) &&
            opts.every((o) => ws.every((w) => o.textContent.toLowerCase().includes(w)));
        },
        [words, target.id],
        { timeout: TIMEOUT },
      );
      await option.getByTestId("match-option-link").click();
      await page.waitForSelector(`[data-testid="match-current"][data-match-id="${target.id}"]`, { timeout: TIMEOUT });
      await page.waitForFunction((home) => document.querySelector('[data-testid="match-current"]')?.textContent?.includes(home), target.homeName, { timeout: TIMEOUT });
      assert.ok(!(await page.getByTestId("match-current").textContent()).includes(target.id), "the streamer reads team names, not the match id");
      await screenshot(page, "streamer-centre-picker");
      const info = await call("GET", "/anchor/liveInfo", { token: streamer.token });
      assert.equal(info.matchId, target.id, "the picker linked through POST /anchor/toggleMatchId");

      // 2. The OBS guide: the ingest address of GET /getAnchorIP, a key, the allow-list.
      const { server, key } = await obsGuideKey(page, env.node.baseURL, { timeout: TIMEOUT });
      assert.equal(server, env.node.rtmpURL);
      await page.getByTestId("start-live").click();
      await page.waitForSelector('[data-testid="broadcast-state"][data-phase="waiting"]', { timeout: TIMEOUT });

      await page.getByTestId("allow-ip").fill("192.0.2.0/24");
      await page.getByTestId("allow-note").fill("Studio");
      await page.getByTestId("allow-add").click();
      await page.waitForSelector('[data-testid="allow-list"][data-enforced="true"][data-count="1"]', { timeout: TIMEOUT });
      await page.getByTestId("obs-guide").scrollIntoViewIfNeeded();
      await page.getByTestId("obs-guide").screenshot({ path: resolve(WEBCLIENT_DIR, "test-results/screenshots/streamer-centre-obs-guide.png") });

      // This machine (127.0.0.1) is not on the list: the ingest refuses the push.
      const refused = push(key, 3);
      const killer = setTimeout(() => refused.child.kill("SIGKILL"), 20_000);
      const r = await refused.exited;
      clearTimeout(killer);
      assert.ok(r.code !== null && r.code !== 0, `a push from an address off the list is refused (exit ${r.code})`);
      assert.equal((await call("GET", "/anchor/isBroadcast", { token: streamer.token })).live, false);

      await page.getByTestId("allow-remove").click();
      await page.waitForSelector('[data-testid="allow-list"][data-enforced="false"]', { timeout: TIMEOUT });

      // 3. Push for real and read the live link details.
      push(key);
      await page.waitForSelector('[data-testid="broadcast-state"][data-phase="live"]', { timeout: LIVE_TIMEOUT });
      await page.getByTestId("tab-link-details").click();
      await page.getByTestId("link-details").waitFor({ timeout: TIMEOUT });
      await page.waitForSelector(`[data-testid="linked-match"][data-match-id="${target.id}"]`, { timeout: TIMEOUT });
      assert.equal(await page.getByTestId("linked-home").textContent(), target.homeName);
      assert.equal(await page.getByTestId("linked-away").textContent(), target.awayName);
      await page.waitForFunction(
        () => {
          const v = (id) => Number(document.querySelector(`[data-testid="${id}"]`)?.getAttribute("data-value") ?? 0);
          const chart = document.querySelector('[data-testid="health-chart"]');
          return v("health-bitrate") > 0 && v("health-fps") > 0 && chart && Number(chart.getAttribute("data-samples")) >= 2;
        },
        undefined,
        { timeout: LIVE_TIMEOUT },
      );
      const fps = Number(await page.getByTestId("health-fps").getAttribute("data-value"));
      assert.ok(fps > 10 && fps < 40, `frame rate measured at the ingest near ffmpeg's 25 (got ${fps})`);
      assert.equal(await page.getByTestId("health-state").getAttribute("data-phase"), "live");
      await screenshot(page, "streamer-centre-link-details");

      // The rules are linked from the centre's navigation too.
      await page.getByTestId("tab-rules").click();
      await page.getByTestId("streamer-rules-page").waitFor({ timeout: TIMEOUT });
      assert.equal(await page.getByTestId("streamer-rules").locator("li").count(), 10);
    } catch (err) {
      await screenshot(page, "streamer-centre-failure").catch(() => undefined);
      throw err;
    } finally {
      await ctx.close();
    }

    // The same page in Arabic (right to left).
    const ar = await context(streamer, "ar");
    try {
      const p = await ar.newPage();
      await p.goto(`${env.node.baseURL}/anchorCenter/liveLinkDetails`);
      await p.getByTestId("health-chart").waitFor({ timeout: TIMEOUT });
      assert.equal(await p.evaluate(() => document.documentElement.dir), "rtl");
      await screenshot(p, "streamer-centre-link-details-ar");
      await p.goto(`${env.node.baseURL}/anchorCenter`);
      await p.getByTestId("allow-list").waitFor({ timeout: TIMEOUT });
      await screenshot(p, "streamer-centre-obs-guide-ar");
    } finally {
      await ar.close();
    }
  });
});
