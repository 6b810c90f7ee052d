// Browser end-to-end test of in-room predictions (issue 25) on a demo room linked to a demo match:
// the room's streamer opens a prediction, two viewers stake channel points, every widget follows
// the room's broadcast (no reload), the streamer closes entries and resolves, and the chat shows the
// result with the winners' leaderboard. The streamer is the demo room's own (CornerFlagCarl, room
// 1002): the node's `user create` sets its password; the viewers are made the same way.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { nodeAndBrowser, screenshot, WEBCLIENT_DIR } from "./harness.mjs";
import { openLiveRoom } from "./journeys.mjs";

const TIMEOUT = 30_000;
const ROOM = "1002";
const STREAMER = "CornerFlagCarl";

const env = nodeAndBrowser();
const { call } = env;

const rand = () => Math.random().toString(36).slice(2, 8);

/** Creates (or sets the password of) accounts with the node's CLI and signs the first in. */
async function account(name, password) {
  const bin = resolve(WEBCLIENT_DIR, process.env.COURTSIDE_BIN ?? "../bin/courtside");
  const r = spawnSync(bin, ["user", "create", name, password], { env: process.env, encoding: "utf8", timeout: 60_000 });
  assert.equal(r.status, 0, `courtside user create: ${r.stderr}`);
  const login = await call("POST", "/login/V2/mobileOrNameToLogin", { body: { name, password } });
  return { token: login.token, user: { uid: String(login.uid ?? login.user?.uid), name } };
}

/** session's context (1280 × 1100) with a page in the room, connected and showing the predictions. */
async function open(session) {
  const ctx = await env.context(session, { viewport: { width: 1280, height: 1100 } });
  const page = await openLiveRoom(ctx, env.node.baseURL, ROOM, { timeout: TIMEOUT });
  await page.getByTestId("predictions").waitFor({ timeout: TIMEOUT });
  return { ctx, page };
}

const card = (page, state) => page.locator(`[data-testid="prediction-card"][data-state="${state}"]`);

