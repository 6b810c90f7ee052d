// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { PayMethod, VipPackage } from "../../api/wallet";
import type { PayButtons } from "../../api/system";
import { membershipPackages, rechargeMethods, rechargeProducts } from "./payButtons";

const METHODS: PayMethod[] = [
  { type: "alipay", currency: "CNY", qr: true },
  { type: "card", currency: "USD", qr: false },
  { type: "dev", currency: "CNY", qr: false },
];
const PKGS: VipPackage[] = [
  { tier: 1, name: "VIP", months: 1, days: 30, coins: 100 },
  { tier: 1, name: "VIP", months: 12, days: 360, coins: 1000 },
  { tier: 2, name: "SVIP", months: 1, days: 30, coins: 300 },
];
const abroad: PayButtons = {
  region: "DE",
  lang: "de",
  recharge: [{ product: "coin", payTypes: ["card", "dev"] }],
  membership: [{ product: "vip", payTypes: [], months: [1] }],
};

describe("pay buttons", () => {
  it("shows exactly the server's buttons: products, methods in its order, packages", () => {
    expect(rechargeProducts(abroad)).toEqual(["coin"]);
    expect(rechargeMethods(METHODS, abroad, "coin").map((m) => m.type)).toEqual(["card", "dev"]);
    expect(rechargeMethods(METHODS, abroad, "diamond")).toEqual([]);
    expect(membershipPackages(PKGS, abroad).map((p) => `${p.name}/${p.months}`)).toEqual(["VIP/1"]);
  });

  it("keeps the wallet's lists while the buttons are unknown", () => {
    expect(rechargeProducts(null)).toEqual(["coin", "diamond"]);
    expect(rechargeMethods(METHODS, null, "diamond")).toHaveLength(3);
    expect(membershipPackages(PKGS, null)).toHaveLength(3);
  });
});
