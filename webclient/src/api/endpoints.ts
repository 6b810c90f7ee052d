// Typed wrappers for the calls the shell makes (spec §7). They only name paths and
// payloads; the contract itself lives in client.ts.
import { sealed } from "./seal";
import { api, type RequestOptions } from "./client";

// ---- account (issue 5: sign-in, sessions, profile, security centre, follows) ----------------
// Paths and field names follow api/account/README.md (the backend's contract).

/** Identity type of the login form: e-mail (1) or mobile (2) (spec §4); 3 = register. */
export type IdentityType = 1 | 2 | 3;

/** User info as the server sends it (own info carries the private fields too). */
export interface AccountUser {
  userId: string;
  uid: string;
  name: string;
  username?: string;
  avatar?: string;
  signature?: string;
  level?: number;
  experience?: number;
  /** Total experience the next level needs; 0 at the top level. */
  nextLevelExperience?: number;
  /** 0 none, 1 VIP, 2 SVIP. */
  member?: number;
  roles?: string[];
  follows?: number;
  fans?: number;
  /** The viewer follows this user. */
  following?: boolean;
  muted?: boolean;
  /** The fields below are filled (own info, or an administrator's view). */
  private?: boolean;
  areaCode?: string;
  /** "+<area><number>". */
  phone?: string;
  email?: string;
  coin?: number;
  diamond?: number;
  vipExpire?: number;
  svipExpire?: number;
  hasPassword?: boolean;
  newUser?: boolean;
  createdAt?: number;
}

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
// ---- end account -----------------------------------------------------------------------------

export interface GatewaysResult {
  gateways?: string[];
}

export const systemApi = {
  /** WebSocket gateway URLs a client may use (docs/protocol.md). */
  gateways: (opts?: RequestOptions) => api.get<GatewaysResult>("/system/gateways", opts),
  /** The live check of /jiami: a payload sealed with this session's key, opened by the server. */
  sealCheck: (body: { sealed: string } | { challenge: string }) => api.post<SealCheckResult>("/system/sealCheck", body, { toast: false }),
};

/** POST /system/sealCheck's answer: the challenge the server read out of the sealed payload. */
export interface SealCheckResult {
  ok: boolean;
  challenge: string;
  keyId: string;
  alg: string;
  signedIn: boolean;
}

// ---- wallet (issue 6: recharge, memberships, details, gift leaderboards) ---------------------
// Paths and field names follow api/wallet/routes.go (the backend's contract). Amounts of coins
// and diamonds are whole numbers; money is a decimal string in the payment currency.

/** What a recharge buys. */
export type WalletProduct = "coin" | "diamond";

/** One top-up option of /orderpay/gold/list or /orderpay/score/list (spec §9 presets). */
export interface RechargePreset {
  id: number;
  /** Price in yuan. */
  money: number;
  /** Coins or diamonds received. */
  amount: number;
  level: number;
  /** "LV1".."LV5". */
  label: string;
}

export interface RechargePresets {
  list: RechargePreset[];
  /** Units per yuan. */
  rate: number;
  /** Diamonds only: the custom amount's range (spec §5: at most 99999). */
  custom?: { min: number; max: number };
}

/** A payment method of /orderpay/getPayType. */
export interface PayMethod {
  /** The provider name, sent back as payType: alipay, card, paypal, usdt, dev. */
  type: string;
  /** CNY or USD (card, PayPal and USDT settle in USD, spec §9). */
  currency: string;
  /** The checkout is a QR code to scan rather than a page to open. */
  qr: boolean;
}

export interface PayMethods {
  list: PayMethod[];
  usdRate: number;
}

/** /orderpay/getPayMoney: the price of a top-up in the method's currency. */
export interface RechargeQuote {
  product: WalletProduct;
  quantity: number;
  cnyFen: number;
  currency: string;
  amountMinor: number;
  /** The price as a decimal, "1.43". */
  amount: string;
}

export type OrderState = "created" | "pending" | "paid" | "failed" | "expired" | "refunded";

