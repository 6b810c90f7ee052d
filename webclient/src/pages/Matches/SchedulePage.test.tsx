// The filters of /schedule (issue 18): they live in the URL, a new game drops the competition,
// the day stays within the seven days, the lists group by competition in kick-off order, and the
// page asks the server for exactly what the URL says (game, competition, day, time zone).
import { act } from "react";
import { StateProvider } from "../../state/hooks";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { testRoot } from "../../test/root";
import type { LeagueCount, MatchItem } from "../../api/matches";
import { appStore } from "../../state/store";
import { catalogueAtom } from "../../state/matches";
import type { GameCatalogue } from "../../api/matches";
import SchedulePage from "./SchedulePage";
import { competitionOptions, groupByCompetition, readFilters, writeFilters } from "./scheduleFilters";

const { render, q } = testRoot();

const match = (id: string, leagueId: string, startTime: number, gameId = 1): MatchItem =>
  ({ id, gameId, leagueId, leagueName: `League ${leagueId}`, startTime, homeName: "A", awayName: "B", status: 0, periods: [] }) as unknown as MatchItem;
const league = (id: string, gameId: number, total: number, name = id): LeagueCount =>
  ({ id, gameId, name, shortName: name, logo: "", country: "", kind: "league", tier: 1, source: "simulator", live: 0, upcoming: total, total }) as LeagueCount;

describe("schedule filters in the URL", () => {
  it("reads defaults and refuses a day outside the week", () => {
    expect(readFilters(new URLSearchParams(""))).toEqual({ game: "", league: "", day: 0 });
    expect(readFilters(new URLSearchParams("game=LOL&league=sim-lol&day=3"))).toEqual({ game: "lol", league: "sim-lol", day: 3 });
    expect(readFilters(new URLSearchParams("day=7")).day).toBe(0);
    expect(readFilters(new URLSearchParams("day=-1")).day).toBe(0);
    expect(readFilters(new URLSearchParams("day=1.5")).day).toBe(0);
  });

  it("drops the competition when the game changes and keeps defaults out of the URL", () => {
    const p = new URLSearchParams("game=lol&league=sim-lol&day=2&utm=x");
    expect(writeFilters(p, { game: "csgo" }).toString()).toBe("game=csgo&day=2&utm=x");
    expect(writeFilters(p, { game: "lol" }).toString()).toBe("game=lol&league=sim-lol&day=2&utm=x");
    expect(writeFilters(p, { day: 0 }).toString()).toBe("game=lol&league=sim-lol&utm=x");
    expect(writeFilters(p, { game: "", league: "" }).toString()).toBe("day=2&utm=x");
    expect(writeFilters(new URLSearchParams(""), { league: "sim-spl" }).toString()).toBe("league=sim-spl");
  });

  it("groups by competition, rows and groups in kick-off order", () => {
    const groups = groupByCompetition([match("3", "b", 300), match("1", "a", 200), match("2", "b", 100), match("4", "a", 50)]);
    expect(groups.map((g) => [g.leagueId, g.items.map((m) => m.id)])).toEqual([
      ["a", ["4", "1"]],
      ["b", ["2", "3"]],
    ]);
  });

  it("offers the chosen game's competitions that have matches, and always the chosen one", () => {
    const all = [league("z", 1, 3, "Zeta"), league("a", 1, 0, "Alpha"), league("s", 202, 5, "Soccer league")];
    expect(competitionOptions(all, 1, "").map((l) => l.id)).toEqual(["z"]);
    expect(competitionOptions(all, 1, "a").map((l) => l.id)).toEqual(["a", "z"]);
    expect(competitionOptions(all, undefined, "").map((l) => l.id)).toEqual(["s", "z"]);
  });
});

