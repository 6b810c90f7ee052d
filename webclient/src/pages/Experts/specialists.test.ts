// @vitest-environment node
import { describe, expect, it } from "vitest";
import { specialistGames } from "./Specialists";

describe("specialistGames", () => {
  it("orders the experts' games by how many experts chose them, then by game id", () => {
    expect(specialistGames([{ games: [3, 1] }, { games: [1] }, { games: [2, 3] }, { games: [] }])).toEqual([1, 3, 2]);
  });
  it("is empty without experts", () => {
    expect(specialistGames([])).toEqual([]);
  });
});

describe("formatCoins", () => {
  it("formats in every locale, including the codes that are not BCP 47 tags", async () => {
    const { formatCoins } = await import("../../features/experts/parts");
    expect(formatCoins(12345, "thai")).toBe("12,345");
    expect(formatCoins(12345, "de")).toBe("12.345");
    expect(formatCoins(12345, "jp")).toBe("12,345");
  });
});

describe("plan links in chat", () => {
  it("round-trips a plan message into its words and the plan's address", async () => {
    const { planMessage, splitPlanLinks } = await import("../../features/experts/PlanLinker");
    const msg = planMessage({ id: "28", title: "Home side press late" });
    expect(splitPlanLinks(msg)).toEqual([{ text: "Home side press late " }, { text: "/expert/plan/28", plan: "/expert/plan/28" }]);
    expect(splitPlanLinks("no link here")).toEqual([{ text: "no link here" }]);
    expect(splitPlanLinks("/expert/plan/x is not a plan")).toEqual([{ text: "/expert/plan/x is not a plan" }]);
  });
});
