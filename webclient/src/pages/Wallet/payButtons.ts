// The recharge and membership pages show exactly the buttons GET /system/payButton returns for the
// client's region and language. Until it answers (or when it cannot be loaded) the wallet's own
// lists stand: the server refuses what it does not offer anyway.
import type { PayMethod, VipPackage, WalletProduct } from "../../api/wallet";
import type { PayButtons } from "../../api/system";

const PRODUCTS: readonly WalletProduct[] = ["coin", "diamond"];
const TIER_PRODUCT: Record<1 | 2, string> = { 1: "vip", 2: "svip" };

/** The top-up products that have a button (both while the buttons are unknown). */
export function rechargeProducts(buttons: PayButtons | null): WalletProduct[] {
  if (!buttons) return [...PRODUCTS];
  return PRODUCTS.filter((p) => buttons.recharge.some((b) => b.product === p));
}

/** The payment methods offered for a product, in the button's order, with getPayType's details. */
export function rechargeMethods(methods: readonly PayMethod[], buttons: PayButtons | null, product: WalletProduct): PayMethod[] {
  if (!buttons) return [...methods];
  const b = buttons.recharge.find((x) => x.product === product);
  if (!b) return [];
  return b.payTypes.flatMap((t) => methods.filter((m) => m.type === t));
}

/** The membership packages that have a button (tier and months). */
export function membershipPackages(list: readonly VipPackage[], buttons: PayButtons | null): VipPackage[] {
  if (!buttons) return [...list];
  return list.filter((p) => buttons.membership.some((b) => b.product === TIER_PRODUCT[p.tier] && (b.months ?? []).includes(p.months)));
}
