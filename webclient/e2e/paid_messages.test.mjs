// Browser end-to-end test of paid messages (issue 25 §4): viewer A (200 welcome coins) sends a
// 100-coin paid message in /live/1001; viewer B, joining afterwards, finds it pinned at the top of
// the chat with its countdown, and in the chat flow; an administrator (who moderates every room)
// removes it "by mistake", so it leaves both pages and A's coins come back; a second one removed as
// spam from its chat line's menu is not refunded.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { administrator, nodeAndBrowser, screenshot, until } from "./harness.mjs";
import { openLiveRoom, registerByEmail } from "./journeys.mjs";

const TIMEOUT = 30_000;

const env = nodeAndBrowser();
const { call, context } = env;

const register = (prefix) => registerByEmail(call, { prefix, password: "paidpaid2026" });

/** An administrator's session (they moderate every room); { skip } when the node cannot make one. */
const adminSession = () => administrator(call, { prefix: "e2epaidmod", secondFactor: false }).catch((err) => ({ skip: err.message }));

const openRoom = (ctx) => openLiveRoom(ctx, env.node.baseURL, "1001", { timeout: TIMEOUT });

describe("paid messages in a live room", () => {
  it("is charged, pinned for every viewer, and refunded when a moderator removes it by mistake", async (t) => {
    const mod = await adminSession();
    if (mod.skip) {
      t.skip(mod.skip);
      return;
    }
    const a = await register("pa");
    const b = await register("pb");
    const before = (await call("GET", "/user/userGold", { token: a.token })).gold;

    const aCtx = await context(a);
    const aPage = await openRoom(aCtx);
    await aPage.getByTestId("paid-open").click();
    await aPage.getByTestId("paid-tier-100").click();
    const tag = Date.now().toString(36);
    await aPage.getByTestId("paid-text").fill(`Paid cheer ${tag}`);
    await screenshot(aPage, "paid-compose");
    await aPage.getByTestId("paid-send").click();
    await aPage.getByTestId("charge-ok").click(); // the price confirmation (issue 17)
    await aPage.getByTestId("pinned").filter({ hasText: `Paid cheer ${tag}` }).waitFor({ timeout: TIMEOUT });
    assert.equal((await call("GET", "/user/userGold", { token: a.token })).gold, before - 100, "charged 100 coins once");

    // B joins after the message was sent: the pinned bar comes from the room's record.
    const bCtx = await context(b);
    const bPage = await openRoom(bCtx);
    const pinned = bPage.getByTestId("pinned").filter({ hasText: `Paid cheer ${tag}` });
    await pinned.waitFor({ timeout: TIMEOUT });
    assert.equal(await pinned.getAttribute("data-coins"), "100");
    assert.match(await pinned.getByTestId("pinned-left").innerText(), /^\d+:\d\d left$/);
    assert.equal(await bPage.getByTestId("pinned-remove").count(), 0, "a viewer gets no remove button");
    await bPage.getByTestId("paid-line").filter({ hasText: `Paid cheer ${tag}` }).waitFor({ timeout: TIMEOUT });
    await screenshot(bPage, "paid-pinned-late-joiner");

    // The moderator removes it by mistake: refunded, gone for everyone.
    const mCtx = await context(mod);
    const mPage = await openRoom(mCtx);
    const mPin = mPage.getByTestId("pinned").filter({ hasText: `Paid cheer ${tag}` });
    await mPin.waitFor({ timeout: TIMEOUT });
    await mPin.getByTestId("pinned-remove").click();
    await mPin.getByTestId("pinned-reasons").waitFor();
    await screenshot(mPage, "paid-remove-reasons");
    await mPin.getByTestId("remove-mistake").click();
    await until(async () => (await pinned.count()) === 0, "the pin to leave B's page");
    await until(async () => (await bPage.getByTestId("paid-line").filter({ hasText: `Paid cheer ${tag}` }).count()) === 0, "the paid line to leave B's chat");
    await until(async () => (await aPage.getByTestId("pinned").filter({ hasText: `Paid cheer ${tag}` }).count()) === 0, "the pin to leave A's page");
    await until(async () => (await call("GET", "/user/userGold", { token: a.token })).gold === before, "A's coins to come back");
    await screenshot(bPage, "paid-removed");

    // A second message removed as spam from its chat line's menu: the sender's fault, no refund.
    await aPage.getByTestId("paid-open").click();
    await aPage.getByTestId("paid-tier-30").click();
    await aPage.getByTestId("paid-text").fill(`Spam ${tag}`);
    await aPage.getByTestId("paid-send").click();
    await aPage.getByTestId("charge-ok").click(); // the price confirmation (issue 17)
    const spamLine = mPage.getByTestId("paid-line").filter({ hasText: `Spam ${tag}` });
    await spamLine.waitFor({ timeout: TIMEOUT });
    assert.equal((await call("GET", "/user/userGold", { token: a.token })).gold, before - 30);
    await spamLine.hover();
    await spamLine.getByTestId("msg-actions").click();
    await mPage.getByTestId("menu-remove-spam").waitFor({ timeout: TIMEOUT });
    await screenshot(mPage, "paid-line-menu");
    await mPage.getByTestId("menu-remove-spam").click();
    await until(async () => (await bPage.getByTestId("paid-line").filter({ hasText: `Spam ${tag}` }).count()) === 0, "the spam line to leave B's chat");
    await until(async () => (await bPage.getByTestId("pinned").filter({ hasText: `Spam ${tag}` }).count()) === 0, "the spam pin to leave B's page");
    assert.equal((await call("GET", "/user/userGold", { token: a.token })).gold, before - 30, "no refund for spam");
    for (const c of [aCtx, bCtx, mCtx]) await c.close();
  });
});
