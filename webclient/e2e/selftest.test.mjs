// Browser tests of the connection self-test (/test) and live streaming in figures (/live/data),
// decision 0016, against a real node whose demo rooms really stream (ffmpeg through the RTMP
// ingest, like discover.test.mjs; without ffmpeg the video check has no live room to try and says so).
// Screenshots: selftest, live-data.
import { spawnSync } from "node:child_process";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { clickFooterLink, nodeAndBrowser, screenshot } from "./harness.mjs";

const TIMEOUT = 30_000;
const streams = spawnSync("ffmpeg", ["-version"]).status === 0;

const env = nodeAndBrowser({ env: { COURTSIDE_DEMO_STREAMS: streams ? "true" : "false" } });
const { call } = env;

/** A new page of a guest reading English. */
const page = async () => (await env.context(null)).newPage();

describe("the connection self-test and the live figures", () => {
  it("checks the API, the clock, the real-time connection and a live stream, from the footer", async () => {
    if (streams) {
      // The demo rooms go live once their pushes reach the ingest.
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 1000))) {
        if ((await call("GET", "/live/rooms")).list.some((c) => c.live)) break;
      }
    }
    const p = await page();
    await p.goto(env.node.baseURL);
    await clickFooterLink(p, "footer-selftest", /\/test$/);
    for (const id of ["api", "clock", "socket"]) {
      const check = p.getByTestId(`selftest-${id}`);
      await p.waitForFunction((el) => el && el.getAttribute("data-verdict") !== "running", await check.elementHandle(), { timeout: TIMEOUT });
      assert.equal(await check.getAttribute("data-verdict"), "ok", `${id}: ${await check.innerText()}`);
    }
    const video = p.getByTestId("selftest-video");
    await p.waitForFunction((el) => el && el.getAttribute("data-verdict") !== "running", await video.elementHandle(), { timeout: 40_000 });
    const verdict = await video.getAttribute("data-verdict");
    if (streams) assert.notEqual(verdict, "fail", `a live demo room plays: ${await video.innerText()}`);
    else assert.equal(verdict, "warn", "no live room to test with, said as such");
    assert.equal(await p.getByTestId("selftest-copy").isEnabled(), true, "the results can be copied once every check ended");
    await screenshot(p, "selftest");
    await p.context().close();
  });

  it("shows the rooms on air and their viewers, from /live", async () => {
    const liveRooms = async () => (await call("GET", "/live/rooms")).list.filter((c) => c.live);
    // Demo rooms start and end broadcasts (a push restarts with each new match): the page's count
    // must lie between the API's counts read just before and just after it loaded; while rooms
    // change under it, the page is loaded again.
    let before = await liveRooms();
    const p = await page();
    await p.goto(`${env.node.baseURL}/live`);
    await p.getByTestId("live-figures-link").click();
    let after = before;
    let shown = -1;
    for (const deadline = Date.now() + TIMEOUT; ; ) {
      await p.getByTestId("live-data").waitFor({ timeout: TIMEOUT });
      shown = Number((await p.getByTestId("live-data-rooms").locator("strong").innerText()).trim());
      after = await liveRooms();
      if (shown >= Math.min(before.length, after.length) && shown <= Math.max(before.length, after.length)) break;
      assert.ok(Date.now() < deadline, `page ${shown}, API ${before.length} before and ${after.length} after`);
      before = after;
      await p.reload();
    }
    if (after.length > 0 && shown > 0) {
      assert.ok((await p.getByTestId("live-data-room").count()) > 0, "the most watched rooms are listed");
      assert.ok((await p.getByTestId("live-data-game").count()) > 0, "the games streamed are listed");
    }
    await screenshot(p, "live-data");
    await p.context().close();
  });
});