describe("in-room predictions", () => {
  it("streamer opens, two viewers stake, entries close, the result and leaderboard reach everyone", { timeout: 180_000 }, async () => {
    const streamer = await account(STREAMER, "Stream2026pass");
    const v1 = await account(`pa${rand()}`, "View2026pass");
    const v2 = await account(`pb${rand()}`, "View2026pass");
    const s = await open(streamer);
    const a = await open(v1);
    const b = await open(v2);
    try {
      // Every viewer sees the rules (not gambling) and their channel points (the welcome allowance).
      await a.page.locator('[data-testid="prediction-points"][data-points="500"]').waitFor({ timeout: TIMEOUT });
      assert.match(await a.page.getByTestId("prediction-rules").innerText(), /never exchanged for coins or diamonds/);
      assert.equal(await a.page.getByTestId("prediction-tools").count(), 0, "a viewer has no streamer tools");

      // The streamer's menu: the linked match's markets, and a free question.
      // The form offers what the server answered when it opened (the living demo relinks rooms to
      // matches as they start and end, so a second read could name another match).
      const answered = s.page.waitForResponse((r) => r.url().includes("/live/predictions/markets"), { timeout: TIMEOUT });
      await s.page.getByTestId("prediction-new").click({ timeout: TIMEOUT });
      const linked = (await (await answered).json()).result;
      await s.page.locator('[data-testid="prediction-form"][data-loaded="true"]').waitFor({ timeout: TIMEOUT });
      const markets = await s.page.locator('[data-testid="prediction-market"] option').evaluateAll((os) => os.map((o) => o.value));
      assert.deepEqual(markets, [...linked.markets.map((m) => m.market), "free"]);
      if (linked.markets.length > 0) {
        assert.ok(markets.includes("winner"), `a linked match offers the winner (${markets})`);
        await s.page.getByTestId("prediction-offer").waitFor();
        await screenshot(s.page, "predictions-menu");
      }
      await s.page.getByTestId("prediction-market").selectOption("free");
      await s.page.getByTestId("prediction-question-input").fill("Who scores first tonight?");
      const outs = s.page.getByTestId("prediction-outcome-input");
      await outs.nth(0).fill("Lions");
      await outs.nth(1).fill("Tigers");
      await s.page.getByTestId("prediction-open").click();

      // Every viewer's widget gets it through the room's broadcast, and the chat says so.
      for (const p of [a.page, b.page]) {
        await card(p, "open").waitFor({ timeout: TIMEOUT });
        await p.locator('[data-testid="prediction-line"][data-key="prediction.opened"]').waitFor({ timeout: TIMEOUT });
      }

      // Two viewers stake; the pool updates live on every screen (the streamer's too).
      await a.page.getByTestId("prediction-outcome").nth(0).locator("input").check();
      await a.page.getByTestId("prediction-stake").fill("300");
      await a.page.getByTestId("prediction-enter").click();
      await a.page.locator('[data-testid="prediction-points"][data-points="200"]').waitFor({ timeout: TIMEOUT });
      await b.page.getByTestId("prediction-outcome").nth(1).locator("input").check();
      await b.page.getByTestId("prediction-stake").fill("600");
      await b.page.getByTestId("prediction-enter").click();
      await b.page.getByTestId("prediction-error").waitFor({ timeout: TIMEOUT });
      assert.match(await b.page.getByTestId("prediction-error").innerText(), /Not enough channel points: you have 500/);
      await b.page.getByTestId("prediction-stake").fill("100");
      await b.page.getByTestId("prediction-enter").click();
      for (const p of [a.page, b.page, s.page]) {
        await p.locator('[data-testid="prediction-pool"][data-pool="400"]').waitFor({ timeout: TIMEOUT });
      }
      await screenshot(a.page, "predictions-viewer-staked");

      // Entries close.
      await s.page.getByTestId("prediction-lock").click();
      for (const p of [a.page, b.page]) {
        await card(p, "locked").waitFor({ timeout: TIMEOUT });
        await p.locator('[data-testid="prediction-line"][data-key="prediction.locked"]').waitFor({ timeout: TIMEOUT });
      }
      const late = await fetch(new URL("/java/live/predictions/enter", env.node.baseURL), {
        method: "POST",
        headers: { sysType: "PC", lan: "de", token: v2.token, "Content-Type": "application/json" },
        body: JSON.stringify({ id: Number(await a.page.getByTestId("prediction-card").getAttribute("data-id")), outcome: 1, points: 10 }),
      }).then((r) => r.json());
      assert.equal(late.errorCode, 7104);
      assert.match(late.errorMsg, /geschlossen/, "the refusal is in the request's language");
      await screenshot(s.page, "predictions-streamer-locked");

      // The streamer resolves: Lions. A (300) takes the pool of 400.
      await s.page.getByTestId("prediction-winner").selectOption("0");
      await s.page.getByTestId("prediction-resolve").click();
      for (const p of [a.page, b.page, s.page]) {
        await card(p, "resolved").waitFor({ timeout: TIMEOUT });
        const line = p.locator('[data-testid="prediction-line"][data-key="prediction.result"]');
        await line.waitFor({ timeout: TIMEOUT });
        const text = (await line.innerText()).replace(/[\u2068\u2069]/g, "");
        assert.match(text, /Prediction result: Who scores first tonight\? → Lions/);
        assert.match(text, new RegExp(`Winners: 1\\. Top: ${v1.user.name} \\+400`));
      }
      // The winner's balance is read again with the payout: 500 - 300 + 400.
      await a.page.locator('[data-testid="prediction-points"][data-points="600"]').waitFor({ timeout: TIMEOUT });
      await a.page.getByTestId("prediction-mine").filter({ hasText: "You won 400 points" }).waitFor({ timeout: TIMEOUT });
      await b.page.getByTestId("prediction-mine").filter({ hasText: "did not win" }).waitFor({ timeout: TIMEOUT });
      const pts = await call("GET", "/live/predictions/points", { token: v1.token, query: { roomId: ROOM } });
      assert.equal(pts.points, 600);
      await screenshot(a.page, "predictions-result-winner");
      await screenshot(b.page, "predictions-result-loser");

      // The same widget and chat line in another language (right to left).
      const ar = await env.browser.newContext({ viewport: { width: 1280, height: 1100 } });
      await ar.addCookies([
        { name: "lang", value: "ar", url: env.node.baseURL },
        { name: "token", value: encodeURIComponent(v1.token), url: env.node.baseURL },
        { name: "userInfo", value: encodeURIComponent(JSON.stringify(v1.user)), url: env.node.baseURL },
      ]);
      const arPage = await ar.newPage();
      await arPage.goto(`${env.node.baseURL}/live/${ROOM}`);
      await card(arPage, "resolved").waitFor({ timeout: TIMEOUT });
      await arPage.locator('[data-testid="prediction-line"][data-key="prediction.result"]').waitFor({ timeout: TIMEOUT });
      assert.match(await arPage.getByTestId("prediction-rules").innerText(), /ليست مقامرة/);
      await screenshot(arPage, "predictions-result-ar");
      await ar.close();
    } finally {
      await Promise.all([s.ctx.close(), a.ctx.close(), b.ctx.close()]);
    }
  });
});
