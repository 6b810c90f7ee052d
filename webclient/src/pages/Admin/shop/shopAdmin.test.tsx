// The shop's staff components and the order form against a stubbed network: staff ship an order
// with its tracking number, cancel another, edit a blind box's odds; the form refuses a physical
// order without a recipient and shows 'Insufficient gold coins' with the recharge link. Both staff
// lists show loading, a failed load with Retry, and the no-data picture when there is nothing.
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { adminScreen, fail, ok } from "../../../test/adminScreen";
import { ShopOrdersAdmin, ShopProductsAdmin } from ".";
import { OrderForm } from "../../Shop/OrderForm";
import type { Product, ShopOrder } from "../../../api/shop";

let answer: (path: string, body?: Record<string, unknown>) => Response | Promise<Response>;
const { calls, q, all, text, until, click, typeInto, render } = adminScreen({ answer: (path, body) => answer(path, body), token: "tok" });

const order = (o: Partial<ShopOrder>): ShopOrder => ({
  orderNo: "G1", userId: "u7", goodsId: 1, kind: "physical", name: "Supporter Scarf", picture: "", quantity: 1, unitPrice: 890,
  coins: 890, recipient: "Li Wei", address: "88 Stadium Road", contact: "13800138000", trackingNo: "", cardNo: "", remarks: "",
  status: "exchanging", refunded: false, createdAt: 1, updatedAt: 1, expiresAt: 2, paidAt: 1, ...o,
});

const scarf: Product = { id: 1, kind: "physical", category: "apparel", name: "Supporter Scarf", picture: "", price: 890, stock: 5,
  soldOut: false, perOrderLimit: 3, perUserLimit: 0, redeemed: 0 };

describe("ShopOrdersAdmin", () => {
  it("ships with the tracking number and cancels another order", async () => {
    answer = (path, body) => {
      if (path === "/java/admin/shop/orders") return ok({ list: [order({}), order({ orderNo: "G2", name: "Courtside Cap", coins: 690 })], total: 2 });
      if (path === "/java/admin/shop/orders/ship") return ok(order({ status: "exchanged", trackingNo: String(body?.trackingNo) }));
      if (path === "/java/admin/shop/orders/cancel") return ok(order({ orderNo: "G2", status: "cancelled", refunded: true, coins: 690 }));
      return fail(1004, "not found");
    };
    await render(<ShopOrdersAdmin />);
    await until(() => all('[data-testid="admin-order"]').length === 2);
    const first = q('[data-order="G1"]')!;
    expect((first.querySelector('[data-testid="admin-ship"]') as HTMLButtonElement).disabled).toBe(true); // no tracking number yet
    await act(async () => typeInto(first.querySelector('[data-testid="admin-tracking"]')!, "SF1408862230"));
    await click(first.querySelector('[data-testid="admin-ship"]'));
    await until(() => q('[data-order="G1"]')?.getAttribute("data-status") === "exchanged");
    expect(calls.find((c) => c.path.endsWith("/ship"))?.body).toMatchObject({ orderNo: "G1", trackingNo: "SF1408862230" });
    await click(q('[data-order="G2"] [data-testid="admin-cancel"]'));
    await until(() => q('[data-order="G2"]')?.getAttribute("data-status") === "cancelled");
    expect(q('[data-order="G2"]')!.textContent).toContain("Cancelled");
  }, 60_000);

  it("writes coins and the order's time in the interface language", async () => {
    answer = () => ok({ list: [order({ coins: 12990, createdAt: Date.UTC(2026, 10, 18, 9, 30) })], total: 1 });
    await render(<ShopOrdersAdmin />);
    await until(() => all('[data-testid="admin-order"]').length === 1);
    const row = q('[data-testid="admin-order"]')!;
    expect(row.textContent).toContain("12,990");
    expect(row.textContent).toMatch(/Nov 18, 2026/);
  }, 60_000);
});

describe("ShopOrdersAdmin states", () => {
  it("shows loading, a failed load with Retry, the total, and the no-data picture for an empty filter", async () => {
    let letGo = () => undefined as void;
    answer = () => new Promise<Response>((resolve) => (letGo = () => resolve(fail(1004, "Orders unavailable"))));
    await render(<ShopOrdersAdmin />);
    expect(q('[data-testid="loading"]')).not.toBeNull();
    await act(async () => letGo());
    await until(() => q('[data-testid="load-error"]')?.textContent?.includes("Orders unavailable") === true);
    answer = () => ok({ list: [order({})], total: 1, pageIndex: 1, pageSize: 100 });
    await click(q('[data-testid="load-error"] button'));
    await until(() => all('[data-testid="admin-order"]').length === 1);
    expect(q('[data-testid="shop-orders-admin"] h2')!.textContent).toContain("(1)");
    answer = () => ok({ list: [], total: 0, pageIndex: 1, pageSize: 100 });
    await click(q('[data-testid="admin-orders-cancelled"]'));
    await until(() => q('[data-testid="no-data"]') !== null);
    expect(calls.at(-1)?.query).toContain("status=cancelled");
  }, 60_000);
});

