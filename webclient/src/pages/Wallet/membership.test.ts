// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { MembershipQuote, VipPackage } from "../../api/wallet";
import { breakdownQuote, canBuyTier, daysLeft, memberState, packageSaving, packagesOf, shortfall } from "./membership";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22, 6, 0, 0);

// The server's default prices: VIP 300 coins a month, SVIP 600; 3/6/12 months at 95/90/80 %.
const PACKAGES: VipPackage[] = [
  { tier: 1, name: "VIP", months: 1, days: 30, coins: 300 },
  { tier: 1, name: "VIP", months: 3, days: 90, coins: 855 },
  { tier: 2, name: "SVIP", months: 12, days: 360, coins: 5760 },
  { tier: 2, name: "SVIP", months: 1, days: 30, coins: 600 },
  { tier: 2, name: "SVIP", months: 3, days: 90, coins: 1710 },
];

describe("memberState (spec §4: not activated, VIP, SVIP, expired)", () => {
  it("is not activated without a membership or a past one", () => {
    expect(memberState({ vipLevel: 0, vipExpire: 0 }, [], NOW)).toBe("none");
  });
  it("is VIP while VIP is in force", () => {
    expect(memberState({ vipLevel: 1, vipExpire: NOW + DAY }, [], NOW)).toBe("vip");
  });
  it("is SVIP while SVIP is in force", () => {
    expect(memberState({ vipLevel: 2, vipExpire: NOW + DAY }, [], NOW)).toBe("svip");
  });
  it("is expired when the tier lapsed and a past purchase ended", () => {
    expect(memberState({ vipLevel: 0, vipExpire: 0 }, [{ expiresAt: NOW - DAY }], NOW)).toBe("expired");
  });
  it("does not trust a tier whose expiry has passed", () => {
    expect(memberState({ vipLevel: 1, vipExpire: NOW - 1 }, [{ expiresAt: NOW - 1 }], NOW)).toBe("expired");
  });
});

describe("daysLeft", () => {
  it("rounds a part day up like the server", () => expect(daysLeft(NOW + 9 * DAY + 1, NOW)).toBe(10));
  it("is zero after expiry", () => expect(daysLeft(NOW - DAY, NOW)).toBe(0));
});

describe("packages", () => {
  it("lists one tier shortest first", () => {
    expect(packagesOf(PACKAGES, 2).map((p) => p.months)).toEqual([1, 3, 12]);
  });
  it("computes the saving against monthly prices", () => {
    expect(packageSaving(PACKAGES[1]!, 300)).toBe(5);
    expect(packageSaving(PACKAGES[2]!, 600)).toBe(20);
    expect(packageSaving(PACKAGES[0]!, 300)).toBe(0);
  });
  it("refuses VIP to an SVIP member (a downgrade) and allows everything else", () => {
    expect(canBuyTier("svip", 1)).toBe(false);
    expect(canBuyTier("svip", 2)).toBe(true);
    expect(canBuyTier("vip", 2)).toBe(true);
    expect(canBuyTier("expired", 1)).toBe(true);
  });
});

describe("breakdownQuote (spec §4: the upgrade pays the difference)", () => {
  const q = (over: Partial<MembershipQuote>): MembershipQuote => ({
    action: "purchase", tier: 1, months: 1, upgradeDays: 0, coins: 300, expiresAt: NOW + 30 * DAY, ...over,
  });

  it("shows a purchase as its package price", () => {
    expect(breakdownQuote(q({}), PACKAGES)).toEqual({ action: "purchase", total: 300, packageCoins: 300, differenceCoins: 0, upgradeDays: 0 });
  });

  it("splits an upgrade with a package into the package and the difference for the remaining days", () => {
    // 10 VIP days left: (600 - 300) * 10 / 30 = 100 coins difference, plus 600 for one SVIP month.
    const b = breakdownQuote(q({ action: "upgrade", tier: 2, months: 1, upgradeDays: 10, coins: 700 }), PACKAGES);
    expect(b).toEqual({ action: "upgrade", total: 700, packageCoins: 600, differenceCoins: 100, upgradeDays: 10 });
  });

  it("shows an upgrade of the remaining time only as the difference", () => {
    const b = breakdownQuote(q({ action: "upgrade", tier: 2, months: 0, upgradeDays: 29, coins: 290 }), PACKAGES);
    expect(b).toEqual({ action: "upgrade", total: 290, packageCoins: 0, differenceCoins: 290, upgradeDays: 29 });
  });

  it("keeps the server's total when the package is not in the list", () => {
    const b = breakdownQuote(q({ action: "upgrade", tier: 2, months: 6, upgradeDays: 3, coins: 3270 }), PACKAGES);
    expect(b.total).toBe(3270);
    expect(b.packageCoins + b.differenceCoins).toBe(3270);
  });
});

describe("shortfall", () => {
  it("is what is missing", () => expect(shortfall(250, 700)).toBe(450));
  it("is zero when the balance covers the price", () => expect(shortfall(700, 700)).toBe(0));
});
