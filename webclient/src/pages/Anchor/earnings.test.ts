// @vitest-environment node
import { describe, expect, it } from "vitest";
import { chartGeometry, fillDays, niceMax } from "./earnings";

const today = new Date(Date.UTC(2026, 10, 22));

describe("earnings views", () => {
  it.each([7, 14, 30] as const)("draws one bar per day for the %i-day view, ending today", (days) => {
    const daily = fillDays([], days, today);
    expect(daily).toHaveLength(days);
    expect(daily[days - 1]!.date).toBe("2026-11-22");
    expect(chartGeometry(daily, (d) => d.coins).bars).toHaveLength(days);
  });

  it("keeps the server's figures on their days and fills the others with zero", () => {
    const daily = fillDays([{ date: "2026-11-20", coins: 40, diamonds: 2 }], 7, today);
    expect(daily.map((d) => d.coins)).toEqual([0, 0, 0, 0, 40, 0, 0]);
    expect(daily[0]!.date).toBe("2026-11-16");
  });

  it("scales bars to a round maximum, the tallest day reaching it in proportion", () => {
    const daily = fillDays(
      [
        { date: "2026-11-21", coins: 75, diamonds: 0 },
        { date: "2026-11-22", coins: 150, diamonds: 0 },
      ],
      7,
      today,
    );
    const g = chartGeometry(daily, (d) => d.coins);
    expect(g.max).toBe(200);
    const [a, b] = g.bars.slice(-2);
    expect(b!.height / a!.height).toBeCloseTo(2, 5);
    expect(g.bars[0]!.height).toBe(0);
    // bars stand on the same baseline
    expect(a!.y + a!.height).toBeCloseTo(b!.y + b!.height, 5);
  });

  it("draws an empty period without NaN", () => {
    const g = chartGeometry(fillDays([], 30, today), (d) => d.coins);
    expect(g.max).toBe(1);
    expect(g.bars.every((b) => Number.isFinite(b.y) && b.height === 0)).toBe(true);
  });

  it("labels every day for 7 days and fewer days for 30", () => {
    expect(chartGeometry(fillDays([], 7, today), (d) => d.coins).labels).toHaveLength(7);
    const labels = chartGeometry(fillDays([], 30, today), (d) => d.coins).labels;
    expect(labels).toHaveLength(6);
    expect(labels[labels.length - 1]!.text).toBe("11-22");
  });

  it("rounds maxima up to 1, 2 or 5 times a power of ten", () => {
    expect([0, 1, 3, 7, 12, 150, 999, 1000].map(niceMax)).toEqual([1, 1, 5, 10, 20, 200, 1000, 1000]);
  });
});