/** A recharge order (payByAlipay, /orderpay/order/{no}, and each payWs event). */
export interface RechargeOrder {
  orderNo: string;
  product: WalletProduct;
  quantity: number;
  /** Price in yuan, decimal. */
  money: string;
  payType: string;
  currency: string;
  /** Price in the payment currency, decimal. */
  amount: string;
  state: OrderState;
  payUrl?: string;
  qrCode?: string;
  /** The Server-Sent Events stream of this order ("/java/orderpay/events?order=..."). */
  eventsUrl?: string;
  createdAt: number;
  expiresAt: number;
  paidAt: number;
}

export interface RechargeRequest {
  product: WalletProduct;
  /** Preset 1..5, or 0 for a custom diamond amount. */
  id: number;
  amount?: number;
  payType: string;
  /** Retry key: the same key returns the same order. */
  clientKey: string;
}

/** Membership tiers: 0 none, 1 VIP, 2 SVIP. */
export type MemberTier = 0 | 1 | 2;

/** One membership offer of /orderpay/vip/list; prices in coins. */
export interface VipPackage {
  tier: 1 | 2;
  name: string;
  months: number;
  days: number;
  coins: number;
}

export interface VipPackages {
  list: VipPackage[];
  vipMonthly: number;
  svipMonthly: number;
  monthDays: number;
}

/** What a purchase does, as the server computes it (/orderpay/getVipAmount). */
export interface MembershipQuote {
  action: "purchase" | "extend" | "upgrade";
  tier: 1 | 2;
  months: number;
  /** Remaining VIP days upgraded to SVIP (the difference is paid for them). */
  upgradeDays: number;
  /** Total price in coins. */
  coins: number;
  /** Expiry after the purchase, Unix ms. */
  expiresAt: number;
}

export interface MembershipRecord extends MembershipQuote {
  id: number;
  createdAt: number;
}

export interface MembershipPurchase extends MembershipRecord {
  replayed: boolean;
  /** Coin balance after the purchase. */
  gold: number;
}

/** /user/userGold as the wallet serves it: gold = coins, score = diamonds. */
export interface WalletBalance {
  gold: number;
  score: number;
  earnedGold?: number;
  earnedScore?: number;
  vipLevel: MemberTier;
  /** Unix ms; 0 when not a member. */
  vipExpire: number;
}

