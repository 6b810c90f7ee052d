// @vitest-environment node
import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff";

const cfg = { baseMs: 500, capMs: 15_000 };

describe("backoffDelay", () => {
  it("doubles the ceiling per attempt", () => {
    expect([1, 2, 3, 4].map((a) => backoffDelay(a, () => 1, cfg))).toEqual([500, 1000, 2000, 4000]);
  });
  it("never exceeds the cap, even after many attempts", () => {
    expect(backoffDelay(50, () => 1, cfg)).toBe(15_000);
  });
  it("jitters between half the ceiling and the ceiling", () => {
    expect(backoffDelay(3, () => 0, cfg)).toBe(1000);
    expect(backoffDelay(3, () => 0.5, cfg)).toBe(1500);
  });
});
