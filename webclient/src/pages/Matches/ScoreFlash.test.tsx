// The score highlight through the real atoms: a frame merged into a topic's state changes a
// row's score, and the row is marked for FLASH_MS, then unmarked.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { StateProvider } from "../../state/hooks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore } from "../../state/store";
import { mergeTopic, topicAtom, topicWantsAtom } from "../../state/realtime";
import type { MatchItem } from "../../api/matches";
import { useLiveList } from "./hooks";
import { FLASH_MS } from "./live";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const items: MatchItem[] = [
  {
    id: "m1", gameId: 202, gameName: "soccer", leagueId: "", leagueName: "", seasonId: "", roundId: "",
    homeId: "h", homeName: "Home", homeLogo: "", awayId: "a", awayName: "Away", awayLogo: "",
    startTime: 0, status: 1, statusName: "live", homeScore: 0, awayScore: 0, period: 1, periodName: "1H",
    clock: { s: 0, r: false, at: 0 }, periods: [], updated: 1, source: "", topic: "match:m1",
  },
];

function Probe() {
  const { items: live, flashing } = useLiveList(items);
  return (
    <div>
      {live.map((m) => (
        <span key={m.id} data-testid="score" data-flash={flashing.has(m.id) ? "1" : "0"}>
          {m.homeScore}:{m.awayScore}
        </span>
      ))}
    </div>
  );
}

describe("live list", () => {
  let root: Root;
  let host: HTMLDivElement;
  beforeEach(() => {
    vi.useFakeTimers();
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    vi.useRealTimers();
  });

  it("wants its games' scoreboards, applies a delta and flashes the changed score", () => {
    act(() =>
      root.render(
        <StateProvider>
          <Probe />
        </StateProvider>,
      ),
    );
    expect(appStore.get(topicWantsAtom)["scores:202"]).toEqual([0]);
    const score = () => host.querySelector('[data-testid="score"]')!;
    expect(score().textContent).toBe("0:0");
    expect(score().getAttribute("data-flash")).toBe("0");

    act(() => appStore.set(topicAtom("scores:202"), (s) => mergeTopic(s, { m1: { h: 1, ts: 2 } })));
    expect(score().textContent).toBe("1:0");
    expect(score().getAttribute("data-flash")).toBe("1");

    act(() => vi.advanceTimersByTime(FLASH_MS + 10));
    expect(score().getAttribute("data-flash")).toBe("0");

    // A frame that changes something else (the clock) is not a score change.
    act(() => appStore.set(topicAtom("scores:202"), (s) => mergeTopic(s, { m1: { clk: { s: 60, r: true, at: 3 }, ts: 3 } })));
    expect(score().getAttribute("data-flash")).toBe("0");

    act(() => root.unmount());
    expect(appStore.get(topicWantsAtom)["scores:202"]).toBeUndefined();
    root = createRoot(host);
  });
});
