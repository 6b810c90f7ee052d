import { describe, expect, it } from "vitest";
import { FIRST_ROWS, firstRows } from "./MatchList";

describe("firstRows", () => {
  it("fills a phone's screen and virtuoso's margin with its shortest rows, fewer than a wide screen", () => {
    expect(firstRows(823, 412)).toBe(16); // (823 + 400) / 80
    expect(firstRows(900, 1280)).toBe(FIRST_ROWS);
    expect(firstRows(2000, 2560)).toBe(FIRST_ROWS);
    expect(firstRows(300, 360)).toBe(9);
  });
});
