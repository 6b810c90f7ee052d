// Wallet calls (issue 6: recharge, memberships, details, gift leaderboards). Paths and field names
// follow api/wallet/routes.go (the backend's contract).
import { sealed } from "./seal";
import { api, type RequestOptions } from "./client";

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
