// Browser end-to-end test of the replay with the match's timeline (issue 25 §2) against a real node
// with ffmpeg: a streamer (applied and approved over REST) links a demo match (the next football
// match, played to its kick-off with the demo clock, so any hour works) and pushes a test pattern;
// while it is live a viewer chats in the room, a troll's line is followed by a mute from the
// moderator, another line is deleted, and a goal of the match happens (written to the match's events
// as the feed writes them). Once the push ends the recording plays on its video page with the chat
// replayed in order at the moment each line was sent, without the deleted line and the muted user's;
// seeking re-syncs the chat; the timeline under the player shows the goal and clicking it seeks the
// player a few seconds before it; the goal's highlight clip is cut, listed on the match page and
// plays. Screenshots: replay-chat-playing, replay-timeline-seek, replay-highlight-listed,
// replay-highlight-playing, replay-match-highlights, replay-page-ar.
//
// Needs Postgres (DATABASE_URL, also read with psql), ffmpeg and COURTSIDE_ENV=dev (set here).
// Skips with a message without ffmpeg or psql.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { administrator, kickOffDemoMatch, nodeAndBrowser, screenshotFromTop as screenshot, until as poll } from "./harness.mjs";
import {
  approveStreamer, broadcastOnMatch, ffmpegMissing, idPicture, MATCH_SLUGS, rand, registerByMobile as signUpByMobile, roomConnected, sendChat,
} from "./journeys.mjs";

const TIMEOUT = 30_000;
const PUSH_SECS = 45;
/** The first load of a page (a cold browser context on a busy machine). */
const LOAD_TIMEOUT = 90_000;

const env = nodeAndBrowser({
  requires: () =>
    ffmpegMissing() || (spawnSync("psql", ["--version"]).status !== 0 ? "psql is not installed" : !process.env.DATABASE_URL ? "DATABASE_URL is not set" : ""),
});
const { call } = env;

const registerByMobile = (prefix) => signUpByMobile(call, { prefix, password: "replay2026x", mobilePrefix: "138" });
const context = (session, lang = "en_US") => env.context(session, { lang });
const streamer = async (admin) =>
  approveStreamer(call, admin, await registerByMobile("s"), {
    pictures: idPicture,
    application: { realName: "Li Na", intro: "Weekend football, live and loud.", liveContent: "Match watch-alongs" },
  });
const push = (key, secs) => env.push(key, { secs, size: "480x270" }).exited;

/** Waits for fn to return a truthy value (polling; a failing call counts as "not yet"), or fails with what. */
const until = (fn, what, ms = 60_000) => poll(fn, what, ms, { every: 300, ignoreErrors: true });

function psql(sql) {
  const r = spawnSync("psql", [process.env.DATABASE_URL, "-v", "ON_ERROR_STOP=1", "-qtA", "-c", sql], { encoding: "utf8" });
  assert.equal(r.status, 0, `psql: ${r.stderr}`);
  return r.stdout.trim();
}

/** A goal of the match now, written to its events as the match actor writes a feed incident. */
function goal(matchId, name, minute) {
  const q = (s) => `'${s.replaceAll("'", "''")}'`;
  return psql(`WITH s AS (SELECT COALESCE(max(seq),0) + 100000 AS seq FROM sport_match_events WHERE match_id=${q(matchId)})
    INSERT INTO sport_match_events (match_id, seq, at, kind, body)
    SELECT ${q(matchId)}, s.seq, now(), 'incident', jsonb_build_object('match', ${q(matchId)}, 'seq', s.seq,
      'at', (extract(epoch from now())*1000)::bigint, 'k', 'incident',
      'incident', jsonb_build_object('type', 'goal', 'team', 0, 'name', ${q(name)}, 'minute', ${q(minute)}, 'key', true)) FROM s RETURNING seq`);
}

const send = (page, text) => sendChat(page, text, { timeout: TIMEOUT });

const video = (page) => page.getByTestId("video-element");
const currentTime = (page) => page.evaluate(() => document.querySelector('[data-testid="video-element"]').currentTime);
const replayTexts = (page) => page.getByTestId("replay-line").evaluateAll((els) => els.map((e) => ({ text: e.innerText, offset: Number(e.dataset.offset) })));

