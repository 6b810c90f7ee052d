import { describe, expect, it, vi } from "vitest";
import { RELOAD_GUARD_MS, reloadOnce } from "./reloadGuard";

describe("reloadOnce (lazy chunk failures, spec §8)", () => {
  it("reloads at most once per guard window", () => {
    sessionStorage.clear();
    const reload = vi.fn();
    expect(reloadOnce(1_000_000, sessionStorage, reload)).toBe(true);
    expect(reloadOnce(1_000_000 + RELOAD_GUARD_MS - 1, sessionStorage, reload)).toBe(false);
    expect(reloadOnce(1_000_000 + RELOAD_GUARD_MS, sessionStorage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
