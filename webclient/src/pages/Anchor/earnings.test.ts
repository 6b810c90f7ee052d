// @vitest-environment node
import { describe, expect, it } from "vitest";
import { fillDays } from "./earnings";

const today = new Date(Date.UTC(2026, 10, 22));

describe("earnings views", () => {
  it.each([7, 14, 30] as const)("has one day per bar for the %i-day view, ending today", (days) => {
    const daily = fillDays([], days, today);
    expect(daily).toHaveLength(days);
    expect(daily[days - 1]!.date).toBe("2026-11-22");
  });

  it("keeps the server's figures on their days and fills the others with zero", () => {
    const daily = fillDays([{ date: "2026-11-20", coins: 40, diamonds: 2 }], 7, today);
    expect(daily.map((d) => d.coins)).toEqual([0, 0, 0, 0, 40, 0, 0]);
    expect(daily[0]!.date).toBe("2026-11-16");
  });
});
