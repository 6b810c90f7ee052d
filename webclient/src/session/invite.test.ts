import { beforeEach, describe, expect, it } from "vitest";
import { rememberInvite } from "./invite";

describe("invite links", () => {
  beforeEach(() => localStorage.clear());

  it("keeps a user id code from ?invite= until sign-in", () => {
    rememberInvite("?invite=u42&x=1");
    expect(localStorage.getItem("inviteCode")).toBe("u42");
  });

  it("ignores anything that is not a user id", () => {
    for (const bad of ["?invite=42", "?invite=u0", "?invite=u42%3Cscript%3E", "?invite=", "?other=u1"]) rememberInvite(bad);
    expect(localStorage.getItem("inviteCode")).toBeNull();
  });
});
