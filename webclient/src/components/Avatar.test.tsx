import { describe, expect, it } from "vitest";
import { avatarSrc } from "./Avatar";

// An uploaded avatar is fetched at the smallest side the server makes (48 or 96 px) that is at
// least twice the drawn size; the first HTML's shell writes the same address (api/siteshelldata.go).
describe("avatarSrc", () => {
  it("asks for the smallest side at least twice the size", () => {
    expect(avatarSrc("/java/user/avatar/u41-ab.png", 22)).toBe("/java/user/avatar/u41-ab.png?s=48");
    expect(avatarSrc("/java/user/avatar/u41-ab.png", 24)).toBe("/java/user/avatar/u41-ab.png?s=48");
    expect(avatarSrc("/java/user/avatar/u41-ab.jpg", 25)).toBe("/java/user/avatar/u41-ab.jpg?s=96");
    expect(avatarSrc("/java/user/avatar/u41-ab.jpg", 48)).toBe("/java/user/avatar/u41-ab.jpg?s=96");
  });
  it("keeps the stored picture for large sizes and other addresses", () => {
    expect(avatarSrc("/java/user/avatar/u41-ab.png", 64)).toBe("/java/user/avatar/u41-ab.png");
    expect(avatarSrc("https://cdn.example.com/a.png", 22)).toBe("https://cdn.example.com/a.png");
    expect(avatarSrc("/java/user/avatar/u41-ab.png?s=96", 22)).toBe("/java/user/avatar/u41-ab.png?s=96");
  });
});
