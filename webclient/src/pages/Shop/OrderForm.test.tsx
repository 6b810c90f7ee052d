// The order form's confirmation code (issue 21, GET /sendMsg) against a stubbed network: the code
// field appears for physical goods and for spends above the threshold, the send button counts down
// and says where the code went, the code goes with the payment, and every failure says 'Redemption
// failed' with its reason.
import { act } from "react";
import { StateProvider } from "../../state/hooks";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore } from "../../state/store";
import { tokenAtom } from "../../state/session";
import { initI18n } from "../../i18n";
import { OrderForm } from "./OrderForm";
import Exchange from "./Exchange";
import { failureReason } from "./ConfirmCode";
import { needsConfirmCode, type Product, type ShopOrder } from "../../api/shop";
import { testRoot } from "../../test/root";

const { root, host } = testRoot();
const calls: { path: string; body?: Record<string, unknown> }[] = [];
let answer: (path: string, body?: Record<string, unknown>) => Response;

const ok = (result: unknown) => new Response(JSON.stringify({ status: "success", result }), { status: 200 });
const fail = (errorCode: number, errorMsg: string) =>
  new Response(JSON.stringify({ status: "fail", errorCode, errorMsg, code: 400 }), { status: 400 });

const order = (o: Partial<ShopOrder>): ShopOrder => ({
  orderNo: "G1", goodsId: 1, kind: "physical", name: "Supporter Scarf", picture: "", quantity: 1, unitPrice: 890, coins: 890,
  recipient: "Li Wei", address: "88 Stadium Road", contact: "13800138000", trackingNo: "", cardNo: "", remarks: "",
  status: "unpaid", refunded: false, createdAt: 1, updatedAt: 1, expiresAt: 2, paidAt: 0, ...o,
});

const scarf: Product = { id: 1, kind: "physical", category: "apparel", name: "Supporter Scarf", picture: "", price: 890, stock: 5,
  soldOut: false, perOrderLimit: 3, perUserLimit: 0, redeemed: 0, confirmCode: true, confirmAbove: 5000 };
const card: Product = { ...scarf, id: 2, kind: "virtual", name: "Gift card", price: 2000, confirmCode: false };

const q = <T extends Element = HTMLElement>(sel: string) => host().querySelector<T>(sel);
const byTest = <T extends Element = HTMLElement>(id: string) => q<T>(`[data-testid="${id}"]`);
async function until(cond: () => boolean) {
  await vi.waitFor(() => expect(cond()).toBe(true), { timeout: 15000 });
}
function typeInto(el: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(el, value);
  el.dispatchEvent(new Event("input", { bubbles: true }));
}
async function click(el: Element | null) {
  await act(async () => (el as HTMLElement).click());
}
async function render(p: Product, done = vi.fn()) {
  await act(async () => {
    root().render(
      <StateProvider>
        <MemoryRouter>
          <OrderForm product={p} onDone={done} onCancel={() => undefined} />
        </MemoryRouter>
      </StateProvider>,
    );
  });
  return done;
}
async function fillAddress() {
  await act(async () => {
    typeInto(byTest("order-recipient")!, "Li Wei");
    typeInto(byTest("order-address")!, "88 Stadium Road");
    typeInto(byTest("order-contact")!, "13800138000");
  });
}
const paid = (path: string) => calls.filter((c) => c.path === path);

beforeAll(async () => {
  await initI18n("en_US");
});

beforeEach(() => {
  calls.length = 0;
  appStore.set(tokenAtom, "tok");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, "http://test");
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ path: url.pathname, body });
      return answer(url.pathname, body);
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
});

describe("needsConfirmCode", () => {
  it("follows the product and the threshold", () => {
    expect(needsConfirmCode(scarf, 1)).toBe(true);
    expect(needsConfirmCode(card, 2)).toBe(false); // 4000 coins
    expect(needsConfirmCode(card, 3)).toBe(true); // 6000 coins
    expect(needsConfirmCode({ ...card, confirmAbove: undefined }, 3)).toBe(false);
  });
});

describe("failureReason", () => {
  it("drops the server's own 'Redemption failed' prefix", () => {
    expect(failureReason("Redemption failed: sold out", "Redemption failed")).toBe("sold out");
    expect(failureReason("兑换失败：商品已售罄", "兑换失败")).toBe("商品已售罄");
    expect(failureReason("Insufficient gold coins", "Redemption failed")).toBe("Insufficient gold coins");
  });
});

