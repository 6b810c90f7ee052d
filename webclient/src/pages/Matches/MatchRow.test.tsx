// A row under its competition's heading does not repeat the competition; a row in a flat list names it.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { initI18n } from "../../i18n";
import { StateProvider } from "../../state/hooks";
import type { MatchItem } from "../../api/matches";
import { MatchRow } from "./MatchRow";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const m = {
  id: "m1", gameId: 202, gameName: "soccer", leagueId: "sim-spl", leagueName: "Premier Division", seasonId: "", roundId: "",
  homeId: "h", homeName: "Harbor City", homeLogo: "", awayId: "a", awayName: "Northgate", awayLogo: "",
  startTime: Date.UTC(2026, 10, 20, 18), status: 0, statusName: "", homeScore: 0, awayScore: 0, period: 0, periodName: "",
  clock: { s: 0, r: false, at: 0 }, periods: [], updated: 1, source: "", topic: "match:m1",
} as unknown as MatchItem;

describe("match row", () => {
  let root: Root;
  let host: HTMLDivElement;
  beforeEach(() => {
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });
  beforeAll(async () => {
    await initI18n("en_US");
  });
  const render = (inGroup: boolean, row: MatchItem = m) =>
    act(() =>
      root.render(
        <StateProvider>
          <MemoryRouter>
            <MatchRow m={row} slug="soccer" flash={false} inGroup={inGroup} />
          </MemoryRouter>
        </StateProvider>,
      ),
    );

  it("names its competition in a flat list", () => {
    render(false);
    expect(host.querySelector(".mrow__league a")?.textContent).toBe("Premier Division");
  });
  it("does not repeat the competition under the competition's heading", () => {
    render(true);
    expect(host.querySelector(".mrow__league a")).toBeNull();
    expect(host.textContent).not.toContain("Premier Division");
  });
  it("shows a side's red cards beside its name, with the number when more than one", () => {
    render(true, { ...m, status: 2, redCards: [0, 2] } as MatchItem);
    const cards = [...host.querySelectorAll('[data-testid="red-cards"]')];
    expect(cards).toHaveLength(1);
    expect(cards[0]!.getAttribute("aria-label")).toBe("Red cards: 2");
    expect(cards[0]!.textContent).toBe("2");
    expect(cards[0]!.parentElement?.textContent).toContain("Northgate");
    render(true, { ...m, status: 2, redCards: [1, 0] } as MatchItem);
    const one = host.querySelector('[data-testid="red-cards"]');
    expect(one?.textContent).toBe("");
    expect(one?.parentElement?.textContent).toContain("Harbor City");
  });
});