describe("ShopProductsAdmin", () => {
  it("writes prices and stock as numbers of the interface language", async () => {
    answer = () => ok({ list: [{ ...scarf, price: 2990, stock: 1200 }], total: 1 });
    await render(<ShopProductsAdmin />);
    await until(() => all('[data-testid="admin-product"]').length === 1);
    const cells = [...q('[data-testid="admin-product"]')!.querySelectorAll("td")].map((c) => c.textContent);
    expect(cells[2]).toBe("2,990");
    expect(cells[3]).toBe("1,200");
  }, 60_000);

  it("shows a failed load with Retry and the no-data picture for an empty catalogue", async () => {
    answer = () => fail(1004, "Products unavailable");
    await render(<ShopProductsAdmin />);
    await until(() => q('[data-testid="load-error"]')?.textContent?.includes("Products unavailable") === true);
    answer = () => ok({ list: [], total: 0 });
    await click(q('[data-testid="load-error"] button'));
    await until(() => q('[data-testid="no-data"]') !== null);
  }, 60_000);


  it("edits a blind box's prizes and shows the odds they publish", async () => {
    const box = { ...scarf, id: 9, kind: "blindbox", name: "Mystery", price: 100, prizes: [{ name: "50 coins", weight: 3, coins: 50, odds: 75 }, { name: "VIP", weight: 1, odds: 25 }] };
    answer = (path) => {
      if (path === "/java/admin/shop/products") return ok({ list: [box], total: 1 });
      if (path === "/java/admin/shop/products/9") return ok(box);
      return fail(1004, "not found");
    };
    await render(<ShopProductsAdmin />);
    await until(() => all('[data-testid="admin-product"]').length === 1);
    await click(q('[data-testid="admin-product"] button'));
    await until(() => q('[data-testid="product-editor"]') !== null);
    expect(q('[data-testid="product-editor"]')!.textContent).toContain("75.00%");
    const weight = all('[data-testid="admin-prize"] input')[1] as HTMLInputElement;
    await act(async () => typeInto(weight, "1"));
    expect(q('[data-testid="product-editor"]')!.textContent).toContain("50.00%");
    answer = (path, body) => (path === "/java/admin/shop/products" && body ? ok({ ...box, ...body }) : ok({ list: [box], total: 1 }));
    await act(async () => (q('[data-testid="product-editor"]') as HTMLFormElement).requestSubmit());
    await until(() => calls.some((c) => c.path === "/java/admin/shop/products" && c.body !== undefined));
    const saved = calls.find((c) => c.body)!.body!;
    expect(saved.prizes).toEqual([{ name: "50 coins", weight: 1, coins: 50 }, { name: "VIP", weight: 1 }]);
    // The saved product closes the editor and the list is asked for again.
    await until(() => q('[data-testid="product-editor"]') === null);
    await until(() => calls.filter((c) => c.path === "/java/admin/shop/products" && c.body === undefined).length === 2);
    expect(all('[data-testid="admin-product"]').length).toBe(1);
  }, 60_000);
});

describe("OrderForm", () => {
  it("needs a recipient for physical goods, then says 'Insufficient gold coins' with the recharge link", async () => {
    answer = (path) => {
      if (path === "/java/user/userGold") return ok({ gold: 100, score: 0, vipLevel: 0, vipExpire: 0 });
      if (path === "/java/orderpay/goodsOrder") return ok(order({ status: "unpaid" }));
      if (path === "/java/orderpay/payGoodsOrder") return fail(4007, "Insufficient gold coins");
      return fail(1004, "not found");
    };
    const done = vi.fn();
    await render(<OrderForm product={scarf} onDone={done} onCancel={() => undefined} />);
    await click(q('[data-testid="order-submit"]'));
    expect(text()).toContain("Please enter the recipient's name");
    expect(calls.some((c) => c.path === "/java/orderpay/goodsOrder")).toBe(false);
    await act(async () => {
      typeInto(q('[data-testid="order-recipient"]')!, "Li Wei");
      typeInto(q('[data-testid="order-address"]')!, "88 Stadium Road");
      typeInto(q('[data-testid="order-contact"]')!, "13800138000");
    });
    expect(text()).not.toContain("Please enter the recipient's name");
    await click(q('[data-testid="order-submit"]'));
    await until(() => q('[data-testid="order-error"]') !== null);
    expect(q('[data-testid="order-error"]')!.textContent).toContain("Insufficient gold coins");
    expect(q<HTMLAnchorElement>('[data-testid="order-error"] a')!.getAttribute("href")).toBe("/recharge");
    const key = calls.find((c) => c.path === "/java/orderpay/goodsOrder")!.body!.key;
    // A retry sends the same key: the same order, never a second reservation.
    await click(q('[data-testid="order-submit"]'));
    await until(() => calls.filter((c) => c.path === "/java/orderpay/goodsOrder").length === 2);
    expect(calls.filter((c) => c.path === "/java/orderpay/goodsOrder")[1]!.body!.key).toBe(key);
    expect(done).not.toHaveBeenCalled();
  }, 60_000);
});
