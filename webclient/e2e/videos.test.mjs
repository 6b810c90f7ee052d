// Browser end-to-end test of videos and recordings (issue 22) against a real node with ffmpeg:
// an administrator uploads a short clip in the back office (/admin/videos), sees its progress, the
// queue transcodes it into HLS and it plays on its video page (the <video> element's currentTime
// advances). A streamer (applied and approved over REST) links a match in play (a basketball match
// played to its tip-off with the demo clock, whatever the hour), pushes a test pattern with
// ffmpeg; once the push ends the broadcast's recording appears on the match page's playback tab
// and plays; the streamer hides it in the streamer centre. The home page shows the videos.
// Screenshots: videos-admin-progress, videos-admin-ready, videos-page-playing, videos-list,
// videos-channel, videos-home, videos-match-playback, videos-recording-playing, videos-anchor-records,
// videos-page-ar.
//
// Needs Postgres (DATABASE_URL), ffmpeg (`apt-get install -y ffmpeg`) and COURTSIDE_ENV=dev (set
// here: dev codes). Skips with a message without ffmpeg.
import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { administrator, kickOffDemoMatch, nodeAndBrowser, screenshotFromTop as screenshot, until as poll } from "./harness.mjs";
import { approveStreamer, broadcastOnMatch, ffmpegMissing, idPicture, MATCH_SLUGS, registerByMobile as signUpByMobile } from "./journeys.mjs";

const TIMEOUT = 30_000;
const PLAY_TIMEOUT = 30_000;
let tmp;

const env = nodeAndBrowser({
  requires: ffmpegMissing,
  setUp: () => {
    tmp = mkdtempSync(join(tmpdir(), "videos-e2e-"));
  },
});
const { call } = env;

after(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const registerByMobile = () => signUpByMobile(call, { prefix: "v", password: "video2026x", mobilePrefix: "137" });
const context = (session, lang = "en_US") => env.context(session, { lang });

/** An approved streamer, applied over the streamer centre's REST calls (one colour an ID picture). */
const streamer = async (admin) =>
  approveStreamer(call, admin, await registerByMobile(), {
    pictures: idPicture,
    application: { realName: "Li Na", intro: "Weekend football, live and loud.", liveContent: "Match watch-alongs" },
  });

/** ffmpeg: a clip with a title drawn on a test card and a tone, written to path. */
function makeClip(path, secs) {
  const r = spawnSync("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
    "-f", "lavfi", "-i", `testsrc2=size=640x360:rate=25:duration=${secs}`,
    "-f", "lavfi", "-i", `sine=frequency=523:sample_rate=48000:duration=${secs}`,
    "-vf", "drawtext=text='Top 5 saves of the week':fontcolor=white:fontsize=26:x=(w-text_w)/2:y=h-50",
    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", path,
  ], { encoding: "utf8" });
  assert.equal(r.status, 0, `ffmpeg clip: ${r.stderr}`);
}

/** ffmpeg pushing a test pattern for secs seconds to the node's ingest with key; resolves when it ends. */
const push = (key, secs) => env.push(key, { secs, size: "480x270" }).exited;

/** Waits for fn to return a truthy value (polling; a failing call counts as "not yet"), or fails with what. */
const until = (fn, what, ms = 60_000) => poll(fn, what, ms, { every: 500, ignoreErrors: true });

/** Plays the page's video (muted, so autoplay rules allow it) and waits for currentTime to pass 1.2 s. */
async function plays(page) {
  await page.getByTestId("video-element").waitFor({ timeout: TIMEOUT });
  assert.notEqual(await page.evaluate(() => document.createElement("video").canPlayType("application/vnd.apple.mpegurl")), "", "Chromium plays HLS natively");
  await page.evaluate(() => {
    const v = document.querySelector('[data-testid="video-element"]');
    v.muted = true;
    return v.play();
  });
  await page.waitForFunction(() => (document.querySelector('[data-testid="video-element"]')?.currentTime ?? 0) > 1.2, null, { timeout: PLAY_TIMEOUT });
}