describe("SchedulePage", () => {
  const bodies: Record<string, unknown>[] = [];
  let search = "";
  function Probe() {
    search = useLocation().search;
    return null;
  }
  const ok = (result: unknown) => new Response(JSON.stringify({ status: "success", result }), { status: 200 });
  const catalogue = {
    games: [
      { id: 1, name: "League of Legends", abbr: "lol", logo: "", backgroundImage: "", kind: "esport", group: "esports", simulated: true },
      { id: 202, name: "Soccer", abbr: "soccer", logo: "", backgroundImage: "", kind: "sport", group: "soccer", simulated: true },
    ],
    groups: [
      { id: "soccer", games: [202] },
      { id: "esports", games: [1] },
    ],
  };

  beforeAll(async () => {
    await initI18n("en_US");
  });
  beforeEach(() => {
    bodies.length = 0;
    // The catalogue is the page's once-per-load state: each test starts with it loaded.
    appStore.set(catalogueAtom, { status: "ready", value: catalogue as unknown as GameCatalogue });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, "http://test");
        if (url.pathname.endsWith("/getPCGameSource")) return ok(catalogue);
        if (url.pathname.endsWith("/match_leagues")) {
          const esports = url.pathname.includes("/league/");
          return ok(esports ? [league("sim-lol", 1, 4, "Hangang Series"), league("sim-lpl", 1, 2, "Eastern Cup")] : [league("sim-spl", 202, 6, "Albion")]);
        }
        if (url.pathname.endsWith("/getSevenDayMatch")) {
          bodies.push(JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>);
          return ok({ days: [], list: [], total: 0, pageIndex: 1, pageSize: 100 });
        }
        return ok(null);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  async function open(url: string) {
    await mount(url);
    await vi.waitFor(() => expect(bodies.length).toBeGreaterThan(0));
  }
  async function mount(url: string) {
    await render(
      <StateProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route
              path="/schedule"
              element={
                <>
                  <SchedulePage />
                  <Probe />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </StateProvider>,
    );
  }
  const select = (id: string) => q<HTMLSelectElement>(`[data-testid="${id}"]`)!;
  async function choose(id: string, value: string) {
    await act(async () => {
      select(id).value = value;
      select(id).dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  it("shows the URL's game and competition in disabled selects until the catalogue and the competitions arrive", async () => {
    // The catalogue is on its way (the page's load of it is not answered in this test).
    appStore.set(catalogueAtom, { status: "loading" });
    await mount("/schedule?game=lol&league=sim-lol");
    const game = select("schedule-game");
    expect(game.disabled).toBe(true);
    expect(game.value).toBe("lol");
    expect(game.selectedOptions[0]?.textContent).toBe("League of Legends");
    expect(select("schedule-league").disabled).toBe(true);
    expect(select("schedule-league").value).toBe("sim-lol");
    expect(select("schedule-league").selectedOptions[0]?.textContent).toBe("Loading…");
    // Clear keeps its place: it is there (usable) whether or not the catalogue has come.
    expect(q<HTMLButtonElement>('[data-testid="schedule-clear"]')!.disabled).toBe(false);

    await act(async () => appStore.set(catalogueAtom, { status: "ready", value: catalogue as unknown as GameCatalogue }));
    await vi.waitFor(() => expect(select("schedule-league").disabled).toBe(false));
    expect(game.disabled).toBe(false);
    expect(game.value).toBe("lol");
    expect(select("schedule-league").value).toBe("sim-lol");
    expect(select("schedule-league").selectedOptions[0]?.textContent).toBe("Hangang Series");
  });

  it("keeps Clear in the bar, disabled while nothing is filtered", async () => {
    await open("/schedule");
    const clear = q<HTMLButtonElement>('[data-testid="schedule-clear"]')!;
    expect(clear.disabled).toBe(true);
    await choose("schedule-game", "lol");
    expect(clear.disabled).toBe(false);
  });

  it("asks for the URL's game, competition and day, and writes a change back to the URL", async () => {
    await open("/schedule?game=lol&day=2");
    const first = bodies.at(-1)!;
    expect(first.gameId).toBe(1);
    expect(first.leagueId).toBeUndefined();
    expect(first.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(typeof first.tzOffset).toBe("number");
    await vi.waitFor(() => expect(select("schedule-game").value).toBe("lol"));
    // Only this game's competitions, by name.
    await vi.waitFor(() => expect([...select("schedule-league").options].map((o) => o.value)).toEqual(["", "sim-lpl", "sim-lol"]));

    await choose("schedule-league", "sim-lol");
    expect(new URLSearchParams(search).get("league")).toBe("sim-lol");
    await vi.waitFor(() => expect(bodies.at(-1)!.leagueId).toBe("sim-lol"));
    expect(bodies.at(-1)!.date).toBe(first.date);

    // Another game: the competition goes, the day stays.
    await choose("schedule-game", "soccer");
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({ game: "soccer", day: "2" });
    await vi.waitFor(() => expect(bodies.at(-1)).toMatchObject({ gameId: 202 }));
    expect(bodies.at(-1)!.leagueId).toBeUndefined();

    // Clear: every game again.
    await act(async () => q<HTMLButtonElement>('[data-testid="schedule-clear"]')!.click());
    expect(search).toBe("?day=2");
    await vi.waitFor(() => expect(bodies.at(-1)!.gameId).toBeUndefined());
  });
});