describe("OrderForm's confirmation code", () => {
  it("asks for the code, sends it with a countdown, and pays with it", async () => {
    answer = (path) => {
      if (path === "/java/user/userGold") return ok({ gold: 5000, score: 0, vipLevel: 0, vipExpire: 0 });
      if (path === "/java/sendMsg") return ok({ channel: "sms", to: "+86 138****8000", resendAfter: 60 });
      if (path === "/java/orderpay/goodsOrder") return ok(order({ needsCode: true }));
      if (path === "/java/orderpay/payGoodsOrder") return ok({ order: order({ status: "exchanging" }), draws: [], replayed: false });
      return fail(1004, "not found");
    };
    const done = await render(scarf);
    expect(byTest("order-code")).not.toBeNull();
    await fillAddress();
    await click(byTest("order-submit"));
    expect(host().textContent).toContain("Please enter the 6-digit confirmation code");
    expect(paid("/java/orderpay/goodsOrder")).toHaveLength(0);

    await click(byTest("order-send-code"));
    await until(() => byTest("order-code-sent") !== null);
    expect(byTest("order-code-sent")!.textContent).toBe("Code sent by SMS to +86 138****8000");
    expect(byTest<HTMLButtonElement>("order-send-code")!.disabled).toBe(true);
    expect(byTest("order-send-code")!.textContent).toMatch(/^Resend in (60|59) s$/);

    await act(async () => typeInto(byTest("order-code")!, "12a3456"));
    expect(byTest<HTMLInputElement>("order-code")!.value).toBe("123456");
    await click(byTest("order-submit"));
    await until(() => done.mock.calls.length === 1);
    expect(paid("/java/orderpay/payGoodsOrder")[0]!.body).toEqual({ orderNo: "G1", code: "123456" });
  }, 60_000);

  it("shows no code field below the threshold, and one above it", async () => {
    answer = (path) => (path === "/java/user/userGold" ? ok({ gold: 9000 }) : fail(1004, "not found"));
    await render(card);
    expect(byTest("order-code")).toBeNull();
    await click(q('[aria-label="+"]'));
    expect(byTest("order-code")).toBeNull(); // 4000 coins
    await click(q('[aria-label="+"]'));
    expect(byTest("order-code")).not.toBeNull(); // 6000 coins
  }, 60_000);

  it("says 'Redemption failed' and why: a wrong code, sold out, a code nobody can receive", async () => {
    let pay = () => fail(2003, "Wrong verification code");
    answer = (path) => {
      if (path === "/java/user/userGold") return ok({ gold: 5000 });
      if (path === "/java/sendMsg") return fail(6212, "Bind a phone number or e-mail address to your account first to receive the confirmation code");
      if (path === "/java/orderpay/goodsOrder") return ok(order({ needsCode: true }));
      if (path === "/java/orderpay/payGoodsOrder") return pay();
      return fail(1004, "not found");
    };
    const done = await render(scarf);
    await click(byTest("order-send-code"));
    await until(() => byTest("order-code-error") !== null);
    expect(byTest("order-code-error")!.textContent).toContain("Bind a phone number or e-mail");
    expect(byTest<HTMLAnchorElement>("order-code-error")!.querySelector("a")!.getAttribute("href")).toBe("/userInfo/setting");
    expect(byTest<HTMLButtonElement>("order-send-code")!.disabled).toBe(false); // nothing was sent: no countdown

    await fillAddress();
    await act(async () => typeInto(byTest("order-code")!, "000000"));
    await click(byTest("order-submit"));
    await until(() => byTest("order-error") !== null);
    expect(byTest("order-error")!.querySelector("strong")!.textContent).toBe("Redemption failed");
    expect(byTest("order-error-reason")!.textContent).toBe("Wrong verification code");

    pay = () => fail(6202, "Redemption failed: sold out");
    await click(byTest("order-submit"));
    await until(() => byTest("order-error-reason")?.textContent === "sold out");
    expect(byTest("order-error")!.textContent).toBe("Redemption failedsold out");
    expect(done).not.toHaveBeenCalled();
  }, 60_000);
});

describe("the records' Pay now", () => {
  it("asks for the code of an order that needs one and pays with it", async () => {
    let records = [order({ needsCode: true, expiresAt: Date.now() + 600_000 })];
    answer = (path) => {
      if (path === "/java/user/order/list") return ok({ list: records, total: records.length, pageIndex: 1, pageSize: 20 });
      if (path === "/java/sendMsg") return ok({ channel: "email", to: "l***@example.com", resendAfter: 60 });
      if (path === "/java/orderpay/payGoodsOrder") {
        records = [order({ status: "exchanging", paidAt: 3 })];
        return ok({ order: records[0], draws: [], replayed: false });
      }
      return fail(1004, "not found");
    };
    await act(async () => {
      root().render(
        <StateProvider>
          <MemoryRouter>
            <Exchange />
          </MemoryRouter>
        </StateProvider>,
      );
    });
    await until(() => byTest("record-pay") !== null);
    await click(byTest("record-pay"));
    expect(host().textContent).toContain("Please enter the 6-digit confirmation code");
    expect(paid("/java/orderpay/payGoodsOrder")).toHaveLength(0);
    await click(byTest("record-G1-send-code"));
    await until(() => byTest("record-G1-code-sent")?.textContent === "Code sent by e-mail to l***@example.com");
    await act(async () => typeInto(byTest("record-G1-code")!, "654321"));
    await click(byTest("record-pay"));
    await until(() => q('[data-testid="record"][data-status="exchanging"]') !== null);
    expect(paid("/java/orderpay/payGoodsOrder")[0]!.body).toEqual({ orderNo: "G1", code: "654321" });
  }, 60_000);
});