describe("videos and recordings", () => {
  let admin;

  it("staff upload a clip in the back office, watch it transcode and play it", async (t) => {
    if (env.skipReason) return t.skip(env.skipReason);
    admin = await administrator(call);
    const clip = join(tmp, "saves.mp4");
    makeClip(clip, 4);
    const ctx = await context(admin);
    const page = await ctx.newPage();
    try {
      await page.goto(`${env.node.baseURL}/admin/videos`);
      await page.getByTestId("video-upload-form").waitFor({ timeout: TIMEOUT });
      await page.getByTestId("upload-title").fill("Top 5 saves of the week");
      await page.getByTestId("upload-kind").selectOption("clip");
      await page.getByTestId("upload-file").setInputFiles(clip);
      await page.getByTestId("upload-submit").click();
      const row = page.locator('[data-testid="admin-video"]', { hasText: "Top 5 saves of the week" });
      // The queue's progress is shown while it waits and transcodes (the demo videos may be ahead).
      const seen = await until(async () => {
        const p = row.getByTestId("video-progress");
        if (await p.count()) return "progress";
        const st = row.getByTestId("video-state");
        return (await st.count()) && (await st.getAttribute("data-state")) === "ready" ? "ready" : null;
      }, "the upload's row", TIMEOUT);
      if (seen === "progress") await screenshot(page, "videos-admin-progress");
      const id = Number(await row.getAttribute("data-id"));
      await row.locator('[data-testid="video-state"][data-state="ready"]').waitFor({ timeout: 90_000 });
      const staffView = await call("GET", `/admin/videos/${id}`, { token: admin.token });
      assert.equal(staffView.progress, 100);
      assert.deepEqual(staffView.renditions, ["360p", "720p"]);
      assert.ok(staffView.poster, "a poster was drawn");
      assert.ok(staffView.durationSec > 3.5 && staffView.durationSec < 4.5, `duration ${staffView.durationSec}`);
      console.log(`videos e2e: upload seen as ${seen}, job ${staffView.jobState} after ${staffView.attempts} attempt(s)`);
      await screenshot(page, "videos-admin-ready");

      // The files are served with their types and ranges.
      const master = await fetch(`${env.node.baseURL}${staffView.playlist}`);
      assert.equal(master.headers.get("content-type"), "application/vnd.apple.mpegurl");
      assert.match(await master.text(), /360p\/index\.m3u8[\s\S]*720p\/index\.m3u8/);
      const seg = await fetch(`${env.node.baseURL}${staffView.playlist.replace("master.m3u8", "360p/seg_000.ts")}`, { headers: { Range: "bytes=0-187" } });
      assert.equal(seg.status, 206);
      assert.equal(seg.headers.get("content-type"), "video/mp2t");
      assert.equal((await seg.arrayBuffer()).byteLength, 188);

      const viewer = await (await context(null)).newPage();
      await viewer.goto(`${env.node.baseURL}/videos/videoList?kind=clip`);
      await viewer.getByTestId("video-grid").waitFor({ timeout: TIMEOUT });
      await viewer.locator('[data-testid="video-card"]', { hasText: "Top 5 saves of the week" }).click();
      await viewer.waitForURL(new RegExp(`/videos/soccer/${id}$`), { timeout: TIMEOUT });
      await plays(viewer);
      await viewer.getByTestId("video-comments").waitFor({ state: "attached" });
      await screenshot(viewer, "videos-page-playing");
      // The ready video is in the site search too.
      await viewer.goto(`${env.node.baseURL}/search/${encodeURIComponent("Top 5 saves")}`);
      await viewer.getByTestId("search-group-video").locator('[data-testid="search-hit"]', { hasText: "Top 5 saves of the week" }).waitFor({ timeout: TIMEOUT });
      const detail = await call("GET", `/soccer/video${id}`);
      assert.ok(detail.video.views >= 2, "views are counted");
      await assert.rejects(call("GET", `/basketball/video${id}`), /HTTP 404/);
    } finally {
      await ctx.close();
    }
  });

  it("pages: the list, a channel, the home page and right-to-left", async (t) => {
    if (env.skipReason) return t.skip(env.skipReason);
    const ctx = await context(null);
    const page = await ctx.newPage();
    try {
      await page.goto(`${env.node.baseURL}/videos/videoList`);
      await page.getByTestId("video-grid").waitFor({ timeout: TIMEOUT });
      await screenshot(page, "videos-list");
      await page.goto(`${env.node.baseURL}/videos/soccer`);
      await page.getByTestId("videos-channel").waitFor({ timeout: TIMEOUT });
      await screenshot(page, "videos-channel");
      await page.goto(`${env.node.baseURL}/?tab=highlights`);
      await page.getByTestId("match-list").waitFor({ timeout: TIMEOUT });
      await page.getByTestId("footer-videos").waitFor({ timeout: TIMEOUT });
      await until(async () => (await page.getByTestId("home-videos-highlight").count()) > 0, "the home page's highlights", TIMEOUT).catch(() => undefined);
      await screenshot(page, "videos-home");
      assert.equal((await page.goto(`${env.node.baseURL}/videos/nosuchgame`)).status(), 404);
      const ar = await (await context(null, "ar")).newPage();
      await ar.goto(`${env.node.baseURL}/videos/videoList`);
      await ar.getByTestId("video-grid").waitFor({ timeout: TIMEOUT });
      assert.equal(await ar.evaluate(() => document.documentElement.dir), "rtl");
      await screenshot(ar, "videos-page-ar");
    } finally {
      await ctx.close();
    }
  });

  it("a finished broadcast is recorded and shown on its match's playback tab", async (t) => {
    if (env.skipReason) return t.skip(env.skipReason);
    admin ??= await administrator(call);
    const s = await streamer(admin);
    // A match the streamer may link (the streamer centre's rule: in play, or starting within the
    // hour): the next basketball match, played ahead to its tip-off with the demo clock, whatever
    // the hour (not the football one replay.test.mjs and matchviz.test.mjs play, should the files
    // share a node's database).
    const kickedOff = await kickOffDemoMatch(call, admin.token, { gameId: 201 });
    const { match, streamKey } = await broadcastOnMatch(call, s, { match: kickedOff, detailIntro: "Live commentary and replays of the key moments." });
    assert.match(streamKey ?? "", /^cs_/, "the stream key is shown once");
    const pushed = await push(streamKey, 6);
    assert.equal(pushed.code, 0, `ffmpeg push: ${pushed.stderr}`);

    // The streamer's own broadcast (other test files may have recorded the same demo match).
    const mine = await until(async () => {
      const r = await call("GET", "/liveRecord", { token: s.token });
      return r.list[0]?.video?.state === "ready" ? r.list[0] : null;
    }, "the recording on the streamer's own /liveRecord", 90_000);
    const onMatch = await call("GET", "/liveRecord", { query: { matchId: match.id } });
    const rec = onMatch.list.find((x) => x.video?.id === mine.video.id);
    assert.ok(rec, "the match's /liveRecord lists the streamer's recording");
    assert.ok(rec.video.durationSec > 4, `recording lasts ${rec.video.durationSec} s`);

    const ctx = await context(null);
    const page = await ctx.newPage();
    try {
      await page.goto(`${env.node.baseURL}/${MATCH_SLUGS[match.gameId]}/${encodeURIComponent(match.id)}?tab=playback`);
      const item = page.getByTestId("match-recording").filter({ has: page.locator(`a[href$="/${rec.video.id}"]`) });
      await item.first().waitFor({ timeout: TIMEOUT });
      await screenshot(page, "videos-match-playback");
      await item.first().getByRole("link", { name: "Watch" }).click();
      await page.waitForURL(new RegExp(`/videos/.+/${rec.video.id}$`), { timeout: TIMEOUT });
      await plays(page);
      await screenshot(page, "videos-recording-playing");
    } finally {
      await ctx.close();
    }

    // The streamer hides it from the site in the streamer centre.
    const sctx = await context(s);
    const sp = await sctx.newPage();
    try {
      await sp.goto(`${env.node.baseURL}/anchorCenter`);
      const row = sp.getByTestId("live-record").first();
      await row.waitFor({ timeout: TIMEOUT });
      sp.once("dialog", (d) => d.accept());
      await row.getByTestId("record-hide").click();
      await row.getByTestId("record-hidden").waitFor({ timeout: TIMEOUT });
      await screenshot(sp, "videos-anchor-records");
      const after = await call("GET", "/liveRecord", { query: { matchId: match.id } });
      assert.ok(!after.list.some((x) => x.video?.id === rec.video.id), "a hidden recording leaves the playback tab");
      await assert.rejects(call("GET", `/videos/detail/${rec.video.id}`), /HTTP 404/);
    } finally {
      await sctx.close();
    }
  });
});
