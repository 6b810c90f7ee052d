// Browser end-to-end test of a gift in a live room (issue 6): a new user (200 welcome coins) sends
// a Jersey in /live/1001; another viewer, a guest in another browser context, sees the gift line
// in the chat; the room's leaderboard ranks the sender; the header balance drops by the price.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { nodeAndBrowser, screenshot } from "./harness.mjs";
import { giftsMissing, openLiveRoom, registerByEmail } from "./journeys.mjs";

const TIMEOUT = 30_000;

const env = nodeAndBrowser({ probe: giftsMissing });
const { call, context } = env;

const register = () => registerByEmail(call, { prefix: "gift", password: "giftgift2026" });
const openRoom = (ctx) => openLiveRoom(ctx, env.node.baseURL, "1001", { timeout: TIMEOUT });

describe("gifts in a live room", () => {
  it("a gift is paid, seen by another viewer and ranked on the leaderboard", async (t) => {
    if (env.skipReason) return t.skip(env.skipReason);
    const fan = await register();
    const fanCtx = await context(fan);
    const guestCtx = await context(null);
    const fanPage = await openRoom(fanCtx);
    const guestPage = await openRoom(guestCtx);

    // Jersey (catalogue id 7) costs 100 coins; the welcome gift was 200.
    await fanPage.locator('[data-testid="gift-item"][data-gift="7"]').click();
    await fanPage.getByTestId("gift-count-1").click();
    await fanPage.getByTestId("gift-send").click();

    const line = guestPage.getByTestId("gift-line").filter({ hasText: fan.name });
    await line.first().waitFor({ timeout: TIMEOUT });
    assert.match(await line.first().innerText(), /Jersey/);

    const row = fanPage.locator(`[data-testid="gift-lb-row"][data-user="${fan.uid.replace(/^u/, "")}"]`);
    await row.waitFor({ timeout: TIMEOUT });
    assert.equal(await row.getAttribute("data-score"), "100");

    const gold = await call("GET", "/user/userGold", { token: fan.token });
    assert.equal(gold.gold, 100, `coins after the gift: ${JSON.stringify(gold)}`);

    await screenshot(guestPage, "wallet-gift-seen-by-viewer");
    await screenshot(fanPage, "wallet-gift-leaderboard");
    await fanCtx.close();
    await guestCtx.close();
  });
});
