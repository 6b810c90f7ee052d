// Browser end-to-end test of the chatter card and the REST forms of moderation (issue 17) against a
// real node: a staff member names a room moderator over POST /java/chatroom/operate (with the member
// id confirmed); the moderator clicks a viewer's name in the chat, reads the card (level, badges,
// mute state, record) and mutes the viewer for 10 minutes; the moderator's lines carry the moderator
// badge; the viewer's input locks at once with
// the time left, and stays locked after a reload; the viewer's own card of the moderator is the
// plain one; the line the moderator deletes from the card disappears for another viewer; the
// moderation record holds every action. One screenshot of the card in Arabic.
//
// Needs Postgres (DATABASE_URL) and a dev node (COURTSIDE_ENV=dev, the harness's default). Shares
// the CI database: every user is new, the room is the demo's "dugout" (1005).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { administrator, nodeAndBrowser, screenshot, until } from "./harness.mjs";
import { rand, registerByEmail } from "./journeys.mjs";

const TIMEOUT = 30_000;
const ROOM = "1005";

const env = nodeAndBrowser();
const { call } = env;

/** A new signed-in user (e-mail code from the dev sink, then the new-user step). */
const register = (prefix) => registerByEmail(call, { prefix, password: "chatroom2026x" });

async function page(session, lang = "en_US") {
  const ctx = await env.context(session, { lang });
  const p = await ctx.newPage();
  await p.goto(`${env.node.baseURL}/live/${ROOM}`);
  await p.locator('[data-testid="conn-state"][data-state="connected"]').waitFor({ timeout: TIMEOUT });
  return p;
}

async function send(p, text) {
  await p.getByTestId("chat-input").fill(text);
  const button = p.getByTestId("chat-send");
  await p.waitForFunction((el) => !el.disabled, await button.elementHandle(), { timeout: TIMEOUT });
  await button.click();
}

const line = (p, text) => p.getByTestId("chat-line").filter({ hasText: text });

/** Clicks the author's name on the line holding text and waits for the card's level. */
async function openCard(p, text) {
  await line(p, text).getByTestId("chat-name").click();
  const card = p.getByTestId("chatter-card");
  await card.getByTestId("card-level").waitFor({ timeout: TIMEOUT });
  return card;
}

describe("chatroom moderation: the chatter card", () => {
  it("lets a moderator mute a viewer from the card, locking the viewer's input, and delete a line for everyone", async () => {
    const [admin, moderator, viewer] = await Promise.all([administrator(call), register("crmod"), register("crfan")]);

    // Staff name the moderator over REST; the member id must be typed again.
    await assert.rejects(
      call("POST", "/chatroom/operate", { token: admin.token, body: { roomId: ROOM, uid: moderator.user.uid, op: "addMod", confirm: viewer.user.uid } }),
      /7450/,
    );
    await call("POST", "/chatroom/operate", { token: admin.token, body: { roomId: ROOM, uid: moderator.user.uid, op: "addMod", confirm: moderator.user.uid } });

    const [m, v, w] = await Promise.all([page(moderator), page(viewer), page(null)]);
    await m.getByTestId("mod-tools").waitFor({ timeout: TIMEOUT }); // the role holds on join

    const tag = rand();
    await send(v, `offside my foot ${tag}`);
    await send(v, `ref is blind ${tag}`);
    await line(m, `ref is blind ${tag}`).waitFor({ timeout: TIMEOUT });
    await line(w, `offside my foot ${tag}`).waitFor({ timeout: TIMEOUT });

    // The moderator's card of the viewer: name, level, record; no id anywhere.
    let card = await openCard(m, `ref is blind ${tag}`);
    assert.equal(await card.getByTestId("card-name").innerText(), viewer.user.name);
    assert.match(await card.getByTestId("card-level").innerText(), /^Level \d+$/);
    assert.equal(await card.getByTestId("card-mute-state").innerText(), "Not muted");
    assert.equal(await card.getByTestId("card-mutes").innerText(), "0");
    assert.ok(!(await card.innerText()).includes(viewer.user.uid), "the card shows no user id");
    await screenshot(m, "chatroom-card-moderator");

    // Mute for 10 minutes: the viewer's input locks at once with the time left.
    await card.getByTestId("card-mute-600").click();
    await until(async () => /^Muted here · (10:00|9:[0-5]\d) left$/.test(await card.getByTestId("card-mute-state").innerText()), "the card to show the mute");
    assert.equal(await card.getByTestId("card-mutes").innerText(), "1");
    const hint = v.getByTestId("muted-hint");
    await hint.waitFor({ state: "attached", timeout: TIMEOUT });
    assert.match(await hint.textContent(), /^You are muted · (10:00|9:[0-5]\d) left$/);
    assert.equal(await v.getByTestId("chat-input").isDisabled(), true);
    assert.match(await v.getByTestId("chat-input").getAttribute("placeholder"), /^You are muted · (10:00|9:[0-5]\d) left$/);
    await screenshot(v, "chatroom-viewer-muted");

    // The lock holds after a reload (the room tells a muted joiner when the mute ends).
    await v.reload();
    await v.getByTestId("muted-hint").waitFor({ state: "attached", timeout: TIMEOUT });
    assert.equal(await v.getByTestId("chat-input").isDisabled(), true);

    // A viewer's card of the moderator is the plain one: badges, follow, no record or actions.
    await send(m, `keep it clean ${tag}`);
    await line(v, `keep it clean ${tag}`).waitFor({ timeout: TIMEOUT });
    // The moderator's line carries the moderator badge for everyone; the viewer's lines carry none.
    assert.deepEqual(await line(v, `keep it clean ${tag}`).getByTestId("chat-badge").evaluateAll((els) => els.map((e) => e.dataset.badge)), ["mod"]);
    assert.equal(await line(w, `ref is blind ${tag}`).getByTestId("chat-badge").count(), 0);
    const plain = await openCard(v, `keep it clean ${tag}`);
    await plain.getByTestId("card-badge-moderator").waitFor();
    await plain.getByTestId("card-follow").waitFor({ timeout: TIMEOUT });
    assert.equal(await plain.getByTestId("card-record").count(), 0);
    assert.equal(await plain.getByTestId("card-mute-actions").count(), 0);
    assert.equal(await plain.getByTestId("card-delete").count(), 0);
    await screenshot(v, "chatroom-card-viewer");
    await plain.getByTestId("card-close").click();

    // Delete from the card: the line disappears for the other viewer (and the moderator).
    await m.getByTestId("card-close").click();
    card = await openCard(m, `offside my foot ${tag}`);
    await card.getByTestId("card-delete").click();
    await until(async () => (await line(w, `offside my foot ${tag}`).count()) === 0, "the deleted line to leave the other viewer's chat");
    await until(async () => (await line(m, `offside my foot ${tag}`).count()) === 0, "the deleted line to leave the moderator's chat");
    assert.equal(await line(w, `ref is blind ${tag}`).count(), 1);

    // Staff unmute over REST: the viewer's input unlocks without a reload.
    await call("POST", "/chatroom/operate", { token: admin.token, body: { roomId: ROOM, uid: viewer.user.uid, op: "unmute" } });
    await until(async () => (await v.getByTestId("muted-hint").count()) === 0 && !(await v.getByTestId("chat-input").isDisabled()), "the viewer's input to unlock");

    // The same card in Arabic (right to left), for the screenshot.
    const ar = await page(moderator, "ar");
    await line(ar, `ref is blind ${tag}`).waitFor({ timeout: TIMEOUT });
    await openCard(ar, `ref is blind ${tag}`);
    await screenshot(ar, "chatroom-card-ar");
  });
});