export interface WalletPage<T> {
  list: T[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

/** One movement of a wallet (spec §3 transaction detail: type, amount, time). */
export interface WalletDetail {
  id: number;
  /** recharge, gift, membership, welcome, refund, shop, plan, adjustment. */
  type: string;
  /** Signed: negative is money out. */
  amount: number;
  balance: number;
  reference: string;
  /** Unix ms. */
  time: number;
}

export type LeaderboardPeriod = "day" | "week" | "all";

export interface GiftRank {
  rank: number;
  userId: number;
  /** The coin value of what the user gave. */
  score: number;
}

export interface GiftLeaderboardResult {
  room: string;
  type: LeaderboardPeriod;
  list: GiftRank[];
}

const quiet: Pick<RequestOptions, "toast"> = { toast: false };

export const walletApi = {
  presets: (p: WalletProduct) => api.get<RechargePresets>(p === "coin" ? "/orderpay/gold/list" : "/orderpay/score/list", quiet),
  payMethods: () => api.get<PayMethods>("/orderpay/getPayType", quiet),
  quote: (q: { product: WalletProduct; id: number; amount?: number; payType: string }, signal?: AbortSignal) =>
    api.get<RechargeQuote>("/orderpay/getPayMoney", { query: q, toast: false, signal }),
  /** Opens a recharge order with any method (the name is the spec's). */
  /** The payment details are sealed (src/api/seal.ts) where WebCrypto is available. */
  createOrder: async (p: RechargeRequest) => api.post<RechargeOrder>("/orderpay/payByAlipay", await sealed(p), quiet),
  order: (orderNo: string) => api.get<RechargeOrder>(`/orderpay/order/${encodeURIComponent(orderNo)}`, quiet),
  vipPackages: () => api.get<VipPackages>("/orderpay/vip/list", quiet),
  vipQuote: (q: { tier: 1 | 2; months: number }, signal?: AbortSignal) =>
    api.get<MembershipQuote>("/orderpay/getVipAmount", { query: q, toast: false, signal }),
  buyVip: (p: { tier: 1 | 2; months: number; clientKey: string }) =>
    api.post<MembershipPurchase>("/orderpay/vip/pay", p, quiet),
  vipRecords: (pageIndex: number, pageSize = 20) =>
    api.get<WalletPage<MembershipRecord>>("/user/getVipOpenRecord", { query: { pageIndex, pageSize }, toast: false }),
  balance: () => api.get<WalletBalance>("/user/userGold", quiet),
  /** Coin (gold) or diamond (score) movements, newest first. */
  details: (currency: WalletProduct, pageIndex: number, pageSize = 20) =>
    api.get<WalletPage<WalletDetail>>(currency === "coin" ? "/user/getGoldOpenRecord" : "/user/getScoreOpenRecord", {
      query: { pageIndex, pageSize },
      toast: false,
    }),
  leaderboard: (room: string, period: LeaderboardPeriod, size = 20) =>
    api.get<GiftLeaderboardResult>(`/gift/leaderboard/${period}`, { query: { room, size }, toast: false }),
};

/** The payWs stream of an order (spec §3), as served by the wallet: Server-Sent Events, event "order". */
export function orderEventsUrl(order: Pick<RechargeOrder, "orderNo" | "eventsUrl">): string {
  return order.eventsUrl || `/java/orderpay/events?order=${encodeURIComponent(order.orderNo)}`;
}
// ---- end wallet ------------------------------------------------------------------------------

// ---- matches (issue 7: live scores, schedules, results, data library) -----------------------
// Paths and field names follow api/matches (the backend's contract: module.go, views.go,
// lists.go, detail.go, library.go, attention.go). Times are Unix ms unless named otherwise.

/** Match states of spec §4, as numbers on the wire (feed.Status; never renumbered). */
export const MatchStatus = {
  NotStarted: 0,
  Live: 1,
  Halftime: 2,
  Overtime: 3,
  Penalties: 4,
  Finished: 5,
  Postponed: 6,
  Cancelled: 7,
  Announced: 8,
} as const;
export type MatchStatus = (typeof MatchStatus)[keyof typeof MatchStatus];

/** One game of the catalogue (spec §3). */
export interface GameInfo {
  id: number;
  name: string;
  abbr: string;
  logo: string;
  backgroundImage: string;
  kind: "sport" | "esport" | string;
  group: string;
  provisional?: boolean;
  simulated?: boolean;
  /** How the game is played (feed.Family: football, basketball, moba, tactical...). */
  family?: string;
}

export interface GameGroupInfo {
  id: string;
  games: number[];
}

export interface GameCatalogue {
  games: GameInfo[];
  groups: GameGroupInfo[];
}

/** A game clock: s seconds at unix ms `at`; r running; d counts down (basketball). */
export interface MatchClock {
  s: number;
  r: boolean;
  d?: boolean;
  at: number;
}

/** The three markets (spec §2 odds: European, handicap, size/over-under). */
export interface MatchOdds {
  company: string;
  home: number;
  draw: number;
  away: number;
  hcLine: number;
  hcHome: number;
  hcAway: number;
  ouLine: number;
  ouOver: number;
  ouUnder: number;
  suspended?: boolean;
}

export type Reservation = "" | "bookable" | "booked";

/** A match in a list and the head of the detail page (api/matches Item). */
export interface MatchItem {
  id: string;
  gameId: number;
  gameName: string;
  leagueId: string;
  leagueName: string;
  seasonId: string;
  roundId: string;
  homeId: string;
  homeName: string;
  homeLogo: string;
  awayId: string;
  awayName: string;
  awayLogo: string;
  startTime: number;
  status: number;
  statusName: string;
  homeScore: number;
  awayScore: number;
  period: number;
  periodName: string;
  clock: MatchClock;
  /** Per-period scores: halves, quarters, sets, innings, maps. */
  periods: [number, number][];
  bestOf?: number;
  venue?: string;
  odds?: MatchOdds;
  detail?: Record<string, unknown>;
  stats?: Record<string, [number, number]>;
  updated: number;
  /** "simulator" for demo data: never shown as real. */
  source: string;
  reservation?: Reservation;
  /** WebSocket topic with this match's deltas (match:<id>). */
  topic: string;
}

export interface MatchPage {
  list: MatchItem[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

export interface DayCount {
  /** yyyy-mm-dd in the caller's time zone. */
  date: string;
  /** 0 Sunday. */
  weekday: number;
  count: number;
}

export interface SevenDays extends MatchPage {
  days: DayCount[];
}

/** Filters every list call accepts (api/matches listQuery). */
export interface MatchQuery {
  gameId?: number;
  gameIds?: number[];
  group?: string;
  leagueId?: string;
  /** yyyy-mm-dd in the caller's time zone. */
  date?: string;
  /** Offset from today (-1 yesterday). */
  day?: number;
  /** hot, live, time, today, yesterday, tomorrow. */
  tab?: string;
  status?: number[];
  /** Minutes east of UTC. */
  tzOffset?: number;
  pageIndex?: number;
  pageSize?: number;
  limit?: number;
}

export interface SeriesCount {
  gameId: number;
  live: number;
  today: number;
  upcoming: number;
  results: number;
}

export interface LeagueInfo {
  id: string;
  gameId: number;
  name: string;
  shortName: string;
  logo: string;
  country: string;
  /** ISO 3166 code of the country, when known. */
  countryCode?: string;
  /** league, cup, series. */
  kind: string;
  tier: number;
  source: string;
}

export interface LeagueCount extends LeagueInfo {
  live: number;
  upcoming: number;
  total: number;
}

export interface FormWindow {
  window: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  for: number;
  against: number;
  winRate: number;
  avgFor: number;
  avgAgainst: number;
  /** Newest first: W, D, L. */
  results: string;
}

export interface TeamForm {
  teamId: string;
  windows: FormWindow[];
  matches: MatchItem[];
}

export interface StatRow {
  key: string;
  home: number;
  away: number;
}

export interface TextLine {
  seq: number;
  at: number;
  minute: string;
  type: string;
  /** 0 home, 1 away, -1 neither. */
  team: number;
  text: string;
  /** The player named in the incident. */
  name?: string;
  period?: number;
  /** Game time in seconds (from the start of the match, or of the map). */
  secs?: number;
  /** The place on the pitch or map, 0..100 each (absent: no place; frames in feed/place.go). */
  x?: number;
  y?: number;
}

export interface LogEntry {
  seq: number;
  at: number;
  kind: string;
  status?: string;
  period?: { i: number; n: string };
  score?: { h: number; a: number; ps?: [number, number][] };
  incident?: { type: string; team: number; player?: string; name?: string; minute?: string; period?: number; text?: string };
}

export interface StandingRow {
  seasonId: string;
  stageId: string;
  group: string;
  teamId: string;
  position: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  for: number;
  against: number;
  points: number;
  /** Newest last. */
  form: string;
  teamName: string;
  teamLogo: string;
}

export interface LineupPlayer {
  playerId: string;
  name: string;
  shirt: number;
  position: string;
  starter: boolean;
  captain?: boolean;
}

export interface Lineup {
  teamId: string;
  formation?: string;
  coach?: string;
  players: LineupPlayer[];
}

export interface Injury {
  teamId: string;
  playerId: string;
  name: string;
  kind: string;
  status: string;
}

export interface PlayerLine {
  match: string;
  playerId: string;
  name: string;
  position: string;
  team: number;
  values: Record<string, number>;
  recentMatches: number;
  recentAverages: Record<string, number>;
}

export interface OddsPoint {
  seq: number;
  /** RFC 3339. */
  at: string;
  odds: MatchOdds;
}

export interface TrendPoint {
  at: number;
  /** The bookmaker quoting these prices. */
  company?: string;
  home: number;
  draw?: number;
  away: number;
  hcLine: number;
  ouLine: number;
}

/** The match page (GET /{game}/{matchId}); a tab is absent when ?tab= asked for another. */
export interface MatchDetail {
  match: MatchItem;
  overview?: { keyEvents: TextLine[]; stats: StatRow[]; odds?: MatchOdds };
  data?: { seasonId: string; standings: StandingRow[] };
  recent?: { home: TeamForm; away: TeamForm };
  headToHead?: TeamForm;
  lineups?: { home: Lineup | null; away: Lineup | null; injuries: Injury[] };
  gameLog?: LogEntry[];
  technicalStats?: StatRow[];
  playerStats?: PlayerLine[];
  odds?: { current: MatchOdds | null; history: OddsPoint[] };
  trends?: { odds: TrendPoint[]; score: { at: number; home: number; away: number }[]; form: [string, string] };
  /** Newest first. */
  textLive?: TextLine[];
  windows: { teams: number[]; players: number };
}

export type DetailTab =
  | "overview" | "data" | "recent" | "headToHead" | "lineups" | "gameLog" | "technicalStats"
  | "playerStats" | "odds" | "trends" | "textLive";

export interface AttentionResult {
  matchId: string;
  reserved: boolean;
  reservation: Reservation;
}

/** A reservation (Favourites) with its spec §4 state. */
export interface Booking {
  match: MatchItem;
  state: "booked" | "inProgress" | "finished" | "cancelled";
  notified: boolean;
  createdAt: number;
}

export interface TeamInfo {
  id: string;
  gameId: number;
  name: string;
  fullName: string;
  shortName: string;
  logo: string;
  country: string;
  /** ISO 3166 code of the country, when known. */
  countryCode?: string;
  headCoach: string;
  assistantCoach: string;
  /** RFC 3339. */
  founded: string;
  worldRanking: number;
  /** US dollars. */
  prizeMoney: number;
  averageAge: number;
  rating: number;
  source: string;
}

export interface PlayerInfo {
  id: string;
  gameId: number;
  teamId: string;
  name: string;
  fullName: string;
  nationality: string;
  /** ISO 3166 code of the nationality, when known. */
  nationalityCode?: string;
  position: string;
  shirt: number;
  /** RFC 3339. */
  birth: string;
  powerValue: number;
  kda: number;
  photo: string;
  source: string;
}

export interface Transfer {
  playerId: string;
  fromTeamId: string;
  toTeamId: string;
  /** Names, when the server sends them. */
  playerName?: string;
  fromTeamName?: string;
  toTeamName?: string;
  /** RFC 3339. */
  date: string;
  /** US dollars; 0 free or undisclosed. */
  fee: number;
  kind: string;
}

export interface Honour {
  ownerKind: string;
  ownerId: string;
  leagueId: string;
  title: string;
  season: string;
  year: number;
}

export interface SeasonInfo {
  id: string;
  leagueId: string;
  name: string;
  start: string;
  end: string;
  current: boolean;
}

export interface StageInfo {
  id: string;
  seasonId: string;
  name: string;
  kind: string;
  order: number;
}

export interface LeaguePageData {
  league: LeagueInfo;
  seasons: SeasonInfo[];
  stages: StageInfo[];
  standings: StandingRow[];
  advancement: { kind: "bracket" | "table"; rounds?: { id: string; name: string; matches: MatchItem[] }[] };
  results: MatchItem[];
  schedule: MatchItem[];
  transfers: Transfer[];
  honours: Honour[];
}

export interface TeamPageData {
  team: TeamInfo;
  squad: PlayerInfo[];
  form: TeamForm;
  upcoming: MatchItem[];
  transfers: Transfer[];
  honours: Honour[];
}

export interface PlayerStatRow {
  match: string;
  playerId: string;
  name: string;
  position: string;
  team: number;
  values: Record<string, number>;
}

export interface PlayerPageData {
  player: PlayerInfo;
  team?: TeamInfo;
  /** Last `window` matches, newest first. */
  recent: PlayerStatRow[];
  averages: Record<string, number>;
  window: number;
  transfers: Transfer[];
  honours: Honour[];
}

// Pages show these errors inline (error state in place of the list), so no toasts.
const inlineErr: Pick<RequestOptions, "toast"> = { toast: false };
const asQuery = (q: MatchQuery): RequestOptions["query"] => ({
  ...q,
  gameIds: q.gameIds?.join(","),
  status: undefined,
});

export const matchesApi = {
  catalogue: (opts?: RequestOptions) => api.get<GameCatalogue>("/game/v3/getPCGameSource", { ...inlineErr, ...opts }),
  live: (q: MatchQuery = {}, signal?: AbortSignal) =>
    api.get<MatchPage>("/v2/match/getPCLiveGameMatch", { query: asQuery(q), toast: false, signal }),
  past: (q: MatchQuery = {}, signal?: AbortSignal) =>
    api.post<MatchPage>("/v2/match/getPCPastGameMatch", q, { toast: false, signal }),
  upcoming: (q: MatchQuery = {}, signal?: AbortSignal) =>
    api.post<MatchPage>("/v2/match/getPCUpcomingGameMatch", q, { toast: false, signal }),
  /** The home tabs: hot, live, time, today, yesterday, tomorrow. */
  byCondition: (q: MatchQuery, signal?: AbortSignal) =>
    api.post<MatchPage>("/v2/match/getPCGameMatchByCondition", q, { toast: false, signal }),
  sevenDayMatches: (q: MatchQuery, signal?: AbortSignal) =>
    api.post<SevenDays>("/match/getSevenDayMatch", q, { toast: false, signal }),
  sevenDayResults: (q: MatchQuery, signal?: AbortSignal) =>
    api.post<SevenDays>("/match/getSevenDayResults", q, { toast: false, signal }),
  seriesCount: (q: MatchQuery = {}) => api.get<SeriesCount[]>("/match/getSeriesCount", { query: asQuery(q), ...inlineErr }),
  leagues: (esports: boolean, gameId?: number) =>
    api.get<LeagueCount[]>(esports ? "/league/match_leagues" : "/sprots_league/match_leagues", { query: { gameId }, ...inlineErr }),
  /** Book (true) or cancel (false) a match; needs a signed-in user. Failures toast. */
  attention: (matchId: string, attention: boolean) => api.post<AttentionResult>("/match/attention", { matchId, attention }),
  /** The signed-in user's reservations (the Favourites tab). */
  bookings: (pageIndex = 1, pageSize = 50, signal?: AbortSignal) =>
    api.get<Booking[]>("/match/attention/list", { query: { pageIndex, pageSize }, toast: false, signal }),
  /** The match page: every tab, or one with `tab`. `game` is a catalogue abbr or id. */
  detail: (game: string, matchId: string, tab?: DetailTab, signal?: AbortSignal) =>
    api.get<MatchDetail>(`/${encodeURIComponent(game)}/${encodeURIComponent(matchId)}`, { query: { tab }, toast: false, signal }),
  libraryLeagues: (gameId?: number) => api.get<LeagueInfo[]>("/library/leagues", { query: { gameId }, ...inlineErr }),
  libraryLeague: (id: string) => api.get<LeaguePageData>(`/library/league/${encodeURIComponent(id)}`, inlineErr),
  libraryTeams: (q: { gameId?: number; pageIndex: number; pageSize: number }) =>
    api.get<TeamInfo[]>("/library/teams", { query: q, ...inlineErr }),
  libraryTeam: (id: string) => api.get<TeamPageData>(`/library/team/${encodeURIComponent(id)}`, inlineErr),
  libraryPlayers: (q: { gameId?: number; pageIndex: number; pageSize: number }) =>
    api.get<PlayerInfo[]>("/library/players", { query: q, ...inlineErr }),
  libraryPlayer: (id: string) => api.get<PlayerPageData>(`/library/player/${encodeURIComponent(id)}`, inlineErr),
};
// ---- end matches -----------------------------------------------------------------------------

// ---- anchor (issue 9: streamer centre, applications, anchor list, live playback) -------------
// Paths and field names follow api/anchor/README.md and engine/media/README.md (the backend's
// contract). Upload ids are numbers; the URLs the server gives are paths under /java.

/** Application state of the signed-in user (spec §3, §4). */
export type AnchorStatus = "none" | "review" | "approved" | "rejected" | "banned";

export interface AnchorWhether {
  isAnchor: boolean;
  status: AnchorStatus;
  roomId?: string;
}

/** GET /anchor/status: the caller's application, ID number and phone masked. */
export interface AnchorApplicationStatus {
  status: AnchorStatus;
  reason: string;
  realName: string;
  idNumber: string;
  phone: string;
  intro: string;
  liveContent: string;
  submittedAt: number;
  reviewedAt: number;
  roomId: string;
}

/** Image kinds of POST /anchor/upload; `detail` must be 1:1. */
export type AnchorUploadKind = "idFront" | "idBack" | "idHand" | "cover" | "detail";

export interface AnchorUpload {
  id: number;
  url: string;
  width: number;
  height: number;
}

/** POST /V2/anchor/user. birthDate (YYYY-MM-DD) only for documents other than an 18-digit resident ID. */
export interface AnchorApplication {
  realName: string;
  idNumber: string;
  birthDate?: string;
  intro: string;
  liveContent: string;
  idFront: number;
  idBack: number;
  idHand: number;
}

/** Live settings (spec §5): POST /updateAnchor takes them, GET /anchor/liveInfo returns them. */
export interface AnchorSettings {
  title: string;
  /** Upload id of kind cover, 0 for none. */
  cover: number;
  coverUrl?: string;
  paid: boolean;
  /** Coins to unlock a paid room (1-100000). */
  price: number;
  memberOnly: boolean;
  externalComments: boolean;
  teaser: string;
  detailIntro: string;
  /** Upload ids of kind detail, at most 3. */
  detailPics: number[];
  detailPicUrls?: string[];
  /** External source (http(s) .m3u8), optional. */
  m3u8: string;
}

/** The push-stream guide for OBS: Settings -> Stream -> Custom. */
export interface ObsGuide {
  server: string;
  /** Only filled right after a rotation: the server stores the key's hash. */
  streamKey: string;
  keyframeIntervalSec: number;
  videoCodec: string;
  audioCodec: string;
}

export interface AnchorLiveInfo {
  roomId: string;
  settings: AnchorSettings;
  matchId: string;
  gameId: number;
  customTag: string;
  guide: ObsGuide;
  hasStreamKey: boolean;
  keyRotatedAt: number;
  /** Live started in the centre: the key opens the ingest. */
  broadcasting: boolean;
  /** A stream is up. */
  live: boolean;
  stalled: boolean;
  viewers: number;
  status: AnchorStatus;
}

export interface AnchorBroadcastState {
  roomId: string;
  broadcasting: boolean;
  live: boolean;
  stalled: boolean;
  viewers: number;
}

export type EarningDays = 7 | 14 | 30;

export interface AnchorGoldLine {
  amount: number;
  currency: "coin" | "diamond" | string;
  gift: string;
  quantity: number;
  /** Unix ms. */
  time: number;
  fromUser: string;
}

export interface AnchorGoldDetail {
  days: number;
  total: number;
  list: AnchorGoldLine[];
}

export interface AnchorDayTotal {
  /** YYYY-MM-DD, UTC. */
  date: string;
  coins: number;
  diamonds: number;
}

export interface AnchorGoldTotal {
  days: number;
  coins: number;
  diamonds: number;
  gifts: number;
  daily: AnchorDayTotal[];
}

export interface AnchorListEntry {
  /** "u<id>". */
  anchorId: string;
  name: string;
  roomId: string;
  title: string;
  coverUrl: string;
  matchId: string;
  customTag: string;
  live: boolean;
  liveSince: number;
  viewers: number;
  /** The streamer's avatar URL ("" for none) and followers (issue 17). */
  avatar?: string;
  followers?: number;
  gameId?: number;
}

export interface AnchorPageInfo extends AnchorListEntry {
  teaser: string;
  detailIntro: string;
  detailPicUrls: string[];
  memberOnly: boolean;
  paid: boolean;
  price: number;
  externalComments: boolean;
  hasExternal: boolean;
  stalled: boolean;
  banned: boolean;
}

/** Kinds of playback source: pro = HTTP-FLV (SVIP), hls = the standard stream, external = an m3u8 address. */
export type PlaybackKind = "pro" | "hls" | "external";

export interface PlaybackSource {
  kind: PlaybackKind;
  /** Signed and expiring (pro, hls); a path on this origin or an absolute URL (external). */
  url: string;
  /** Unix ms; ask again before it. */
  expiresAt?: number;
}

/** GET /live/playback. */
export interface Playback {
  room: string;
  live: boolean;
  stalled: boolean;
  viewers: number;
  sources: PlaybackSource[];
  /** A Pro stream exists but needs SVIP. */
  proLocked: boolean;
  trial: boolean;
  trialEndsAt?: number;
}

/** errorCodes of api/anchor (2101-2112). */
export const AnchorErrorCode = {
  NotStreamer: 2101,
  State: 2102,
  Banned: 2103,
  Field: 2104,
  Underage: 2105,
  PhoneNotBound: 2106,
  Setting: 2107,
  MatchWindow: 2108,
  Upload: 2109,
  PlaybackRefused: 2110,
  NotLive: 2111,
  RoomIsFree: 2112,
} as const;

const anchorInline: Pick<RequestOptions, "toast"> = { toast: false };

export const anchorApi = {
  whether: (opts?: RequestOptions) => api.get<AnchorWhether>("/anchor/whether", opts),
  status: () => api.get<AnchorApplicationStatus>("/anchor/status", anchorInline),
  upload: (kind: AnchorUploadKind, file: Blob, fileName: string) => {
    const form = new FormData();
    form.append("file", file, fileName);
    return api.request<AnchorUpload>("POST", "/anchor/upload", { query: { kind }, body: form, toast: false });
  },
  apply: (p: AnchorApplication) => api.post<AnchorWhether>("/V2/anchor/user", p, anchorInline),
  liveInfo: (opts?: RequestOptions) => api.get<AnchorLiveInfo>("/anchor/liveInfo", opts),
  updateSettings: (s: AnchorSettings) => api.post<AnchorSettings>("/updateAnchor", s, anchorInline),
  /** Link a match (in progress or starting within 1 h) or a custom tag; both empty clears. */
  linkMatch: (p: { matchId?: string; customTag?: string }) =>
    api.post<{ matchId: string; gameId: number; customTag: string }>("/anchor/toggleMatchId", p, anchorInline),
  /** A new stream key, shown once; the old one stops working. */
  rotateKey: () => api.post<ObsGuide>("/anchor/streamKey", {}, anchorInline),
  startLive: () => api.get<{ roomId: string; guide: ObsGuide; hasStreamKey: boolean }>("/anchor/broadcast", anchorInline),
  endLive: () => api.get<{ roomId: string; stopped: boolean }>("/anchor/downcast", anchorInline),
  isBroadcast: () => api.get<AnchorBroadcastState>("/anchor/isBroadcast", anchorInline),
  goldTotal: (days: EarningDays) => api.get<AnchorGoldTotal>("/anchor/goldTotal", { query: { days }, toast: false }),
  goldDetail: (days: EarningDays, page: number, size = 20) =>
    api.get<AnchorGoldDetail>("/anchor/goldDetail", { query: { days, page, size }, toast: false }),
  list: (p: { live?: boolean; page?: number; size?: number } = {}) =>
    api.get<{ list: AnchorListEntry[] }>("/anchor/anchorList", {
      query: { live: p.live ? 1 : undefined, page: p.page ?? 1, size: p.size ?? 20 },
    }),
  info: (p: { anchorId?: string; roomId?: string }) => api.post<AnchorPageInfo>("/anchorInfo", p, anchorInline),
  playback: (roomId: string, opts?: RequestOptions) =>
    api.get<Playback>("/live/playback", { ...opts, query: { roomId }, toast: false }),
  liveUnlock: (roomId: string) =>
    api.post<{ roomId: string; until: number; charged: boolean; price?: number }>("/orderpay/match/pay/liveUnlock", { roomId }, anchorInline),
};
// ---- end anchor ------------------------------------------------------------------------------