describe("replay with the match's timeline", () => {
  it("a finished broadcast replays its chat in order, its timeline seeks, its goal becomes a highlight clip", async (t) => {
    if (env.skipReason) return t.skip(env.skipReason);
    const admin = await administrator(call);
    const s = await streamer(admin);
    // A match the streamer may link (the streamer centre's rule: in play, or starting within the
    // hour): the next football match, played ahead to its kick-off with the demo clock, whatever
    // the hour. It stays in play for the whole test (the demo abandons none in its first ten minutes).
    const kickedOff = await kickOffDemoMatch(call, admin.token, { gameId: 202 });
    const { match, streamKey, roomId } = await broadcastOnMatch(call, s, { match: kickedOff, detailIntro: "Live commentary and replays." });
    console.log(`replay e2e: ${match.id} (${match.homeName} vs ${match.awayName}) kicked off with the demo clock`);
    assert.ok(roomId, "the streamer has a room");

    const viewer = await registerByMobile("v");
    const troll = await registerByMobile("t");
    // An administrator moderates the room (the streamer could as well).
    const [sctx, vctx, tctx] = await Promise.all([context(admin), context(viewer), context(troll)]);
    const [sp, vp, tp] = await Promise.all([sctx.newPage(), vctx.newPage(), tctx.newPage()]);
    const tag = rand().slice(-5);
    const said = { one: `Kick-off chat ${tag}`, troll: `Troll line ${tag}`, deleted: `Deleted line ${tag}`, two: `What a goal ${tag}`, three: `Full replay soon ${tag}` };
    let pushed;
    let goalSeq;
    try {
      // The three pages open before the push, so their first load (three cold pages at once: tens of
      // seconds on a busy machine, a start-up budget and not a speed check) does not eat into the
      // broadcast; the chat works in the room whether it is on air or not. Their signal of being
      // ready is the connection badge, not the load event (every picture and the player's media).
      const room = `${env.node.baseURL}/live/${roomId}`;
      await Promise.all([sp, vp, tp].map((p) => p.goto(room, { waitUntil: "domcontentloaded", timeout: LOAD_TIMEOUT })));
      await Promise.all([sp, vp, tp].map((p) => roomConnected(p, { timeout: LOAD_TIMEOUT })));
      pushed = push(streamKey, PUSH_SECS);
      await until(async () => (await call("GET", "/live/playback", { query: { roomId } })).sources?.length > 0, "the broadcast to be live", TIMEOUT);
      const line = (p, text) => p.getByTestId("chat-line").filter({ hasText: text });

      await send(vp, said.one);
      await line(sp, said.one).waitFor({ timeout: TIMEOUT });
      await send(tp, said.troll);
      await line(sp, said.troll).waitFor({ timeout: TIMEOUT });
      await send(vp, said.deleted);
      await line(sp, said.deleted).waitFor({ timeout: TIMEOUT });
      // A moderator deletes one line and mutes the troll.
      await line(sp, said.deleted).hover();
      await line(sp, said.deleted).getByTestId("msg-actions").click();
      await sp.getByTestId("menu-delete").click();
      await until(async () => (await line(sp, said.deleted).count()) === 0, "the deleted line to leave the chat", TIMEOUT);
      await line(sp, said.troll).hover();
      await line(sp, said.troll).getByTestId("msg-actions").click();
      await sp.getByTestId("menu-mute").click();
      await sp.getByTestId("mute-600").click();
      await sp.locator('[data-testid="sys-line"][data-kind="mute"]').waitFor({ timeout: TIMEOUT });
      // A goal, then two more lines a few seconds apart.
      goalSeq = Number(goal(match.id, "E2E Striker", "55'"));
      await new Promise((r) => setTimeout(r, 3000));
      await send(vp, said.two);
      await line(sp, said.two).waitFor({ timeout: TIMEOUT });
      await new Promise((r) => setTimeout(r, 3000));
      await send(vp, said.three);
      await line(sp, said.three).waitFor({ timeout: TIMEOUT });
    } finally {
      await Promise.all([sctx.close(), vctx.close(), tctx.close()]);
    }
    const p = await pushed;
    assert.equal(p.code, 0, `ffmpeg push: ${p.stderr}`);

    const rec = await until(async () => {
      const r = await call("GET", "/liveRecord", { token: s.token });
      return r.list.find((x) => x.video?.state === "ready");
    }, "the streamer's recording on /liveRecord", 90_000);
    const id = rec.video.id;

    // REST: the replay's chat and timeline.
    const chat = await call("GET", `/videos/replay/${id}/chat`, { query: { from: 0, to: 120_000 } });
    const texts = chat.lines.map((l) => l.text);
    assert.deepEqual(texts, [said.one, said.two, said.three], `replayed lines: ${JSON.stringify(texts)}`);
    assert.ok(chat.lines.every((l, i) => i === 0 || l.offsetMs >= chat.lines[i - 1].offsetMs), "in send order");
    const tl = await call("GET", `/videos/replay/${id}/timeline`);
    const goalEv = tl.events.find((e) => e.seq === goalSeq);
    assert.ok(goalEv, `the goal is on the timeline: ${JSON.stringify(tl.events)}`);
    assert.ok(goalEv.offsetMs > 0 && goalEv.offsetMs < PUSH_SECS * 1000, `goal offset ${goalEv.offsetMs}`);
    assert.ok(chat.lines[1].offsetMs > goalEv.offsetMs, "the line after the goal comes after it");

    const ctx = await context(null);
    const page = await ctx.newPage();
    try {
      await page.goto(`${env.node.baseURL}/videos/${id}`);
      await page.getByTestId("replay-chat").waitFor({ timeout: TIMEOUT });
      await page.getByTestId("timeline-event").first().waitFor({ timeout: TIMEOUT });
      await video(page).waitFor({ timeout: TIMEOUT });
      // Play from the start: the lines appear in order as the player passes them.
      // The player may be drawn again as the page settles (the element replaced): whichever element
      // is there is started, muted and at double speed, until it has passed the first line.
      const firstAt = chat.lines[0].offsetMs / 1000;
      await page.waitForFunction(
        (at) => {
          const v = document.querySelector('[data-testid="video-element"]');
          if (!v) return false;
          if (v.paused) {
            v.muted = true;
            v.playbackRate = 2;
            v.play().catch(() => undefined);
          }
          return v.currentTime > at + 0.5;
        },
        firstAt,
        { timeout: TIMEOUT, polling: 100 },
      );
      await page.getByTestId("replay-line").filter({ hasText: said.one }).waitFor({ timeout: TIMEOUT });
      const early = await replayTexts(page);
      const now = await currentTime(page);
      assert.ok(early.every((l) => l.offset <= now * 1000 + 500), `no line ahead of the player at ${now}: ${JSON.stringify(early)}`);
      if (now * 1000 < chat.lines[1].offsetMs - 500) assert.ok(!early.some((l) => l.text.includes(said.two)), "a later line is not shown yet");
      const lastAt = chat.lines[2].offsetMs / 1000;
      await page.waitForFunction((at) => document.querySelector('[data-testid="video-element"]').currentTime > at + 0.3, lastAt, { timeout: 60_000 });
      await page.getByTestId("replay-line").filter({ hasText: said.three }).waitFor({ timeout: TIMEOUT });
      const all = await replayTexts(page);
      assert.deepEqual(all.map((l) => l.text.split("\n").join(" ")).map((x) => [said.one, said.two, said.three].find((s) => x.includes(s))), [said.one, said.two, said.three]);
      assert.ok(!all.some((l) => l.text.includes(said.troll) || l.text.includes(said.deleted)), "the deleted line and the muted user's stay hidden");
      await page.evaluate(() => document.querySelector('[data-testid="video-element"]').pause());
      await screenshot(page, "replay-chat-playing");

      // Seek back to the start: the chat re-syncs (nothing sent yet).
      await page.evaluate(() => (document.querySelector('[data-testid="video-element"]').currentTime = 0));
      await until(async () => (await page.getByTestId("replay-line").count()) === 0 || (await replayTexts(page)).every((l) => l.offset <= 300), "the chat to follow a seek back", TIMEOUT);

      // Click the goal on the timeline: the player jumps a few seconds before it. (The match is in
      // play: the demo's own events of the broadcast's minutes are on the timeline too.)
      const ev = page.locator(`[data-testid="timeline-event"][data-type="goal"]`).filter({ hasText: "E2E Striker" });
      const seekMs = Number(await ev.getAttribute("data-seek"));
      await ev.click();
      await page.waitForFunction((s) => Math.abs(document.querySelector('[data-testid="video-element"]').currentTime - s / 1000) < 1.5, seekMs, { timeout: TIMEOUT });
      assert.ok(seekMs < goalEv.offsetMs && seekMs >= goalEv.offsetMs - 6000, `seek point ${seekMs} before the goal at ${goalEv.offsetMs}`);
      await page.getByTestId("replay-line").filter({ hasText: said.one }).waitFor({ timeout: TIMEOUT });
      await page.evaluate(() => document.querySelector('[data-testid="video-element"]').pause());
      await screenshot(page, "replay-timeline-seek");

      // The goal's highlight clip is cut by the queue and listed on the timeline and the match page.
      const clip = await until(async () => {
        const r = await call("GET", "/videos/list", { query: { matchId: match.id, kind: "highlight", pageSize: 20 } });
        return r.list.find((v) => v.title === "Goal: E2E Striker 55'");
      }, "the goal's highlight clip", 120_000);
      // 20 s before the goal and 10 s after, cut at segment boundaries (segments are copied, not
      // re-encoded; the recording's segments are 4 s): up to one segment more than the 30 s window.
      assert.ok(clip.durationSec >= 10 && clip.durationSec <= 34, `clip lasts ${clip.durationSec}`);
      await page.reload();
      await page.getByTestId("replay-highlights").waitFor({ timeout: TIMEOUT });
      const clipLink = page.locator(`[data-testid="timeline-clip"][href="/videos/${clip.id}"]`);
      await clipLink.waitFor({ timeout: TIMEOUT });
      await screenshot(page, "replay-highlight-listed");
      await clipLink.click();
      await page.waitForURL(new RegExp(`/videos/${clip.id}$`), { timeout: TIMEOUT });
      await video(page).waitFor({ timeout: TIMEOUT });
      await page.waitForFunction(
        () => {
          const v = document.querySelector('[data-testid="video-element"]');
          if (!v) return false;
          if (v.paused) {
            v.muted = true;
            v.play().catch(() => undefined);
          }
          return v.currentTime > 1.2;
        },
        null,
        { timeout: TIMEOUT, polling: 100 },
      );
      assert.equal(await page.getByTestId("replay-chat").count(), 0, "a clip has no chat replay");
      await screenshot(page, "replay-highlight-playing");

      await page.goto(`${env.node.baseURL}/${MATCH_SLUGS[match.gameId]}/${encodeURIComponent(match.id)}?tab=playback`);
      await page.getByTestId("match-highlights").locator('[data-testid="video-card"]', { hasText: "Goal: E2E Striker 55'" }).waitFor({ timeout: TIMEOUT });
      await screenshot(page, "replay-match-highlights");

      const arCtx = await context(null, "ar");
      const ar = await arCtx.newPage();
      await ar.goto(`${env.node.baseURL}/videos/${id}`);
      await ar.getByTestId("timeline-event").first().waitFor({ timeout: TIMEOUT });
      assert.equal(await ar.evaluate(() => document.documentElement.dir), "rtl");
      await ar.waitForFunction(() => document.querySelector('[data-testid="video-element"]').readyState >= 1, null, { timeout: TIMEOUT });
      await ar.evaluate((at) => (document.querySelector('[data-testid="video-element"]').currentTime = at), lastAt + 1);
      await ar.getByTestId("replay-line").first().waitFor({ timeout: TIMEOUT });
      await screenshot(ar, "replay-page-ar");
      await arCtx.close();
    } finally {
      await ctx.close();
    }
  });
});
