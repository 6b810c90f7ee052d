// @vitest-environment node
import { describe, expect, it } from "vitest";
import { LoginMode } from "../../state/ui";
import { ApiError } from "../../api/client";
import { afterFailure, afterSuccess, EMAIL, fieldsOf, linksOf, MOBILE, requestFor, validate, type FormValues } from "./machine";

const values = (p: Partial<FormValues>): FormValues => ({ idType: MOBILE, areaCode: "86", identity: "", password: "", code: "", ...p });

describe("fieldsOf", () => {
  it("asks each mode for what the spec says", () => {
    expect(fieldsOf(LoginMode.Password, MOBILE)).toMatchObject({ code: false, password: true, identity: "mobile", newPassword: false });
    expect(fieldsOf(LoginMode.Password, EMAIL)).toMatchObject({ identity: "account" });
    expect(fieldsOf(LoginMode.Code, EMAIL)).toMatchObject({ code: true, password: false, identity: "email" });
    expect(fieldsOf(LoginMode.Reset, MOBILE)).toMatchObject({ code: true, password: true, newPassword: true });
    expect(fieldsOf(LoginMode.Register, EMAIL)).toMatchObject({ code: true, password: true, identity: "email", newPassword: true });
  });
});

describe("validate", () => {
  const cases: [string, Parameters<typeof validate>[0], Partial<FormValues>, object][] = [
    ["password login needs an identity and a password", LoginMode.Password, {}, { identity: "required", password: "required" }],
    ["password login takes any non-empty password", LoginMode.Password, { identity: "13812345678", password: "x" }, {}],
    ["a username is a valid account", LoginMode.Password, { idType: EMAIL, identity: "fan7", password: "x" }, {}],
    ["mainland mobiles follow 1[3-9] and 11 digits", LoginMode.Code, { identity: "12812345678", code: "1" }, { identity: "mobile" }],
    ["other areas take 5 to 11 digits", LoginMode.Code, { areaCode: "852", identity: "91234567", code: "1" }, {}],
    ["code modes need the code", LoginMode.Code, { identity: "13812345678" }, { code: "required" }],
    ["e-mail must be well formed", LoginMode.Code, { idType: EMAIL, identity: "a@b", code: "1" }, { identity: "email" }],
    ["register checks the password rule", LoginMode.Register, { idType: EMAIL, identity: "a@b.co", code: "1", password: "abcdefgh" }, { password: "password" }],
    ["reset checks the password rule", LoginMode.Reset, { identity: "13812345678", code: "1", password: "1234567" }, { password: "password" }],
    ["a good register form passes", LoginMode.Register, { identity: "13812345678", code: "123456", password: "abcd1234" }, {}],
  ];
  for (const [name, mode, v, want] of cases) it(name, () => expect(validate(mode, values(v))).toEqual(want));
});

describe("requestFor", () => {
  it("password login by mobile sends the area code and type 2", () => {
    expect(requestFor(LoginMode.Password, values({ identity: "13812345678", password: "p" }))).toEqual({
      call: "passwordLogin",
      payload: { mobileOrEmail: "13812345678", areaCode: "86", type: 2, password: "p" },
    });
  });
  it("password login with an e-mail sends mobileOrEmail without an area code", () => {
    expect(requestFor(LoginMode.Password, values({ idType: EMAIL, identity: " a@b.co ", password: "p" }))).toEqual({
      call: "passwordLogin",
      payload: { mobileOrEmail: "a@b.co", areaCode: undefined, type: 1, password: "p" },
    });
  });
  it("register is a code login with type 3", () => {
    const r = requestFor(LoginMode.Register, values({ idType: EMAIL, identity: "a@b.co", code: " 123456 ", password: "abcd1234" }));
    expect(r).toEqual({ call: "codeLogin", payload: { mobileOrEmail: "a@b.co", areaCode: undefined, type: 3, checkCode: "123456", password: "abcd1234" } });
  });
  it("code login carries no password", () => {
    const r = requestFor(LoginMode.Code, values({ identity: "13812345678", code: "123456", password: "left-over" }));
    expect(r.call).toBe("codeLogin");
    expect(r.payload).not.toHaveProperty("password");
  });
  it("reset goes to the reset call", () => {
    expect(requestFor(LoginMode.Reset, values({ identity: "13812345678", code: "1", password: "abcd1234" })).call).toBe("resetPassword");
  });
});

describe("transitions", () => {
  it("a first login continues with the new-user form, others close", () => {
    expect(afterSuccess(LoginMode.Code, { token: "t", newUser: true })).toEqual({ to: "newUser" });
    expect(afterSuccess(LoginMode.Register, { token: "t", newUser: true })).toEqual({ to: "newUser" });
    expect(afterSuccess(LoginMode.Password, { token: "t", newUser: false })).toEqual({ to: "close" });
    expect(afterSuccess(LoginMode.Reset, null)).toEqual({ to: "passwordLogin", notice: "passwordReset" });
  });
  it("errorCode 2010 leads to the bind-e-mail step; anything else shows the server's message", () => {
    expect(afterFailure(new ApiError({ kind: "refused", errorCode: 2010, userMessage: "bind" }), "fb")).toEqual({ to: "bindEmail" });
    expect(afterFailure(new ApiError({ kind: "refused", errorCode: 2001, userMessage: "Wrong" }), "fb")).toEqual({ to: "error", message: "Wrong" });
    expect(afterFailure(new Error("boom"), "fb")).toEqual({ to: "error", message: "fb" });
  });
  it("links lead between the modes", () => {
    expect(linksOf(LoginMode.Password)).toEqual([LoginMode.Code, LoginMode.Reset, LoginMode.Register]);
    expect(linksOf(LoginMode.Code)).toEqual([LoginMode.Password, LoginMode.Register]);
    expect(linksOf(LoginMode.Reset)).toEqual([LoginMode.Password]);
    expect(linksOf(LoginMode.Register)).toEqual([LoginMode.Password]);
  });
});
