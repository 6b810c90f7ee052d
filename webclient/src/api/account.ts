// Account calls (issue 5: sign-in, sessions, profile, security centre, follows). Paths and field
// names follow api/account/README.md (the backend's contract); the contract itself lives in client.ts.
import { sealed } from "./seal";
import { api, type RequestOptions } from "./client";
import type { AccountUser } from "./accountUser";

// Paths and field names follow api/account/README.md (the backend's contract).

/** Identity type of the login form: e-mail (1) or mobile (2) (spec §4); 3 = register. */
export type IdentityType = 1 | 2 | 3;

/** User info as the server sends it: in its own module (accountUser.ts says why). */
export type { AccountUser } from "./accountUser";

/** Answer of every sign-in call (spec §3: uid, token, newUser flag, user object). */
export interface LoginResult {
  uid?: string;
  token?: string;
  newUser?: boolean;
  user?: Partial<AccountUser>;
}

export interface Country {
  countryAbbr: string;
  countryArea: string;
}

export interface SendCodeResult {
  sent?: boolean;
  /** Seconds before another code may go to the same destination. */
  resendAfter?: number;
}

export interface LoginUrlResult {
  url: string;
  state: string;
  verifier: string;
  type: number;
}

export interface ProviderInfo {
  name: string;
  type: number;
}

export interface FollowEntry {
  userId: string;
  name: string;
  avatar?: string;
  level?: number;
  signature?: string;
  /** Unix ms. */
  since?: number;
}

export interface FollowPage {
  list: FollowEntry[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

/** GET /user/userGold (served by the wallet): gold = coins, score = diamonds. */
export interface UserGold {
  gold: number;
  score: number;
  vipLevel?: number;
  vipExpire?: number;
}

interface IdentityPayload {
  /** Mobile number or e-mail address; a username goes in name. */
  mobileOrEmail?: string;
  name?: string;
  areaCode?: string;
  type?: IdentityType;
}

const inline: Pick<RequestOptions, "toast"> = { toast: false };

/** Third-party providers and their type numbers (spec §7 getLoginInfo). */
export const OAUTH_PROVIDERS = [
  { name: "line", type: 5 },
  { name: "google", type: 3 },
  { name: "twitter", type: 6 },
  { name: "apple", type: 4 },
  { name: "facebook", type: 9 },
] as const;

/** WeChat and QQ sign-in (spec §7's legacy calls, same flow as the others); shown only when configured. */
export const CHINA_OAUTH_PROVIDERS = [
  { name: "wechat", type: 7, path: "/login/getPCWXLoginAddress" },
  { name: "qq", type: 8, path: "/login/getPCQQLoginAddress" },
] as const;

export const authApi = {
  countries: () => api.get<Country[]>("/login/loginCountryList", inline),
  /** Password sign-in; the payload is sealed (src/api/seal.ts) where WebCrypto is available. */
  passwordLogin: async (p: IdentityPayload & { password: string }) =>
    api.post<LoginResult>("/login/V2/mobileOrNameToLogin", await sealed(p), inline),
  /** Code login; with type 3 it registers (refused when the account exists). */
  codeLogin: async (
    p: IdentityPayload & { checkCode: string; password?: string; promotionChannelId?: string; channelFromtype?: string },
  ) => api.post<LoginResult>("/login/V2/getLoginByEmailCheckCode", p.password ? await sealed(p) : p, inline),
  sendMobileCode: (p: { areaCode: string; mobileOrEmail: string }) =>
    api.post<SendCodeResult | null>("/login/V2/sendMobilecheckCode", p, inline),
  sendEmailCode: (p: { mobileOrEmail: string }) =>
    api.post<SendCodeResult | null>("/login/V2/sendEmailcheckCode", p, inline),
  /** Forgotten password (modal mode 3): revokes every session of the account. */
  resetPassword: async (p: IdentityPayload & { checkCode: string; password: string }) =>
    api.post<{ changed: boolean }>("/login/modifyPassword", await sealed(p), inline),
  /** First-login step: the new user's username and initial password. */
  completeNewUser: async (p: { uname: string; password: string }) =>
    api.post<AccountUser>("/user/V2/modifyUser", await sealed(p), inline),
  providers: () => api.get<ProviderInfo[]>("/login/V2/providers", inline),
  loginUrl: (type: number, isFrom: string) => {
    // WeChat and QQ start through the spec's own calls (getPCWXLoginAddress, getPCQQLoginAddress).
    const legacy = CHINA_OAUTH_PROVIDERS.find((p) => p.type === type);
    return legacy
      ? api.get<LoginUrlResult>(legacy.path, { query: { isFrom }, toast: false })
      : api.get<LoginUrlResult>("/login/V2/getLoginUrl", { query: { type, isFrom }, toast: false });
  },
  loginInfo: (q: { type: number; code: string; verifier: string; state: string }) =>
    api.get<LoginResult>("/login/V2/getLoginInfo", { query: q, toast: false }),
  /** Finishes a third-party sign-in that answered 2010 (the bind ticket travels in a cookie). */
  bindAccount: (p: { mobileOrEmail: string; checkCode: string; type: number }) =>
    api.post<LoginResult>("/login/bindAccount", p, inline),
  logout: () => api.post<null>("/login/logout", undefined, inline),
};

/** What POST /user/uploadAvatar accepts (api/account AvatarRules). */
export interface AvatarRules {
  maxBytes: number;
  size: number;
  maxSide: number;
  maxPixels: number;
  types: string[];
}

export const userApi = {
  /** Own info without userId; another user's public profile with it. */
  info: (userId?: string, opts?: RequestOptions) =>
    api.get<AccountUser>("/user/info", { ...opts, query: { userId } }),
  modifyUser: (p: { username?: string; signature?: string }) => api.post<AccountUser>("/user/modifyUser", p, inline),
  uploadAvatar: (file: Blob, fileName: string) => {
    const form = new FormData();
    form.append("file", file, fileName);
    return api.post<{ avatar: string }>("/user/uploadAvatar", form, inline);
  },
  /** The upload's limits (GET /user/avatarRules): the cropper of /caijian checks a picture with them. */
  avatarRules: () => api.get<AvatarRules>("/user/avatarRules", { toast: false }),
  /** Security centre: new password, proven by a code sent to the account's own phone or e-mail. */
  changePassword: async (p: IdentityPayload & { checkCode: string; password: string }) =>
    api.post<{ changed: boolean }>("/user/V2/mobileOrNameToChangePass", await sealed(p), inline),
  /** Security centre: bind or change the phone (type 2) or e-mail (type 1), code sent to the new one. */
  changeContact: (p: { type: 1 | 2; mobileOrEmail: string; areaCode?: string; checkCode: string }) =>
    api.post<AccountUser>("/user/V2/mobileOrNameToChange", p, inline),
  follow: (userId: string, follow: boolean) =>
    api.get<{ following: boolean; fans: number }>("/user/followUser", { query: { userId, type: follow ? 1 : 2 } }),
  hasFollow: (userId: string) => api.get<{ following: boolean }>("/user/hasFollowUser", { query: { userId } }),
  /** type 1 = following, 2 = followers; pageIndex from 1. */
  followList: (p: { type: 1 | 2; pageIndex: number; pageSize?: number; userId?: string }) =>
    api.get<FollowPage>("/user/getFollowOrFansH5", { query: p }),
  gold: () => api.get<UserGold>("/user/userGold", inline),
};
