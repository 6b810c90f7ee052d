// @vitest-environment node
import { describe, expect, it } from "vitest";
import { checkAvatar, checkEmail, checkMobile, checkPassword, checkSignature, checkUsername } from "./validation";

describe("checkPassword", () => {
  const cases: [string, string | null][] = [
    ["", "required"],
    ["abc1234", "password"],
    ["abcdefgh", "password"],
    ["12345678", "password"],
    ["abcd1234", null],
  ];
  for (const [p, want] of cases) it(`"${p}" -> ${String(want)}`, () => expect(checkPassword(p)).toBe(want));
});

describe("checkMobile", () => {
  it("applies the mainland pattern for area code 86", () => {
    expect(checkMobile("13812345678", "86")).toBeNull();
    expect(checkMobile("12812345678", "86")).toBe("mobile");
  });
  it("accepts other areas' numbers up to 11 digits", () => {
    expect(checkMobile("91234567", "852")).toBeNull();
    expect(checkMobile("", "852")).toBe("required");
  });
});

describe("checkEmail", () => {
  it("requires a well formed address", () => {
    expect(checkEmail("a@b.co")).toBeNull();
    expect(checkEmail("a@b")).toBe("email");
    expect(checkEmail(" ")).toBe("required");
  });
});

describe("checkUsername", () => {
  it("allows letters and digits only", () => {
    expect(checkUsername("fan2026")).toBeNull();
    expect(checkUsername("fan 2026")).toBe("username");
    expect(checkUsername("球迷")).toBe("username");
    expect(checkUsername("")).toBe("required");
  });
});

describe("checkSignature", () => {
  it("allows up to 100 characters, counting code points", () => {
    expect(checkSignature("球".repeat(100))).toBeNull();
    expect(checkSignature("a".repeat(101))).toBe("signatureLength");
  });
});

describe("checkAvatar", () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]);
  const gif = new TextEncoder().encode("GIF89a..");
  it("takes JPG and PNG by content up to 3 MB", () => {
    expect(checkAvatar(1000, png)).toBeNull();
    expect(checkAvatar(3 * 1024 * 1024, jpeg)).toBeNull();
  });
  it("refuses other formats and larger files", () => {
    expect(checkAvatar(1000, gif)).toBe("avatarType");
    expect(checkAvatar(3 * 1024 * 1024 + 1, png)).toBe("avatarSize");
  });
});
