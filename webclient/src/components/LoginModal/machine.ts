// The login modal's state machine (spec §2, §4, §5), free of React so it can be tested alone:
// what each mode asks for, how the input is checked, which call it makes with which payload,
// and where the modal goes after the answer.
import { LoginMode } from "../../state/ui";
import type { IdentityType, LoginResult } from "../../api/account";
import { ApiError } from "../../api/client";
import { checkEmail, checkMobile, checkPassword, checkRequired, type InvalidKey } from "./validation";
import { BIND_EMAIL_CODE } from "../../session/oauth";

/** The modes of the login/register form (the new-user and bind steps have their own forms). */
export type FormMode = typeof LoginMode.Password | typeof LoginMode.Code | typeof LoginMode.Reset | typeof LoginMode.Register;

export const MOBILE: IdentityType = 2;
export const EMAIL: IdentityType = 1;

export interface FormValues {
  idType: IdentityType;
  areaCode: string;
  identity: string;
  password: string;
  code: string;
}

export type Field = "identity" | "password" | "code";
export type Invalid = Partial<Record<Field, InvalidKey>>;

/** What a mode asks for. Password login on the e-mail side also takes a username. */
export function fieldsOf(mode: FormMode, idType: IdentityType) {
  return {
    code: mode !== LoginMode.Password,
    password: mode !== LoginMode.Code,
    /** The identity box: mobile (with area code), e-mail, or any account name. */
    identity: idType === MOBILE ? "mobile" : mode === LoginMode.Password ? "account" : "email",
    /** A new password is checked against the rules; a login password only for presence. */
    newPassword: mode === LoginMode.Reset || mode === LoginMode.Register,
  } as const;
}

/** Checks the identity field alone (also before sending a code). */
export function checkIdentity(mode: FormMode, v: Pick<FormValues, "idType" | "areaCode" | "identity">): InvalidKey | null {
  const kind = fieldsOf(mode, v.idType).identity;
  if (kind === "mobile") return checkMobile(v.identity, v.areaCode);
  if (kind === "email") return checkEmail(v.identity);
  return checkRequired(v.identity);
}

/** Client-side checks of spec §5; the server is the authority and its message wins. */
export function validate(mode: FormMode, v: FormValues): Invalid {
  const f = fieldsOf(mode, v.idType);
  const out: Invalid = {};
  const id = checkIdentity(mode, v);
  if (id) out.identity = id;
  if (f.password) {
    const p = f.newPassword ? checkPassword(v.password) : checkRequired(v.password);
    if (p) out.password = p;
  }
  if (f.code && !v.code.trim()) out.code = "required";
  return out;
}

export type Call =
  | { call: "passwordLogin"; payload: { mobileOrEmail?: string; name?: string; areaCode?: string; type?: IdentityType; password: string } }
  | { call: "codeLogin"; payload: { mobileOrEmail: string; areaCode?: string; type: IdentityType; checkCode: string; password?: string } }
  | { call: "resetPassword"; payload: { mobileOrEmail: string; areaCode?: string; type: IdentityType; checkCode: string; password: string } };

/** The request a valid form makes. */
export function requestFor(mode: FormMode, v: FormValues): Call {
  const identity = v.identity.trim();
  const mobile = v.idType === MOBILE;
  const id = { mobileOrEmail: identity, areaCode: mobile ? v.areaCode : undefined, type: v.idType };
  switch (mode) {
    case LoginMode.Password:
      // The account box takes a mobile, an e-mail or a username; a username goes in `name`.
      if (!mobile && !identity.includes("@")) return { call: "passwordLogin", payload: { name: identity, password: v.password } };
      return { call: "passwordLogin", payload: { ...id, password: v.password } };
    case LoginMode.Code:
      return { call: "codeLogin", payload: { ...id, checkCode: v.code.trim() } };
    case LoginMode.Register:
      return { call: "codeLogin", payload: { ...id, type: 3, checkCode: v.code.trim(), password: v.password } };
    case LoginMode.Reset:
      return { call: "resetPassword", payload: { ...id, checkCode: v.code.trim(), password: v.password } };
  }
}

export type Next =
  | { to: "close" }
  | { to: "newUser" }
  /** Reset done: back to password login, with a notice. */
  | { to: "passwordLogin"; notice: "passwordReset" };

/** Where the modal goes after a successful answer. */
export function afterSuccess(mode: FormMode, res: LoginResult | null | undefined): Next {
  if (mode === LoginMode.Reset) return { to: "passwordLogin", notice: "passwordReset" };
  if (res?.newUser) return { to: "newUser" };
  return { to: "close" };
}

export type Failure = { to: "bindEmail" } | { to: "error"; message: string };

/** A refused call: the bind-e-mail step on 2010, otherwise the server's message inline. */
export function afterFailure(err: unknown, fallback: string): Failure {
  if (err instanceof ApiError && err.errorCode === BIND_EMAIL_CODE) return { to: "bindEmail" };
  const message = err instanceof ApiError && err.userMessage ? err.userMessage : fallback;
  return { to: "error", message };
}

/** The links under the form, per mode. */
export function linksOf(mode: FormMode): FormMode[] {
  switch (mode) {
    case LoginMode.Password:
      return [LoginMode.Code, LoginMode.Reset, LoginMode.Register];
    case LoginMode.Code:
      return [LoginMode.Password, LoginMode.Register];
    case LoginMode.Reset:
    case LoginMode.Register:
      return [LoginMode.Password];
  }
}
