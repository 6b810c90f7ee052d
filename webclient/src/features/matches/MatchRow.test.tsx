// A row under its competition's heading does not repeat the competition; a row in a flat list names it.
import { act } from "react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { initI18n } from "../../i18n";
import { StateProvider } from "../../state/hooks";
import type { MatchItem } from "../../api/matches";
import { LiveClock, MatchRow } from "./MatchRow";
import styles from "./MatchRow.module.css";
import { testRoot } from "../../test/root";
import { testMatch } from "../../test/match";

const m = testMatch();

describe("match row", () => {
  const { root, host } = testRoot();
  beforeAll(async () => {
    await initI18n("en_US");
  });
  const render = (inGroup: boolean, row: MatchItem = m) =>
    act(() =>
      root().render(
        <StateProvider>
          <MemoryRouter>
            <MatchRow m={row} slug="soccer" flash={false} inGroup={inGroup} />
          </MemoryRouter>
        </StateProvider>,
      ),
    );

  it("names its competition in a flat list", () => {
    render(false);
    expect(host().querySelector(`.${styles.mrowLeague} a`)?.textContent).toBe("Premier Division");
  });
  it("gives each team name its own direction, so a long Latin name on an Arabic page is cut at its end", () => {
    render(false);
    const names = [...host().querySelectorAll(`.${styles.mrowName}`)];
    expect(names).toHaveLength(2);
    expect(names.map((n) => n.getAttribute("dir"))).toEqual(["auto", "auto"]);
  });
  it("does not repeat the competition under the competition's heading", () => {
    render(true);
    expect(host().querySelector(`.${styles.mrowLeague} a`)).toBeNull();
    expect(host().textContent).not.toContain("Premier Division");
  });
  it("shows a side's red cards beside its name, with the number when more than one", () => {
    render(true, { ...m, status: 2, redCards: [0, 2] } as MatchItem);
    const cards = [...host().querySelectorAll('[data-testid="red-cards"]')];
    expect(cards).toHaveLength(1);
    expect(cards[0]!.getAttribute("aria-label")).toBe("Red cards: 2");
    expect(cards[0]!.textContent).toBe("2");
    expect(cards[0]!.parentElement?.textContent).toContain("Northgate");
    render(true, { ...m, status: 2, redCards: [1, 0] } as MatchItem);
    const one = host().querySelector('[data-testid="red-cards"]');
    expect(one?.textContent).toBe("");
    expect(one?.parentElement?.textContent).toContain("Harbor City");
  });
  it("shows a second leg's aggregate under the score, and who goes through only when the aggregate is level", () => {
    render(true, { ...m, status: 2, homeScore: 1, awayScore: 0, aggregate: [3, 2] } as MatchItem);
    const agg = host().querySelector('[data-testid="aggregate"]');
    expect(agg?.textContent).toBe("agg 3-2");
    expect(agg?.parentElement?.getAttribute("data-testid")).toBe("match-score");
    expect(host().querySelector("abbr")?.getAttribute("title")).toBe("Aggregate over both legs: 3-2");
    // Decided on aggregate: the numbers say who goes through.
    render(true, { ...m, status: 5, homeScore: 1, awayScore: 0, aggregate: [3, 2], through: 0 } as MatchItem);
    expect(host().querySelector('[data-testid="aggregate-through"]')).toBeNull();
    // Level over both legs: decided on penalties, so the row names the side that goes through.
    render(true, { ...m, status: 5, homeScore: 1, awayScore: 1, aggregate: [2, 2], through: 1 } as MatchItem);
    const through = host().querySelector('[data-testid="aggregate-through"]');
    expect(through?.textContent).toBe("Northgate go through on penalties");
    expect(through?.getAttribute("data-side")).toBe("1");
  });
  it("says a second leg's first leg was called off instead of an aggregate, before kick-off too", () => {
    render(true, { ...m, status: 0, firstLeg: "postponed" } as MatchItem);
    const off = host().querySelector('[data-testid="first-leg-off"]');
    expect(off?.textContent).toBe("1st leg postponed");
    expect(off?.getAttribute("title")).toBe("The tie is decided once the first leg is played");
    expect(host().querySelector('[data-testid="aggregate"]')).toBeNull();
    render(true, { ...m, status: 5, homeScore: 1, awayScore: 1, firstLeg: "cancelled" } as MatchItem);
    expect(host().querySelector('[data-testid="first-leg-off"]')?.textContent).toBe("1st leg cancelled");
    expect(host().querySelector('[data-testid="first-leg-off"]')?.getAttribute("title")).toBe("The first leg will not be played: this match decides the tie");
    // An aggregate, when there is one, wins over a stale note.
    render(true, { ...m, status: 2, homeScore: 1, aggregate: [2, 1], firstLeg: "abandoned" } as MatchItem);
    expect(host().querySelector('[data-testid="first-leg-off"]')).toBeNull();
    expect(host().querySelector('[data-testid="aggregate"]')).not.toBeNull();
  });
  it("shows no aggregate for a single match or before kick-off", () => {
    render(true, { ...m, status: 2, homeScore: 1 } as MatchItem);
    expect(host().querySelector('[data-testid="aggregate"]')).toBeNull();
    render(true, { ...m, status: 0, aggregate: [1, 0] } as MatchItem);
    expect(host().querySelector('[data-testid="aggregate"]')).toBeNull();
  });
  it("keeps a live clock left to right, so an Arabic page does not move the minute's apostrophe to the front", () => {
    render(true, { ...m, status: 2, periodName: "2H", clock: { s: 4200, r: false, at: 1 } } as MatchItem);
    const clock = host().querySelector('[data-testid="match-clock"]')?.parentElement;
    expect(clock?.textContent).toBe("2H 71'"); // the 71st minute is under way
    expect(clock?.getAttribute("dir")).toBe("ltr");
    render(true, { ...m, status: 3, periodName: "HT" } as MatchItem);
    expect(host().querySelector(`.${styles.mrowPeriod}`)?.getAttribute("dir")).toBe("ltr");
  });
  it("reads a break as a break where no status stands beside the clock (a score strip), the minute elsewhere", () => {
    const atBreak = { ...m, status: 2, periodName: "1H", clock: { s: 2700, r: false, at: 1 } } as MatchItem;
    const clock = (showBreak: boolean, row: MatchItem) =>
      act(() =>
        root().render(
          <StateProvider>
            <LiveClock m={row} showBreak={showBreak} />
          </StateProvider>,
        ),
      );
    clock(true, atBreak);
    expect(host().querySelector('[data-testid="match-break"]')?.textContent).toBe("Break");
    expect(host().querySelector('[data-testid="match-clock"]')).toBeNull();
    // A row shows the status beside the clock: there the stopped minute stays.
    clock(false, atBreak);
    expect(host().querySelector('[data-testid="match-clock"]')?.parentElement?.textContent).toBe("1H 46'");
    // Play resumed: the clock again.
    clock(true, { ...atBreak, status: 1, periodName: "2H", clock: { s: 2700, r: false, at: 1 } } as MatchItem);
    expect(host().querySelector('[data-testid="match-break"]')).toBeNull();
    expect(host().querySelector('[data-testid="match-clock"]')?.parentElement?.textContent).toBe("2H 46'");
  });
});
