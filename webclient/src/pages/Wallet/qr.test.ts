// @vitest-environment node
// The encoder was also checked end to end by decoding its output with zbarimg (zbar-tools) for
// versions 1, 4, 5, 7, 8, 9 and 10, every mask, and UTF-8 text; these tests pin the parts that
// have published reference values.
import { describe, expect, it } from "vitest";
import { dataCapacity, encodeQr, formatBits, penalty, qrPath, rsRemainder } from "./qr";

describe("Reed-Solomon", () => {
  it("matches the published error correction of the 1-M 'HELLO WORLD' example", () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(rsRemainder(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });
});

describe("format information", () => {
  it("matches the standard's table for level M", () => {
    expect(formatBits(0).toString(2).padStart(15, "0")).toBe("101010000010010");
    expect(formatBits(1).toString(2).padStart(15, "0")).toBe("101000100100101");
    expect(formatBits(7).toString(2).padStart(15, "0")).toBe("100101010100000");
  });
});

describe("encodeQr", () => {
  it("uses the smallest version the content fits", () => {
    expect(dataCapacity(1)).toBe(16);
    expect(dataCapacity(10)).toBe(216);
    expect(encodeQr("x".repeat(14))!.version).toBe(1);
    expect(encodeQr("x".repeat(15))!.version).toBe(2);
    expect(encodeQr("x".repeat(213))!.version).toBe(10);
  });

  it("gives up beyond version 10", () => expect(encodeQr("x".repeat(214))).toBeNull());

  it("draws the three finder patterns and the dark module", () => {
    const m = encodeQr("https://qr.alipay.com/bax03431ljhokirwl38f00a7")!;
    expect(m.size).toBe(m.version * 4 + 17);
    const finderRow = [true, true, true, true, true, true, true];
    for (const [x0, y0] of [[0, 0], [m.size - 7, 0], [0, m.size - 7]] as const) {
      expect(m.modules[y0]!.slice(x0, x0 + 7)).toEqual(finderRow);
      expect(m.modules[y0 + 3]!.slice(x0, x0 + 7)).toEqual([true, false, true, true, true, false, true]);
    }
    expect(m.modules[m.size - 8]![8]).toBe(true);
  });

  it("picks the mask with the lowest penalty", () => {
    const text = "tron:TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW?amount=28.58";
    const best = encodeQr(text)!;
    for (let mask = 0; mask < 8; mask++) expect(penalty(encodeQr(text, mask)!.modules)).toBeGreaterThanOrEqual(penalty(best.modules));
  });

  it("renders one square per dark module inside the quiet zone", () => {
    const m = encodeQr("hi")!;
    const dark = m.modules.flat().filter(Boolean).length;
    expect(qrPath(m).match(/M/g)).toHaveLength(dark);
    expect(qrPath(m, 4).startsWith("M4 4h1v1h-1z")).toBe(true);
  });
});
