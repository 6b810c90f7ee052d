// Membership display rules (spec §1, §4): states not activated / VIP / SVIP / expired, packages
// in months, and the VIP -> SVIP upgrade that pays the difference for the remaining time. Prices
// are always the server's (getVipAmount); these helpers only arrange them for display.
import type { MemberTier, MembershipQuote, MembershipRecord, VipPackage, WalletBalance } from "../../api/wallet";

export type MemberState = "none" | "vip" | "svip" | "expired";

export const TIER_NAMES: Record<1 | 2, string> = { 1: "VIP", 2: "SVIP" };

/**
 * The user's membership state: the tier in force from /user/userGold, else "expired" when a
 * past purchase shows a membership that has ended, else "none" (not activated).
 */
export function memberState(balance: Pick<WalletBalance, "vipLevel" | "vipExpire">, records: readonly Pick<MembershipRecord, "expiresAt">[], now: number): MemberState {
  if (balance.vipLevel === 2 && balance.vipExpire > now) return "svip";
  if (balance.vipLevel === 1 && balance.vipExpire > now) return "vip";
  return records.some((r) => r.expiresAt > 0 && r.expiresAt <= now) ? "expired" : "none";
}

/** Whole days left until expire, rounded up as the server counts them (0 when past). */
export function daysLeft(expire: number, now: number): number {
  const ms = expire - now;
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000);
}

/** The packages of one tier, shortest first. */
export function packagesOf(list: readonly VipPackage[], tier: 1 | 2): VipPackage[] {
  return list.filter((p) => p.tier === tier).sort((a, b) => a.months - b.months);
}

/** The saving of a package against buying its months one at a time, in percent (0 for none). */
export function packageSaving(p: VipPackage, monthly: number): number {
  const full = monthly * p.months;
  if (full <= 0 || p.coins >= full) return 0;
  return Math.round(((full - p.coins) / full) * 100);
}

/** Which tiers may be bought from a state: an SVIP in force cannot buy VIP (the server refuses a downgrade). */
export function canBuyTier(state: MemberState, tier: 1 | 2): boolean {
  return !(state === "svip" && tier === 1);
}

/** How a quote splits for display. */
export interface QuoteBreakdown {
  action: MembershipQuote["action"];
  total: number;
  /** The package part (0 for an upgrade of the remaining time only). */
  packageCoins: number;
  /** The upgrade part: the SVIP - VIP difference for upgradeDays (0 unless action is upgrade). */
  differenceCoins: number;
  upgradeDays: number;
}

/**
 * Splits the server's quote into the package price (from the list the server published) and,
 * for an upgrade, the difference paid for the remaining VIP days. The total is always the
 * server's; when the list lacks the package the whole total shows as one figure.
 */
export function breakdownQuote(q: MembershipQuote, packages: readonly VipPackage[]): QuoteBreakdown {
  const pkg = q.months > 0 ? packages.find((p) => p.tier === q.tier && p.months === q.months) : undefined;
  if (q.action !== "upgrade") {
    return { action: q.action, total: q.coins, packageCoins: q.coins, differenceCoins: 0, upgradeDays: 0 };
  }
  const packageCoins = q.months === 0 ? 0 : pkg ? pkg.coins : 0;
  const known = q.months === 0 || pkg !== undefined;
  return {
    action: "upgrade",
    total: q.coins,
    packageCoins,
    differenceCoins: known ? Math.max(0, q.coins - packageCoins) : q.coins,
    upgradeDays: q.upgradeDays,
  };
}

/** Coins still missing to pay total (0 when the balance covers it). */
export function shortfall(balance: number, total: number): number {
  return Math.max(0, total - balance);
}

export function tierName(t: MemberTier): string {
  return t === 1 || t === 2 ? TIER_NAMES[t] : "";
}
