// Browser tests of /schedule, the library's sub-pages by URL and a game's own page (issue 18)
// against a real node with the demo simulator. Nothing here depends on the time of day or on an
// empty database: each test asks the API what there is (a day of the week with a match, a
// league, a game) and then does what a fan would with it. Screenshots go to
// test-results/screenshots/schedule-*.png.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { nodeAndBrowser, screenshot } from "./harness.mjs";

const TIMEOUT = 30_000;
/** How long the demo's data may take to be written after the node starts. */
const DEMO_TIMEOUT = 240_000;

let catalogue = null;

/** The envelope of a call ({} when the answer is not JSON): a read whose absence the test reports itself. */
const api = async (method, path, body) => (await env.call.raw(method, path, { body })) ?? {};

const env = nodeAndBrowser({
  setUp: async () => {
    catalogue = await env.call("GET", "/game/v3/getPCGameSource");
  },
});

const guest = (lang = "en_US") => env.context(null, { lang });

const abbr = (gameId) => catalogue.games.find((g) => g.id === gameId)?.abbr.toLowerCase() ?? String(gameId);
// The browser runs on this machine, so its zone is this process's zone.
const tzOffset = -new Date().getTimezoneOffset();

/**
 * A match of the schedule's week as the page will show it: the first day (0..6) with a match,
 * and a match of that day. The demo writes its week while the node starts, so ask until it has
 * (bounded: a node on a fresh database and a busy machine take minutes); its week always holds
 * matches, so none is a failure, not a skip.
 */
