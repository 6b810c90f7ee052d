// @vitest-environment node
import { describe, expect, it } from "vitest";
import { checkCustomAmount, formatMoney, MAX_CUSTOM_TOPUP, presetLabel, sanitizeAmountInput } from "./amount";

describe("checkCustomAmount (spec §5: custom diamond top-up 1..99999)", () => {
  const cases: [string, string, ReturnType<typeof checkCustomAmount>][] = [
    ["accepts the smallest top-up", "1", { ok: true, value: 1 }],
    ["accepts the maximum", "99999", { ok: true, value: 99999 }],
    ["accepts surrounding spaces", " 250 ", { ok: true, value: 250 }],
    ["accepts leading zeros", "000042", { ok: true, value: 42 }],
    ["refuses one past the maximum as out of range", "100000", { ok: false, reason: "outOfRange" }],
    ["refuses zero as out of range", "0", { ok: false, reason: "outOfRange" }],
    ["refuses a huge number without losing precision", "99999000000000000000001", { ok: false, reason: "outOfRange" }],
    ["refuses decimals", "12.5", { ok: false, reason: "notInteger" }],
    ["refuses a sign", "-5", { ok: false, reason: "notInteger" }],
    ["refuses exponent notation", "1e4", { ok: false, reason: "notInteger" }],
    ["reports empty input", "   ", { ok: false, reason: "empty" }],
  ];
  for (const [name, input, want] of cases) {
    it(name, () => expect(checkCustomAmount(input)).toEqual(want));
  }

  it("uses the server's range when it sends one", () => {
    expect(checkCustomAmount("500", 1, 400)).toEqual({ ok: false, reason: "outOfRange" });
    expect(checkCustomAmount("400", 1, 400)).toEqual({ ok: true, value: 400 });
  });

  it("has the spec's maximum", () => expect(MAX_CUSTOM_TOPUP).toBe(99999));
});

describe("sanitizeAmountInput", () => {
  it("keeps digits only", () => expect(sanitizeAmountInput("1,2a3 4")).toBe("1234"));
  it("keeps one digit past the maximum's length so the range message can show", () => {
    expect(sanitizeAmountInput("1234567890")).toBe("123456");
    expect(checkCustomAmount(sanitizeAmountInput("1234567890"))).toEqual({ ok: false, reason: "outOfRange" });
  });
});

describe("presetLabel", () => {
  it("shows the server's level label", () => expect(presetLabel({ label: "LV3", level: 3 })).toBe("LV3"));
  it("falls back to the level", () => expect(presetLabel({ label: "", level: 5 })).toBe("LV5"));
});

describe("formatMoney", () => {
  it("formats yuan", () => expect(formatMoney("200.00", "CNY", "en-US")).toBe("CN¥200.00"));
  it("formats dollars with cents", () => expect(formatMoney("28.58", "USD", "en-US")).toBe("$28.58"));
  it("keeps a currency Intl does not know", () => expect(formatMoney("3", "XXXX", "en-US")).toBe("3.00 XXXX"));
});
