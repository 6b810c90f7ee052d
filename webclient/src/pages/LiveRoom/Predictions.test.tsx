import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { initI18n } from "../../i18n";
import { fromEvent, newer, type Prediction } from "../../api/predictions";
import type { RoomEvent } from "../../realtime/protocol";
import { PredictionLine } from "./PredictionLine";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const P: Prediction = {
  id: 3,
  roomId: "1002",
  market: "winner",
  question: "Lions – Tigers",
  home: "Lions",
  away: "Tigers",
  outcomes: [
    { label: "home", entries: 2, points: 300 },
    { label: "draw", entries: 0, points: 0 },
    { label: "away", entries: 1, points: 100 },
  ],
  state: "resolved",
  winner: 0,
  pool: 400,
  entries: 3,
  createdAt: 1,
};

let container: HTMLDivElement;
let root: Root;

beforeAll(async () => {
  await initI18n("en_US");
});
beforeEach(() => {
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const sys = (key: string, text: unknown, seq = 9): RoomEvent => ({ seq, k: "sys", ts: 1, key, text: JSON.stringify(text) });

describe("prediction chat lines", () => {
  it("shows the result of a match market with team names and the winners' leaderboard", async () => {
    const ev = sys("prediction.result", { prediction: P, winners: 2, leaders: [{ name: "ana", stake: 200, payout: 267 }, { name: "bo", stake: 100, payout: 133 }] });
    await act(async () => root.render(<PredictionLine ev={ev} seq={9} />));
    expect(container.textContent?.replace(/[\u2068\u2069]/g, "")).toContain("Prediction result: Who wins Lions – Tigers? → Lions");
    expect(container.querySelector('[data-testid="prediction-leaders"]')?.textContent?.replace(/[\u2068\u2069]/g, "")).toBe("Winners: 2. Top: ana +267, bo +133");
  });

  it("says every stake was refunded when nobody picked the winner, and when cancelled", async () => {
    await act(async () => root.render(<PredictionLine ev={sys("prediction.result", { prediction: P, winners: 0, leaders: null })} seq={9} />));
    expect(container.textContent).toContain("Nobody picked it");
    const cancelled = { ...P, state: "cancelled", winner: -1 };
    await act(async () => root.render(<PredictionLine ev={sys("prediction.result", { prediction: cancelled, winners: 0, leaders: null }, 10)} seq={10} />));
    expect(container.textContent?.replace(/[\u2068\u2069]/g, "")).toContain("Prediction cancelled: Who wins Lions – Tigers?");
  });

  it("shows nothing for a pool update (it only moves the widget)", async () => {
    await act(async () => root.render(<PredictionLine ev={sys("prediction.update", P)} seq={9} />));
    expect(container.textContent).toBe("");
  });
});

describe("merging views of one prediction", () => {
  it("keeps the later state, then the bigger pool, whatever order they arrive in", () => {
    const open = { ...P, state: "open" as const, entries: 1, pool: 100 };
    const fuller = { ...open, entries: 2, pool: 300 };
    expect(newer(open, fuller)).toBe(fuller);
    expect(newer(fuller, open)).toBe(fuller);
    expect(newer(fuller, P)).toBe(P);
    expect(fromEvent("prediction.update", JSON.stringify(P))?.prediction.id).toBe(3);
    expect(fromEvent("live.started", "")).toBeNull();
    expect(fromEvent("prediction.update", "{")).toBeNull();
  });
});
