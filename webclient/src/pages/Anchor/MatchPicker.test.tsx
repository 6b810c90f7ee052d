// The match picker of the live settings against a fake /java server: it searches the streaming
// window by team or competition (debounced), marks the linked match, links on click, and says when
// nothing fits.
import { act } from "react";
import { StateProvider } from "../../state/hooks";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import type { MatchItem } from "../../api/matches";
import { MatchPicker } from "./MatchPicker";
import { looksLikeSource } from "./SourceAllowList";
import { testRoot } from "../../test/root";

const { root, host } = testRoot();
const all = (id: string) => [...host().querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
const q = (id: string) => host().querySelector<HTMLElement>(`[data-testid="${id}"]`);
const until = (cond: () => boolean) => vi.waitFor(() => expect(cond()).toBe(true), { timeout: 3000 });

const match = (id: string, home: string, away: string, league: string, status: number, startTime: number): MatchItem =>
  ({ id, gameId: 1, gameName: "Football", leagueId: "l", leagueName: league, homeName: home, awayName: away, status, startTime, homeScore: status === 1 ? 2 : 0, awayScore: status === 1 ? 1 : 0, periodName: status === 1 ? "2nd half" : "", clock: { s: 0, r: false, at: 0 }, periods: [] }) as unknown as MatchItem;

const MATCHES = [
  match("m1", "Arsenal", "Chelsea", "Premier League", 1, Date.UTC(2026, 10, 22, 11, 0)),
  match("m2", "Lakers", "Celtics", "NBA", 0, Date.UTC(2026, 10, 22, 12, 30)),
];

function fakeServer() {
  const queries: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const u = new URL(input, "http://test");
      if (u.pathname !== "/java/anchor/streamableMatches") return new Response(JSON.stringify({ status: "fail", errorMsg: "no route" }));
      const words = (u.searchParams.get("q") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
      queries.push(u.searchParams.get("q") ?? "");
      const list = MATCHES.filter((m) => words.every((w) => `${m.homeName} ${m.awayName} ${m.leagueName}`.toLowerCase().includes(w)));
      return new Response(JSON.stringify({ status: "success", result: { list } }));
    }),
  );
  return queries;
}

beforeAll(async () => {
  await initI18n("en_US");
});

afterEach(async () => {
  vi.unstubAllGlobals();
});

async function type(el: HTMLInputElement, value: string) {
  await act(async () => {
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    set.call(el, value);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

describe("match picker", () => {
  it("lists the streaming window, searches by team or competition and links a match", async () => {
    const queries = fakeServer();
    const picked: string[] = [];
    await act(async () => {
      root().render(
        <StateProvider>
          <MemoryRouter>
            <MatchPicker linkedId="m1" busy={false} onPick={(m) => picked.push(m.id)} />
          </MemoryRouter>
        </StateProvider>,
      );
    });
    await until(() => all("match-option").length === 2);
    // The linked match is marked and cannot be linked again; the other can.
    const [first, second] = all("match-option");
    expect(first!.dataset.matchId).toBe("m1");
    expect(first!.textContent).toContain("Arsenal – Chelsea");
    expect(first!.textContent).toContain("In play · 2–1");
    expect((first!.querySelector("button") as HTMLButtonElement).disabled).toBe(true);
    expect(first!.querySelector("button")!.textContent).toBe("Linked");
    expect(second!.textContent).toContain("Starts at");
    expect(second!.textContent).not.toContain("m2"); // never a bare id

    // A search by competition, typed quickly: one request after the pause, not one per key.
    const before = queries.length;
    const input = q("match-search") as HTMLInputElement;
    await type(input, "n");
    await type(input, "nb");
    await type(input, "nba");
    await until(() => all("match-option").length === 1);
    expect(queries.slice(before)).toEqual(["nba"]);
    expect(all("match-option")[0]!.dataset.matchId).toBe("m2");

    await act(async () => (all("match-option-link")[0] as HTMLButtonElement).click());
    expect(picked).toEqual(["m2"]);

    // Nothing fits: the no-data picture says so, no list.
    await type(input, "derby county");
    await until(() => q("no-data") !== null);
    expect(q("no-data")!.textContent).toBe("No match in play or starting within the hour fits your search.");
    expect(all("match-option")).toHaveLength(0);
  });

  it("checks the shape of an allow-list entry before sending it", () => {
    for (const ok of ["203.0.113.7", "203.0.113.0/24", "2001:db8::1", "2001:db8::/48", " 10.0.0.1 "]) expect(looksLikeSource(ok), ok).toBe(true);
    for (const bad of ["", "example.com", "300.1.1.1", "10.0.0.0/33", "1.2.3", "10.0.0.1/24/1", "2001:db8::/129"]) expect(looksLikeSource(bad), bad).toBe(false);
  });
});
