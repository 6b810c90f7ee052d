// The score highlight through the real atoms: a frame merged into a topic's state changes a
// row's score, and the row is marked for FLASH_MS, then unmarked.
import { act } from "react";
import { StateProvider } from "../../state/hooks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore } from "../../state/store";
import { mergeTopic, topicAtom, topicWantsAtom } from "../../state/realtime";
import type { MatchItem } from "../../api/matches";
import { useLiveList } from "./hooks";
import { FLASH_MS } from "./live";
import { testRoot } from "../../test/root";

const items: MatchItem[] = [
  {
    id: "m1", gameId: 202, gameName: "soccer", leagueId: "", leagueName: "", seasonId: "", roundId: "",
    homeId: "h", homeName: "Home", homeLogo: "", awayId: "a", awayName: "Away", awayLogo: "",
    startTime: 0, status: 1, statusName: "live", homeScore: 0, awayScore: 0, period: 1, periodName: "1H",
    clock: { s: 0, r: false, at: 0 }, periods: [], updated: 1, source: "", topic: "match:m1",
  },
];

let probeRenders = 0;

function Probe() {
  probeRenders++;
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
  const { root, host } = testRoot();
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("wants its games' scoreboards, applies a delta and flashes the changed score", () => {
    act(() =>
      root().render(
        <StateProvider>
          <Probe />
        </StateProvider>,
      ),
    );
    expect(appStore.get(topicWantsAtom)["scores:202"]).toEqual([0]);
    const score = () => host().querySelector('[data-testid="score"]')!;
    expect(score().textContent).toBe("0:0");
    expect(score().getAttribute("data-flash")).toBe("0");

    act(() => appStore.set(topicAtom("scores:202"), (s) => mergeTopic(s, { m1: { h: 1, ts: 2 } })));
    act(() => vi.advanceTimersToNextFrame()); // score frames are read once per animation frame
    expect(score().textContent).toBe("1:0");
    expect(score().getAttribute("data-flash")).toBe("1");

    act(() => vi.advanceTimersByTime(FLASH_MS + 10));
    expect(score().getAttribute("data-flash")).toBe("0");

    // A frame that changes something else (the clock) is not a score change.
    act(() => appStore.set(topicAtom("scores:202"), (s) => mergeTopic(s, { m1: { clk: { s: 60, r: true, at: 3 }, ts: 3 } })));
    act(() => vi.advanceTimersToNextFrame());
    expect(score().getAttribute("data-flash")).toBe("0");

    act(() => root().unmount());
    expect(appStore.get(topicWantsAtom)["scores:202"]).toBeUndefined();
  });

  it("renders a burst of score frames once, at the next animation frame (issue 19)", () => {
    act(() =>
      root().render(
        <StateProvider>
          <Probe />
        </StateProvider>,
      ),
    );
    const score = () => host().querySelector('[data-testid="score"]')!;
    const before = probeRenders;
    // Twenty socket messages, each its own task, within one frame.
    for (let i = 1; i <= 20; i++) act(() => appStore.set(topicAtom("scores:202"), (s) => mergeTopic(s, { m1: { h: i, ts: 10 + i } })));
    expect(probeRenders).toBe(before);
    act(() => vi.advanceTimersToNextFrame());
    expect(score().textContent).toBe("20:0");
    // One render for the frame's scores and one for the highlight they start.
    expect(probeRenders - before).toBeLessThanOrEqual(2);
  });
});
