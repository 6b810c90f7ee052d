import { describe, expect, it } from "vitest";
import { normalizeTag } from "./customTag";

describe("custom tag rule (same as the server's)", () => {
  it.each([
    ["Analysis", "Analysis"],
    ["  Talk   show ", "Talk show"],
    ["#Q&A", "Q&A"],
    ["战术分析", "战术分析"],
    ["วิเคราะห์", "วิเคราะห์"],
    ["", ""],
    ["#", ""],
    ["abcdefghijabcdefghij", "abcdefghijabcdefghij"],
  ])("accepts %j as %j", (raw, want) => expect(normalizeTag(raw)).toBe(want));

  it.each(["x", "abcdefghijabcdefghijk", "talk/show", "hello!", "fun 🎉", "a#b"])("refuses %j", (raw) => expect(normalizeTag(raw)).toBeNull());
});
