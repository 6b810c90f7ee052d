// The live room's layout shift at phone width (issue 19: CLS ≤ 0.05 on every page, Lighthouse's mobile
// profile). A demo room opens at 412 × 823 with the CPU four times slower, as Lighthouse measures it;
// the head's card, the game's name, the linked match, the player, the connection bar and the panels
// all arrive after the first paint, and none of them may move what is already on screen. The sum of
// the page's layout-shift entries (those without recent input, as CLS counts them) must stay within
// the budget; a failure names the moved nodes.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { nodeAndBrowser, screenshot } from "./harness.mjs";
import { signedInContext } from "./journeys.mjs";

const CLS_BUDGET = 0.05;
const TIMEOUT = 30_000;
/** How long the page is watched after the last part arrived: the head's lazy parts and the match's score. */
const SETTLE_MS = 3_000;

const env = nodeAndBrowser();

/** Records every layout-shift entry from the first paint, with where its moved nodes were and went. */
function watchShifts() {
  window.__shifts = [];
  const describe = (n) =>
    !n ? "?" : `${n.nodeName.toLowerCase()}${n.dataset?.testid ? `[${n.dataset.testid}]` : typeof n.className === "string" && n.className ? `.${n.className.split(" ")[0]}` : ""}`;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__shifts.push({
        value: e.value,
        input: e.hadRecentInput,
        sources: (e.sources ?? []).map((s) => `${describe(s.node)} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} h ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
}

describe("live room layout shift (phone, 4x slower CPU)", () => {
  it(`stays within CLS ${CLS_BUDGET} while the room's parts arrive`, async () => {
    const ctx = await signedInContext(env.browser, env.node.baseURL, null, { viewport: { width: 412, height: 823 } });
    try {
      await ctx.addInitScript(watchShifts);
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.goto(`${env.node.baseURL}/live/1001`);
      // The last parts to arrive: the head's meta line (after the card and its lazy chunk), the
      // connection, and the panels (gifts) that load after the first render.
      await page.getByTestId("room-viewers").waitFor({ timeout: TIMEOUT });
      await page.locator('[data-testid="conn-state"][data-state="connected"]').waitFor({ timeout: TIMEOUT });
      await page.getByTestId("gift-panel").waitFor({ timeout: TIMEOUT });
      await page.waitForTimeout(SETTLE_MS);
      const shifts = await page.evaluate(() => window.__shifts);
      // After the reading: a full-page screenshot resizes the page and would count as a shift.
      await screenshot(page, "layout-shift-live-room-412");
      const counted = shifts.filter((s) => !s.input);
      const sum = counted.reduce((a, s) => a + s.value, 0);
      const detail = counted.map((s) => `${s.value.toFixed(4)}: ${s.sources.join("; ")}`).join("\n");
      assert.ok(sum <= CLS_BUDGET, `layout shift ${sum.toFixed(3)} > ${CLS_BUDGET}:\n${detail}`);
    } finally {
      await ctx.close();
    }
  });
});
