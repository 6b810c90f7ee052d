// Browser end-to-end test of the moderation presets (issue 25 §3) against a real node: a new
// streamer (applied through the streamer centre, approved by an administrator) sets a goal preset in
// the centre's live settings; a goal of the room's match arrives (POST /java/dev/matchIncident, the
// dev node's way to hand a room the incident the feed would); slow mode is announced in chat and
// enforced on a viewer; the streamer undoes it from the chat line; shield mode in one click keeps
// the viewer's brand-new account read-only; the audit log holds each automatic action.
//
// Needs Postgres (DATABASE_URL) and a dev node (COURTSIDE_ENV=dev, the harness's default).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { administrator, nodeAndBrowser, screenshot } from "./harness.mjs";
import { fillStreamerApplication, registerByMobile as signUpByMobile, roomConnected, sendChat } from "./journeys.mjs";

const TIMEOUT = 30_000;

const env = nodeAndBrowser();
const { call } = env;

const registerByMobile = () => signUpByMobile(call, { prefix: "m", password: "stream2026x", mobilePrefix: "138" });
const context = (session, lang = "en_US") => env.context(session, { lang });
const connected = (page) => roomConnected(page, { timeout: TIMEOUT });

/** Sends a chat line and returns the refusal shown under the input ("" when accepted). */
async function send(page, text) {
  await sendChat(page, text, { timeout: TIMEOUT });
  const line = page.getByTestId("chat-line").filter({ hasText: text });
  const err = page.getByTestId("chat-error");
  await Promise.race([line.first().waitFor({ timeout: TIMEOUT }), err.waitFor({ timeout: TIMEOUT })]);
  return (await err.count()) ? (await err.innerText()).trim() : "";
}

