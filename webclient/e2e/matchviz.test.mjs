// Browser test of the match page's pictures (issue 18) against a real node with the demo
// simulator: a live football match's animation tab draws the pitch with the match's events on it
// (a marker's hover shows minute and kind) and more appear as the match goes on without a reload;
// a momentum graph is beside it; the trends tab's odds chart has a line per bookmaker and labelled
// axes; basketball, League of Legends, CS2 (kills at the sites), a modes shooter (kills on the
// objective), gridiron (touchdowns in the end zone) and table tennis (errors off the table) draw
// their court, map, field or table. Screenshots go to
// test-results/screenshots/matchviz-*.png.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { administrator, nodeAndBrowser, playDemoMatch, screenshot } from "./harness.mjs";

const TIMEOUT = 30_000;
const SOCCER = 202;

let catalogue = null;

/** The envelope of a call ({} when the answer is not JSON): a read whose absence the test reports itself. */
const api = async (method, path, body) => (await call.raw(method, path, { body })) ?? {};

const env = nodeAndBrowser({
  setUp: async () => {
    // Every node serves the Matches calls: a node that does not is a failure, not a skip.
    catalogue = await call("GET", "/game/v3/getPCGameSource");
    assert.ok(Array.isArray(catalogue?.games), `the game catalogue: ${JSON.stringify(catalogue)?.slice(0, 300)}`);
    // A node on a fresh database first writes the demo week: wait (bounded) for its upcoming
    // football matches and its finished ones.
    for (const deadline = Date.now() + 240_000; Date.now() < deadline; ) {
      const up = await api("POST", "/v2/match/getPCUpcomingGameMatch", { gameId: SOCCER, pageSize: 5 });
      const past = await api("POST", "/v2/match/getPCPastGameMatch", { gameId: 1, pageSize: 1 });
      if (up.result?.list?.length && past.result?.list?.length) break;
      await new Promise((r) => setTimeout(r, 2000));
    }
  },
});
const { call } = env;

const abbr = (gameId) => catalogue.games.find((g) => g.id === gameId)?.abbr ?? String(gameId);

const guest = () => env.context(null, { viewport: { width: 1280, height: 1000 } });

/** The placed incidents of a match as the server serves them (text live lines with a place). */
async function placed(gameId, id) {
  const r = await api("GET", `/${abbr(gameId)}/${encodeURIComponent(id)}?tab=textLive`);
  return (r.result?.textLive ?? []).filter((l) => (l.x ?? 0) > 0 || (l.y ?? 0) > 0);
}

/** The latest finished match of a game (its events are all there). */
async function finished(gameId) {
  const past = await api("POST", "/v2/match/getPCPastGameMatch", { gameId, pageSize: 5 });
  return past.result?.list?.find((m) => m.status === 5) ?? null;
}

