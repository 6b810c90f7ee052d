// A match's key events are drawn in the overview's first render (issue 19: react-virtuoso drew
// nothing before it had measured, and the key events were the page's last paint); a long text live
// stays virtualised.
import { act } from "react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { initI18n } from "../../i18n";
import { StateProvider } from "../../state/hooks";
import type { MatchDetail, TextLine } from "../../api/matches";
import { OverviewTab, TextLiveTab } from "./DetailTabs";
import { testRoot } from "../../test/root";
import { testMatch } from "../../test/match";

const m = testMatch({ status: 2, homeScore: 1, period: 1 });

const line = (seq: number): TextLine => ({ seq, at: Date.UTC(2026, 10, 20, 18, seq), minute: `${seq}'`, type: "goal", team: 0, text: "", name: `Player ${seq}`, score: [1, 0] });

describe("key events and text live", () => {
  const { root, host } = testRoot();
  beforeAll(async () => {
    await initI18n("en_US");
  });
  const render = (el: React.ReactNode) =>
    act(() =>
      root().render(
        <StateProvider>
          <MemoryRouter>{el}</MemoryRouter>
        </StateProvider>,
      ),
    );

  it("draws every key event in the first render", () => {
    const d = { match: m, overview: { keyEvents: [line(12), line(57)], stats: [] } } as unknown as MatchDetail;
    render(<OverviewTab d={d} m={m} />);
    const lines = host().querySelectorAll('[data-testid="key-events"] [data-type="goal"]');
    expect(lines.length).toBe(2);
    // The latest first, in the page's words.
    expect(lines[0]!.textContent).toContain("57'");
    expect(lines[0]!.textContent).toContain("Player 57");
  });

  it("virtualises a long text live", () => {
    const d = { match: m, textLive: Array.from({ length: 200 }, (_, i) => line(i + 1)) } as unknown as MatchDetail;
    render(<TextLiveTab d={d} />);
    // react-virtuoso draws only what it has measured (nothing in a page without layout).
    expect(host().querySelectorAll('[data-testid="text-live"] [data-type="goal"]').length).toBeLessThan(200);
  });
});
