import { describe, expect, it } from "vitest";
import type { ReplayLine, TimelineEvent } from "../../api/videos";
import { CHUNK_MS, eventLabel, shownLines } from "./Replay";

const line = (seq: number, offsetMs: number): ReplayLine => ({ seq, offsetMs, kind: "chat", id: `r-${seq}`, uid: "u2", name: "Ann", text: `line ${seq}` });

describe("shownLines", () => {
  const chunks = new Map([
    [0, [line(1, 1_000), line(2, 30_000), line(3, 59_999)]],
    [1, [line(4, 60_000), line(5, 90_000)]],
    [2, [line(6, 125_000)]],
  ]);
  it("shows the lines sent up to the player's time, in order", () => {
    expect(shownLines(chunks, 30_000).map((l) => l.seq)).toEqual([1, 2]);
    expect(shownLines(chunks, 60_000).map((l) => l.seq)).toEqual([1, 2, 3, 4]);
  });
  it("follows a seek back and forth", () => {
    expect(shownLines(chunks, 130_000).map((l) => l.seq)).toEqual([4, 5, 6]);
    expect(shownLines(chunks, 500).map((l) => l.seq)).toEqual([]);
    expect(shownLines(chunks, CHUNK_MS + 95_000).map((l) => l.seq)).toEqual([4, 5, 6]);
  });
  it("keeps the newest lines when there are many", () => {
    expect(shownLines(chunks, 100_000, 2).map((l) => l.seq)).toEqual([4, 5]);
  });
});

describe("eventLabel", () => {
  const t = (k: string) => k;
  const ev = (type: string, category: TimelineEvent["category"]): TimelineEvent => ({ seq: 1, type, category, team: 0, offsetMs: 0, seekMs: 0 });
  it("names known types and falls back to the kind", () => {
    expect(eventLabel(t, ev("redCard", "card"))).toBe("type.redCard");
    expect(eventLabel(t, ev("goal", "goal"))).toBe("category.goal");
    expect(eventLabel(t, ev("dragon", "objective"))).toBe("category.objective");
  });
});