async function pickScheduled() {
  const deadline = Date.now() + DEMO_TIMEOUT;
  for (;;) {
    const week = await api("POST", "/match/getSevenDayMatch", { tzOffset, pageSize: 1 });
    const day = week.result?.days?.findIndex((d) => d.count > 0) ?? -1;
    if (day >= 0) {
      const list = await api("POST", "/match/getSevenDayMatch", { tzOffset, date: week.result.days[day].date, pageSize: 1 });
      const m = list.result?.list?.[0];
      if (m) return { day, match: m };
    }
    if (Date.now() > deadline) return null;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

describe("schedule", () => {
  it("filters by a game and follows a row to its match", async () => {
    const picked = await pickScheduled();
    assert.ok(picked, "a match in the demo's week");
    const { day, match } = picked;
    const game = abbr(match.gameId);
    const ctx = await guest();
    const page = await ctx.newPage();
    // The file's first page: the node has just started (it writes the demo week, indexes the search
    // and transcodes the demo videos beside it), so its first load has a start-up budget.
    await page.goto(`${env.node.baseURL}/`, { timeout: DEMO_TIMEOUT / 2 });
    // The header's Schedule item leads here.
    await page.getByTestId("nav-schedule").click();
    await page.waitForURL((u) => u.pathname === "/schedule", { timeout: TIMEOUT });
    await page.getByTestId("schedule-page").waitFor({ timeout: TIMEOUT });
    await page.getByTestId("week-strip").waitFor({ timeout: TIMEOUT });

    // Filter by the game, as a fan would, with the select; the URL carries it.
    await page.getByTestId("schedule-game").selectOption(game);
    await page.waitForURL((u) => u.searchParams.get("game") === game, { timeout: TIMEOUT });
    if (day > 0) {
      await page.getByTestId(`day-${day}`).click();
      await page.waitForURL((u) => u.searchParams.get("day") === String(day), { timeout: TIMEOUT });
    }
    const rows = page.locator('[data-testid="match-row"]');
    // The filtered day replaces the list on screen: wait until only the chosen game's rows show (a row
    // of the list before the filter can still be there for a moment on a slow machine).
    await page.waitForFunction(
      (g) => {
        const all = [...document.querySelectorAll('[data-testid="match-row"]')];
        return all.length > 0 && all.every((e) => e.getAttribute("data-game") === g);
      },
      String(match.gameId),
      { timeout: TIMEOUT },
    );
    // Every row is of the chosen game, under a competition header.
    const games = await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-game")));
    assert.ok(games.length > 0);
    assert.deepEqual([...new Set(games)], [String(match.gameId)]);
    assert.ok((await page.getByTestId("schedule-group").count()) > 0, "matches are grouped by competition");
    await screenshot(page, "schedule-filtered");

    // The filtered schedule is a link of its own: reloading keeps it.
    await page.reload();
    await page.getByTestId("schedule-page").waitFor({ timeout: TIMEOUT });
    // The select names the URL's game from the first paint (disabled until the game catalogue has
    // arrived, then with the catalogue's options); the wait stays for a slow first render.
    await page.waitForFunction(
      (g) => document.querySelector('[data-testid="schedule-game"]')?.value === g,
      game,
      { timeout: TIMEOUT },
    );
    assert.equal(await page.getByTestId("schedule-game").inputValue(), game);

    const first = rows.first();
    await first.waitFor({ timeout: TIMEOUT });
    const id = await first.getAttribute("data-match");
    await first.getByTestId("match-link").click();
    await page.waitForURL((u) => u.pathname.toLowerCase() === `/${game}/${encodeURIComponent(id)}`.toLowerCase(), { timeout: TIMEOUT });
    await page.getByTestId("match-head").waitFor({ timeout: TIMEOUT });
    await ctx.close();
  });

  it("reads right to left in Arabic", async () => {
    const ctx = await guest("ar");
    const page = await ctx.newPage();
    await page.goto(`${env.node.baseURL}/schedule`);
    await page.getByTestId("schedule-page").waitFor({ timeout: TIMEOUT });
    assert.equal(await page.locator("html").getAttribute("dir"), "rtl");
    assert.equal(await page.locator("h1").first().innerText(), "جدول المباريات");
    await page.locator('[data-testid="match-row"], [data-testid="no-data"]').first().waitFor({ timeout: TIMEOUT });
    await screenshot(page, "schedule-ar");
    await ctx.close();
  });
});

describe("library sub-pages", () => {
  it("opens a league's team table by its URL, and the other sub-pages from its tabs", async () => {
    // The demo's leagues are written while the node starts: ask until they are (bounded).
    let league;
    for (const deadline = Date.now() + DEMO_TIMEOUT; !league && Date.now() < deadline; ) {
      const leagues = await api("GET", "/library/leagues");
      league = leagues.result?.find((l) => l.gameId === 202) ?? leagues.result?.[0];
      if (!league) await new Promise((r) => setTimeout(r, 2000));
    }
    assert.ok(league, "a league in the demo data");
    const ctx = await guest();
    const page = await ctx.newPage();
    const res = await page.goto(`${env.node.baseURL}/leagueLibrary/${encodeURIComponent(league.id)}/teamTable`);
    assert.equal(res.status(), 200);
    await page.getByTestId("league-page").waitFor({ timeout: TIMEOUT });
    await page.getByTestId("libpanel-teamTable").waitFor({ timeout: TIMEOUT });
    await page.locator('[data-testid="standings"], [data-testid="no-data"]').first().waitFor({ timeout: TIMEOUT });
    assert.equal(await page.getByTestId("libtab-teamTable").getAttribute("aria-current"), "page");
    await screenshot(page, "schedule-league-teamTable");

    // Each tab is a link to its own URL and shows content or the no-data image, never not-found.
    for (const tab of ["config", "sortTable", "dataModule", "meansModule", "scheduleTable"]) {
      await page.getByTestId(`libtab-${tab}`).click();
      await page.waitForURL((u) => u.pathname.endsWith(`/${tab}`), { timeout: TIMEOUT });
      await page.getByTestId(`libpanel-${tab}`).waitFor({ timeout: TIMEOUT });
      assert.equal(await page.getByText("This page could not be found").count(), 0, tab);
    }

    // A made-up sub-page is the not-found page, with a 404.
    const bad = await page.goto(`${env.node.baseURL}/leagueLibrary/${encodeURIComponent(league.id)}/nope`);
    assert.equal(bad.status(), 404);
    await page.getByText("This page could not be found").waitFor({ timeout: TIMEOUT });
    await ctx.close();
  });
});

describe("a game's page", () => {
  it("shows /football as the soccer page with its live matches, today's matches and leagues", async () => {
    const ctx = await guest();
    const page = await ctx.newPage();
    const res = await page.goto(`${env.node.baseURL}/football`);
    assert.equal(res.status(), 200);
    await page.waitForURL((u) => u.pathname === "/soccer", { timeout: TIMEOUT });
    await page.getByTestId("game-page").waitFor({ timeout: TIMEOUT });
    for (const part of ["game-live", "game-today", "game-leagues"]) await page.getByTestId(part).waitFor({ timeout: TIMEOUT });
    await page.locator('[data-testid="game-league"], [data-testid="game-leagues"] [data-testid="no-data"]').first().waitFor({ timeout: TIMEOUT });
    await screenshot(page, "schedule-game-soccer");
    // Its schedule link opens the schedule filtered to the game.
    await page.getByTestId("game-schedule-link").click();
    await page.waitForURL((u) => u.pathname === "/schedule" && u.searchParams.get("game") === "soccer", { timeout: TIMEOUT });

    const unknown = await page.goto(`${env.node.baseURL}/notagame`);
    assert.equal(unknown.status(), 404);
    await page.getByText("This page could not be found").waitFor({ timeout: TIMEOUT });
    await ctx.close();
  });
});