describe("match pictures", () => {
  it("a live football match shows its events on the pitch, more as it goes on, with momentum and odds per bookmaker", async () => {
    const staff = await administrator(call);
    // The next football match, played ahead to its kick-off with the demo clock: any hour works
    // (a match already in play might be about to end). The demo postpones or cancels a few
    // fixtures in a hundred: one that is not in play after its kick-off gives way to the next.
    let match;
    {
      const upcoming = await api("POST", "/v2/match/getPCUpcomingGameMatch", { gameId: SOCCER, pageSize: 50 });
      const candidates = (upcoming.result?.list ?? []).filter((m) => (m.status === 0 || m.status === 8) && m.startTime > Date.now()).sort((a, b) => a.startTime - b.startTime);
      assert.ok(candidates.length, "an upcoming football match in the demo schedule");
      for (const next of candidates.slice(0, 4)) {
        let toKickOff = Math.ceil((next.startTime - Date.now()) / 60_000) + 1;
        for (; toKickOff > 600; toKickOff -= 600) {
          await call("POST", "/admin/demo/matches/advance", { token: staff.token, body: { matchId: next.id, minutes: 600 } });
        }
        await call("POST", "/admin/demo/matches/advance", { token: staff.token, body: { matchId: next.id, minutes: toKickOff } });
        const live = await playDemoMatch(call, staff.token, next.id, async () => {
          const r = await api("GET", `/${abbr(SOCCER)}/${encodeURIComponent(next.id)}?tab=textLive`);
          const status = r.result?.match?.status;
          return status === undefined || status === 0 || status === 8 ? null : { inPlay: status === 1 };
        }, { minutes: 1, rounds: 1, wait: 20_000 });
        if (live.inPlay) {
          match = next;
          break;
        }
      }
      assert.ok(match, "one of the next four football matches kicked off");
    }
    // Play on until a few events with a place are on the server, the match still in its first half.
    const first = await playDemoMatch(call, staff.token, match.id, async () => {
      const p = await placed(SOCCER, match.id);
      return p.length >= 3 ? p : null;
    }, { minutes: 5, rounds: 9, wait: 20_000 });

    const ctx = await guest();
    const page = await ctx.newPage();
    await page.goto(`${env.node.baseURL}/${abbr(SOCCER)}/${encodeURIComponent(match.id)}?tab=animation`);
    const field = page.locator('[data-testid="viz-field"][data-field="pitch"]');
    await field.waitFor({ timeout: TIMEOUT });
    const markers = field.getByTestId("viz-event");
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="viz-event"]').length >= n, first.length, { timeout: TIMEOUT });
    const shown = await markers.count();
    assert.ok(shown >= first.length, `${shown} markers for ${first.length} placed events`);

    // Every marker is labelled; hovering one shows its minute and kind. The one hovered is the last
    // drawn, which nothing covers (two shots from the same spot overlap, and the later one takes the
    // pointer).
    const top = markers.nth(shown - 1);
    const label = await top.getAttribute("aria-label");
    assert.match(label ?? "", /'.*·/, `marker label ${label}`);
    await top.hover();
    const tip = await page.getByTestId("viz-tip").textContent();
    assert.equal(tip, label, "the hover text is the marker's label");
    assert.ok(await page.getByTestId("momentum").count(), "a momentum graph beside the pitch");
    await page.evaluate(() => {
      window.__sameDocument = true;
    });
    await screenshot(page, "matchviz-football");

    // The match goes on: more events appear on the pitch without a reload (the tab refreshes).
    const before = shown;
    await playDemoMatch(call, staff.token, match.id, async () => {
      const p = await placed(SOCCER, match.id);
      return p.length > before ? p : null;
    }, { minutes: 6, rounds: 8, wait: 10_000 });
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="viz-event"]').length > n, before, { timeout: 45_000, polling: 500 });
    assert.equal(await page.evaluate(() => window.__sameDocument), true, "the page was not reloaded");

    // Trends: the odds chart draws a line per bookmaker with labelled axes and a legend.
    await page.getByTestId("dtab-trends").click();
    const chart = page.getByTestId("odds-chart");
    await chart.waitFor({ timeout: TIMEOUT });
    const books = await chart.locator("[data-series]").count();
    assert.ok(books >= 2, `${books} bookmaker lines`);
    assert.equal(await chart.getByTestId("chart-x-label").textContent(), "Time");
    assert.equal(await chart.getByTestId("chart-y-label").textContent(), "Decimal odds");
    await page.getByTestId("odds-outcome-draw").click();
    assert.ok((await chart.locator("[data-series]").count()) >= 2, "draw odds per bookmaker");
    await screenshot(page, "matchviz-football-odds");
    await ctx.close();
  });

  for (const [name, gameId, kind, must] of [
    ["basketball", 201, "court"],
    ["lol", 1, "moba"],
    // Shooters' kills: CS2 at the round's site, Call of Duty style modes on the objective.
    ["csgo", 2, "sites", "kill"],
    ["cod", 8, "objective", "kill"],
    ["gridiron", 209, "gridiron", "touchdown"],
    // Table tennis: the table on its floor, the loser's errors in the net or on the floor.
    ["tabletennis", 208, "tableTennis", "error"],
  ]) {
    it(`a ${name} match draws its ${kind} with the events`, async () => {
      const m = await finished(gameId);
      // The demo week always holds finished matches of every game (storage/postgres/sportsdemo).
      assert.ok(m, `a finished ${name} match in the demo data`);
      const ctx = await guest();
      const page = await ctx.newPage();
      await page.goto(`${env.node.baseURL}/${abbr(gameId)}/${encodeURIComponent(m.id)}?tab=animation`, { timeout: 60_000 });
      const field = page.locator(`[data-testid="viz-field"][data-field="${kind}"]`);
      await field.waitFor({ timeout: TIMEOUT });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="viz-event"]').length > 0, null, { timeout: TIMEOUT });
      await field.getByTestId("viz-event").first().focus();
      assert.ok(await page.getByTestId("viz-tip").count(), "focus shows the event");
      if (must) {
        // A map shows one map at a time: look for the kind on any map the picker offers.
        const maps = page.getByTestId("viz-maps").getByRole("tab");
        let found = await field.locator(`[data-testid="viz-event"][data-type="${must}"]`).count();
        for (let i = 0; !found && i < (await maps.count()); i++) {
          await maps.nth(i).click();
          found = await field.locator(`[data-testid="viz-event"][data-type="${must}"]`).count();
        }
        assert.ok(found > 0, `${name}: no ${must} on the ${kind}`);
      }
      await screenshot(page, `matchviz-${name}`);
      await ctx.close();
    });
  }
});