describe("moderation presets", () => {
  it("slows the chat on a goal, announces it, lets the streamer undo it, and shields in one click", async () => {
    const streamer = await registerByMobile();
    const admin = await administrator(call);
    const sctx = await context(streamer);
    const s = await sctx.newPage();

    // Become a streamer: apply in the centre, approved by the administrator.
    await s.goto(`${env.node.baseURL}/anchorCenter`);
    await s.getByTestId("apply-form").waitFor({ timeout: TIMEOUT });
    await fillStreamerApplication(s, { realName: "Li Na", intro: "Football watch-alongs with a calm chat.", liveContent: "Derby nights", timeout: TIMEOUT });
    await s.getByTestId("apply-submit").click();
    await s.waitForSelector('[data-testid="apply-state"][data-status="review"]', { timeout: TIMEOUT });
    await call("POST", "/admin/anchor/review", { token: admin.token, body: { userId: streamer.user.uid, approve: true } });

    // The goal preset, picked once in the centre's live settings.
    await s.goto(`${env.node.baseURL}/anchorCenter/live`);
    const form = s.getByTestId("modpresets");
    await form.getByTestId("mp-save").waitFor({ timeout: TIMEOUT });
    await form.getByTestId("mp-goalOn").check();
    await form.getByTestId("mp-goalSlowSecs").fill("9999");
    await form.getByTestId("mp-save").click();
    assert.equal(await form.getByTestId("mp-goalSlowSecs-error").innerText(), "Enter a whole number from 0 to 3600");
    await form.getByTestId("mp-goalSlowSecs").fill("120");
    await form.getByTestId("mp-goalSlowInterval").fill("30");
    await form.getByTestId("mp-save").click();
    await s.waitForSelector('[data-testid="mp-message"][data-ok="true"]', { timeout: TIMEOUT });
    await s.evaluate(() => window.scrollTo(0, 0)); // a scrolled page draws the sticky header mid-shot
    await screenshot(s, "modpresets-centre");
    const { roomId } = await call("GET", "/anchor/liveInfo", { token: streamer.token });
    const stored = await call("GET", "/live/modPresets", { token: streamer.token });
    assert.equal(stored.goalSlowSecs, 120);
    assert.equal(stored.goalSlowInterval, 30);

    // The streamer and a viewer with a brand-new account in the room.
    const viewer = await registerByMobile();
    const vctx = await context(viewer);
    const v = await vctx.newPage();
    const fctx = await context(null, "fr"); // a guest reading in French
    const f = await fctx.newPage();
    const frames = [];
    s.on("websocket", (ws) => ws.on("framereceived", (f) => String(f.payload).includes('"joined"') && frames.push(String(f.payload).slice(0, 300))));
    await Promise.all([s.goto(`${env.node.baseURL}/live/${roomId}`), v.goto(`${env.node.baseURL}/live/${roomId}`), f.goto(`${env.node.baseURL}/live/${roomId}`)]);
    await Promise.all([connected(s), connected(v), connected(f)]);
    await s.getByTestId("mod-tools").waitFor({ timeout: TIMEOUT }).catch(async (e) => {
      await screenshot(s, "modpresets-debug");
      throw new Error(`${e.message}; room ${roomId}, streamer ${streamer.user.uid}; joined frames: ${frames.join(" | ")}`);
    });
    assert.equal(await send(v, "before the goal 1"), "");
    assert.equal(await send(v, "before the goal 2"), "", "no slow mode before the goal");

    // A goal of the linked match: slow mode is announced to everyone and enforced.
    await call("POST", "/dev/matchIncident", { body: { room: roomId, type: "goal" } });
    const goalLine = (p) => p.locator('[data-testid="preset-line"][data-key="modpresets.slow.goal"]');
    await Promise.all([goalLine(s).waitFor({ timeout: TIMEOUT }), goalLine(v).waitFor({ timeout: TIMEOUT })]);
    assert.match(await goalLine(v).innerText(), /^Big moment in the match: slow mode until .+, one message every 30 s$/);
    assert.equal(await goalLine(v).getByTestId("preset-undo").count(), 0, "no Undo for a viewer");
    await goalLine(f).waitFor({ timeout: TIMEOUT });
    assert.match(await goalLine(f).innerText(), /^Grand moment du match : mode lent jusqu'à .+, un message toutes les 30 s$/, "in the reader's language");
    assert.equal(await send(v, "GOAL!!!"), "");
    assert.equal(await send(v, "what a strike"), "Slow mode is on");
    await screenshot(v, "modpresets-goal-viewer");

    await goalLine(s).getByTestId("preset-undo").waitFor({ timeout: TIMEOUT });
    await screenshot(s, "modpresets-goal-streamer");

    // The streamer undoes it from the chat line: announced, and the viewer chats freely again.
    await goalLine(s).getByTestId("preset-undo").click();
    const undone = (p) => p.locator('[data-testid="preset-line"][data-key="modpresets.slow.undone"]');
    await Promise.all([undone(s).waitFor({ timeout: TIMEOUT }), undone(v).waitFor({ timeout: TIMEOUT })]);
    assert.equal(await undone(v).innerText(), "A moderator lifted the automatic slow mode");
    await s.waitForFunction(() => !document.querySelector('[data-testid="preset-undo"]'), null, { timeout: TIMEOUT });
    assert.equal(await send(v, "free again"), "");
    await screenshot(s, "modpresets-undone-streamer");

    // Shield mode in one click: the viewer's new account may read but not write.
    await s.getByTestId("shield-button").click();
    const shieldLine = (p) => p.locator('[data-testid="preset-line"][data-key="modpresets.shield.manual"]');
    await Promise.all([shieldLine(s).waitFor({ timeout: TIMEOUT }), shieldLine(v).waitFor({ timeout: TIMEOUT })]);
    await s.locator('[data-testid="shield-button"][data-on="true"]').waitFor({ timeout: TIMEOUT });
    assert.match(await shieldLine(v).innerText(), /^Shield mode until .+: followers only, new accounts read-only$/);
    assert.equal(await send(v, "can I still talk?"), "Shield mode is on: new accounts can read the chat but not write yet");
    assert.equal(await send(s, "the streamer still talks"), "");
    await screenshot(v, "modpresets-shield-viewer");

    // The moderator panel shows the same presets for the room.
    await s.getByTestId("presets-toggle").click();
    await s.getByTestId("presets-panel").getByTestId("mp-save").waitFor({ timeout: TIMEOUT });
    assert.equal(await s.getByTestId("presets-panel").getByTestId("mp-goalSlowSecs").inputValue(), "120");
    await screenshot(s, "modpresets-room-panel");

    // Every automatic action is in the audit log.
    const log = await call("GET", "/admin/audit", { token: admin.token, query: { action: "room.auto.", target: roomId } });
    const entries = (log.list ?? log).map((e) => `${e.action}:${e.reason}`).sort();
    assert.deepEqual(entries, ["room.auto.start:goal", "room.auto.start:manual", "room.auto.undo:"]);
    await Promise.all([sctx.close(), vctx.close(), fctx.close()]);
  });
});
