// The recharge and membership pages against a stubbed network: what the server says is what
// the page shows (prices, the upgrade difference), the 99999 rule, and the live result of a
// recharge from the payWs stream.
import { act } from "react";
import { StateProvider } from "../../state/hooks";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore } from "../../state/store";
import { tokenAtom } from "../../state/session";
import { balanceVersionAtom } from "../../state/wallet";
import { initI18n } from "../../i18n";
import Recharge from "./Recharge";
import Vip from "./Vip";
import { testRoot } from "../../test/root";

const { root, host } = testRoot();
const q = <T extends Element>(testId: string) => host().querySelector<T>(`[data-testid="${testId}"]`);

function typeInto(el: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(el, value);
  el.dispatchEvent(new Event("input", { bubbles: true }));
}

async function until(cond: () => boolean) {
  await vi.waitFor(() => expect(cond()).toBe(true), { timeout: 3000 });
}

const ok = (result: unknown) => new Response(JSON.stringify({ status: "success", result }), { status: 200 });
const fail = (errorCode: number, errorMsg: string) => new Response(JSON.stringify({ status: "fail", errorCode, errorMsg, code: 400 }), { status: 400 });

const PRESETS = (unit: number) => [10, 200, 1000, 3000, 10000].map((m, i) => ({ id: i + 1, money: m, amount: m * unit, level: i + 1, label: `LV${i + 1}` }));

type Route = (url: URL, init?: RequestInit) => Response | undefined;
let routes: Route[] = [];
const calls: { path: string; url: URL; body?: unknown }[] = [];

function stubNetwork() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, "http://test");
      calls.push({ path: url.pathname, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      for (const r of routes) {
        const res = r(url, init);
        if (res) return res;
      }
      return new Response(JSON.stringify({ status: "fail", errorMsg: "not found" }), { status: 404 });
    }),
  );
}

/** The browser's EventSource, driven by the test. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  readyState = 0;
  onopen: ((e: Event) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  private fns: ((e: MessageEvent<string>) => void)[] = [];
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(_type: string, fn: (e: MessageEvent<string>) => void) {
    this.fns.push(fn);
  }
  close() {
    this.readyState = 2;
  }
  emit(data: unknown) {
    for (const fn of this.fns) fn({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

async function render(ui: React.ReactNode, path: string) {
  await act(async () => {
    root().render(
      <StateProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </StateProvider>,
    );
  });
}

beforeAll(async () => {
  await initI18n("en_US");
});

beforeEach(() => {
  routes = [];
  calls.length = 0;
  appStore.set(tokenAtom, "tok");
  appStore.set(balanceVersionAtom, 0);
  stubNetwork();
  vi.stubGlobal("EventSource", FakeEventSource);
});

afterEach(async () => {
  vi.unstubAllGlobals();
});

describe("Recharge page without a wallet on the server", () => {
  it("shows the error and the no-data picture, never invented offers", async () => {
    await render(<Recharge />, "/recharge");
    await until(() => q("recharge-load-error") !== null);
    expect(q("recharge-load-error")!.textContent).toContain("Recharge options could not be loaded");
    expect(q("preset-1")).toBeNull();
    expect(q("recharge-pay")).toBeNull();
  });
});

describe("Recharge page", () => {
  let gold = 200;
  beforeEach(() => {
    gold = 200;
    routes.push(
      (u) => (u.pathname === "/java/orderpay/gold/list" ? ok({ list: PRESETS(10), rate: 10 }) : undefined),
      (u) => (u.pathname === "/java/orderpay/score/list" ? ok({ list: PRESETS(1), rate: 1, custom: { min: 1, max: 99999 } }) : undefined),
      (u) => (u.pathname === "/java/orderpay/getPayType" ? ok({ list: [{ type: "dev", currency: "CNY", qr: false }, { type: "card", currency: "USD", qr: false }], usdRate: 7 }) : undefined),
      (u) => (u.pathname === "/java/user/userGold" ? ok({ gold, score: 0, vipLevel: 0, vipExpire: 0 }) : undefined),
      (u) => {
        if (u.pathname !== "/java/orderpay/getPayMoney") return undefined;
        const amount = Number(u.searchParams.get("amount") || 0);
        const id = Number(u.searchParams.get("id"));
        const usd = u.searchParams.get("payType") === "card";
        const fen = id > 0 ? [10, 200, 1000, 3000, 10000][id - 1]! * 100 : amount * 100;
        const minor = usd ? Math.ceil(fen / 7) : fen;
        return ok({ product: u.searchParams.get("product"), quantity: amount, cnyFen: fen, currency: usd ? "USD" : "CNY", amountMinor: minor, amount: (minor / 100).toFixed(2) });
      },
    );
  });

  it("refuses a custom amount above 99999 with 'out of recharge range' and never asks for its price", async () => {
    await render(<Recharge />, "/recharge?type=diamond");
    await until(() => q("custom-amount") !== null);
    await act(async () => typeInto(q<HTMLInputElement>("custom-amount")!, "100000"));
    expect(q("amount-error")?.textContent).toBe("Out of recharge range (maximum 99,999)");
    expect(q<HTMLButtonElement>("recharge-pay")!.disabled).toBe(true);

    await act(async () => typeInto(q<HTMLInputElement>("custom-amount")!, "99999"));
    expect(q("amount-error")).toBeNull();
    await until(() => q("price-amount")?.textContent === "CN¥99,999.00");
    // The valid amount was priced after the invalid one was typed; the invalid one never was.
    const priced = calls.filter((c) => c.path === "/java/orderpay/getPayMoney").map((c) => c.url.searchParams.get("amount"));
    expect(priced).toContain("99999");
    expect(priced).not.toContain("100000");
  });

  it("shows the server's price in the method's currency", async () => {
    await render(<Recharge />, "/recharge");
    await until(() => q("price-amount")?.textContent === "CN¥10.00");
    await act(async () => q<HTMLButtonElement>("preset-2")!.click());
    await until(() => q("price-amount")?.textContent === "CN¥200.00");
    await act(async () => q<HTMLInputElement>("method-card")!.click());
    await until(() => q("price-amount")?.textContent === "$28.58");
    expect(q("preset-3")?.textContent).toContain("LV3");
    expect(q("preset-3")?.textContent).toContain("10,000 coins");
  });

  it("creates the order, follows payWs and shows success with the new balance", async () => {
    routes.unshift((u) =>
      u.pathname === "/java/orderpay/payByAlipay"
        ? ok({ orderNo: "R42", product: "coin", quantity: 2000, money: "200.00", payType: "dev", currency: "CNY", amount: "200.00", state: "pending",
            payUrl: "/java/orderpay/dev/pay?order=R42", eventsUrl: "/java/orderpay/events?order=R42", createdAt: 1, expiresAt: 2, paidAt: 0 })
        : undefined,
    );
    await render(<Recharge />, "/recharge");
    await until(() => q("balance-coins")?.textContent === "200");
    await act(async () => q<HTMLButtonElement>("preset-2")!.click());
    await until(() => q("price-amount")?.textContent === "CN¥200.00");
    await act(async () => q<HTMLButtonElement>("recharge-pay")!.click());
    await until(() => q("order-waiting") !== null);

    const post = calls.find((c) => c.path === "/java/orderpay/payByAlipay")!;
    expect(post.body).toMatchObject({ product: "coin", id: 2, payType: "dev" });
    expect(typeof (post.body as { clientKey: string }).clientKey).toBe("string");
    expect(q<HTMLAnchorElement>("pay-open")!.getAttribute("href")).toBe("/java/orderpay/dev/pay?order=R42");
    expect(FakeEventSource.last?.url).toBe("/java/orderpay/events?order=R42");

    gold = 2200;
    await act(async () => FakeEventSource.last!.emit({ orderNo: "R42", product: "coin", quantity: 2000, currency: "CNY", amount: "200.00", state: "paid" }));
    await until(() => q("order-result")?.getAttribute("data-state") === "paid");
    expect(q("order-result")?.textContent).toContain("Recharge successful");
    expect(FakeEventSource.last!.readyState).toBe(2);
    await until(() => q("balance-coins")?.textContent === "2,200");
  });

  it("shows a QR checkout as a scannable code and its content", async () => {
    routes.unshift((u) =>
      u.pathname === "/java/orderpay/payByAlipay"
        ? ok({ orderNo: "R7", product: "coin", quantity: 100, money: "10.00", payType: "alipay", currency: "CNY", amount: "10.00", state: "pending",
            qrCode: "https://qr.alipay.com/bax03431ljhokirwl38f00a7", createdAt: 1, expiresAt: 2, paidAt: 0 })
        : undefined,
    );
    await render(<Recharge />, "/recharge");
    await until(() => q("price-amount") !== null);
    await act(async () => q<HTMLButtonElement>("recharge-pay")!.click());
    await until(() => q("pay-qr") !== null);
    const svg = q<SVGSVGElement>("pay-qr-image")!;
    expect(svg.getAttribute("viewBox")).toBe("0 0 41 41"); // version 4 (33 modules) + quiet zone
    expect(svg.querySelector("path")!.getAttribute("d")!.length).toBeGreaterThan(1000);
    expect(q("pay-qr")!.textContent).toContain("https://qr.alipay.com/bax03431ljhokirwl38f00a7");
    expect(q("pay-open")).toBeNull();
  });

  it("retries a refused request with the same key and starts a new purchase after a finished order", async () => {
    let n = 0;
    routes.unshift((u) => {
      if (u.pathname !== "/java/orderpay/payByAlipay") return undefined;
      n++;
      if (n === 1) return fail(4101, "Recharge failed");
      return ok({ orderNo: `R${n}`, product: "coin", quantity: 100, money: "10.00", payType: "dev", currency: "CNY", amount: "10.00", state: "failed",
        payUrl: "/x", createdAt: 1, expiresAt: 2, paidAt: 0 });
    });
    await render(<Recharge />, "/recharge");
    await until(() => q("price-amount") !== null);
    const keys = () => calls.filter((c) => c.path === "/java/orderpay/payByAlipay").map((c) => (c.body as { clientKey: string }).clientKey);
    await act(async () => q<HTMLButtonElement>("recharge-pay")!.click());
    await until(() => q("order-error") !== null);
    await act(async () => q<HTMLButtonElement>("recharge-pay")!.click());
    await until(() => q("order-result")?.getAttribute("data-state") === "failed");
    await act(async () => q<HTMLButtonElement>("recharge-pay")!.click());
    await until(() => keys().length === 3);
    const [k1, k2, k3] = keys();
    expect(k2).toBe(k1);
    expect(k3).not.toBe(k2);
  });

  it("shows 'recharge failed' with the server's reason", async () => {
    routes.unshift((u) => (u.pathname === "/java/orderpay/payByAlipay" ? fail(4101, "Recharge failed") : undefined));
    await render(<Recharge />, "/recharge");
    await until(() => q("price-amount") !== null);
    await act(async () => q<HTMLButtonElement>("recharge-pay")!.click());
    await until(() => q("order-error") !== null);
    expect(q("order-error")!.textContent).toContain("Recharge failed");
  });
});

describe("Membership page", () => {
  const DAY = 86_400_000;
  const PKGS = {
    list: [
      { tier: 1, name: "VIP", months: 1, days: 30, coins: 300 },
      { tier: 2, name: "SVIP", months: 1, days: 30, coins: 600 },
    ],
    vipMonthly: 300, svipMonthly: 600, monthDays: 30,
  };

  it("shows the VIP -> SVIP upgrade price as the server computes it, split into package and difference", async () => {
    const expire = Date.now() + 10 * DAY - 1000;
    routes.push(
      (u) => (u.pathname === "/java/orderpay/vip/list" ? ok(PKGS) : undefined),
      (u) => (u.pathname === "/java/user/userGold" ? ok({ gold: 1000, score: 0, vipLevel: 1, vipExpire: expire }) : undefined),
      (u) => (u.pathname === "/java/user/getVipOpenRecord" ? ok({ list: [], total: 0, pageIndex: 1, pageSize: 1 }) : undefined),
      (u) =>
        u.pathname === "/java/orderpay/getVipAmount" && u.searchParams.get("tier") === "2"
          ? ok({ action: "upgrade", tier: 2, months: Number(u.searchParams.get("months")), upgradeDays: 10,
              coins: u.searchParams.get("months") === "0" ? 100 : 700, expiresAt: expire + 30 * DAY })
          : undefined,
    );
    await render(<Vip />, "/userInfo/vip");
    await until(() => q("vip-status")?.getAttribute("data-state") === "vip");
    await until(() => q("vip-total")?.getAttribute("data-coins") === "700");
    expect(q("vip-package-coins")?.textContent).toBe("600 coins");
    expect(q("vip-difference")?.textContent).toBe("100 coins");
    expect(q("vip-buy")?.textContent).toBe("Upgrade now");

    await act(async () => q<HTMLButtonElement>("vip-months-0")!.click());
    await until(() => q("vip-total")?.getAttribute("data-coins") === "100");
    expect(q("vip-package-coins")).toBeNull();
  });

  it("confirms the price and, with too few coins, offers the recharge page instead of paying", async () => {
    routes.push(
      (u) => (u.pathname === "/java/orderpay/vip/list" ? ok(PKGS) : undefined),
      (u) => (u.pathname === "/java/user/userGold" ? ok({ gold: 100, score: 0, vipLevel: 0, vipExpire: 0 }) : undefined),
      (u) => (u.pathname === "/java/user/getVipOpenRecord" ? ok({ list: [], total: 0, pageIndex: 1, pageSize: 1 }) : undefined),
      (u) => (u.pathname === "/java/orderpay/getVipAmount" ? ok({ action: "purchase", tier: 1, months: 1, upgradeDays: 0, coins: 300, expiresAt: Date.now() + 30 * DAY }) : undefined),
      (u) => (u.pathname === "/java/orderpay/vip/pay" ? fail(4007, "Insufficient gold coins") : undefined),
    );
    await render(<Vip />, "/userInfo/vip");
    await until(() => q("vip-insufficient") !== null);
    expect(q("vip-insufficient")!.textContent).toContain("200 more needed");
    // The confirmation (issue 17) shows the price and the shortfall and offers the recharge page, not Pay.
    await act(async () => q<HTMLButtonElement>("vip-buy")!.click());
    await until(() => q("charge-insufficient") !== null);
    expect(q("charge-what")!.textContent).toBe("VIP · 1-month package · Activate now");
    expect(q("charge-price")!.textContent).toBe("300 coins");
    expect(q("charge-insufficient")!.textContent).toBe("Not enough: 200 coins more needed.");
    expect(q("charge-ok")).toBeNull();
    expect(q("charge-recharge")!.getAttribute("href")).toBe("/recharge");
    await act(async () => q<HTMLButtonElement>("charge-cancel")!.click());
    expect(q("vip-result")).toBeNull();
  });

  it("shows a failed package list with Retry, which loads it again; no records is the no-data picture", async () => {
    let n = 0;
    routes.push(
      (u) => (u.pathname === "/java/orderpay/vip/list" ? (++n === 1 ? new Response(JSON.stringify({ status: "fail", errorMsg: "down" }), { status: 500 }) : ok(PKGS)) : undefined),
      (u) => (u.pathname === "/java/user/userGold" ? ok({ gold: 1000, score: 0, vipLevel: 0, vipExpire: 0 }) : undefined),
      (u) => (u.pathname === "/java/user/getVipOpenRecord" ? ok({ list: [], total: 0, pageIndex: 1, pageSize: 50 }) : undefined),
      (u) => (u.pathname === "/java/orderpay/getVipAmount" ? ok({ action: "purchase", tier: 1, months: 1, upgradeDays: 0, coins: 300, expiresAt: Date.now() + 30 * DAY }) : undefined),
    );
    await render(<Vip />, "/userInfo/vip");
    await until(() => host().querySelector('[data-testid="load-error"] button') !== null);
    expect(q("vip-buy")).toBeNull();
    await act(async () => host().querySelector<HTMLButtonElement>('[data-testid="load-error"] button')!.click());
    await until(() => q("vip-buy") !== null);
    expect(q("vip-records")!.querySelector('[data-testid="no-data"]')).not.toBeNull();
  });

  it("a purchase shows the result and loads the balance and the records again, the balance once for header and page", async () => {
    let bought = false;
    const expire = Date.now() + 30 * DAY;
    routes.push(
      (u) => (u.pathname === "/java/orderpay/vip/list" ? ok(PKGS) : undefined),
      (u) => (u.pathname === "/java/user/userGold" ? ok(bought ? { gold: 700, score: 0, vipLevel: 1, vipExpire: expire } : { gold: 1000, score: 0, vipLevel: 0, vipExpire: 0 }) : undefined),
      (u) =>
        u.pathname === "/java/user/getVipOpenRecord"
          ? ok({ list: bought ? [{ id: 1, action: "purchase", tier: 1, months: 1, upgradeDays: 0, coins: 300, createdAt: Date.now(), expiresAt: expire }] : [], total: bought ? 1 : 0, pageIndex: 1, pageSize: 50 })
          : undefined,
      (u) => (u.pathname === "/java/orderpay/getVipAmount" ? ok({ action: bought ? "renew" : "purchase", tier: 1, months: 1, upgradeDays: 0, coins: 300, expiresAt: expire }) : undefined),
      (u) => {
        if (u.pathname !== "/java/orderpay/vip/pay") return undefined;
        bought = true;
        return ok({ id: 1, action: "purchase", tier: 1, months: 1, upgradeDays: 0, coins: 300, createdAt: Date.now(), expiresAt: expire });
      },
    );
    await render(<Vip />, "/userInfo/vip");
    await until(() => q("vip-buy") !== null && q("balance-coins")?.textContent === "1,000");
    expect(calls.filter((c) => c.path === "/java/user/userGold")).toHaveLength(1);
    await act(async () => q<HTMLButtonElement>("vip-buy")!.click());
    await until(() => q("charge-ok") !== null);
    await act(async () => q<HTMLButtonElement>("charge-ok")!.click());
    await until(() => q("vip-result")?.getAttribute("data-ok") === "true");
    await until(() => q("balance-coins")?.textContent === "700" && q("vip-status")?.getAttribute("data-state") === "vip");
    await until(() => host().querySelectorAll('[data-testid="vip-record"]').length === 1);
    // After paying: one read for the account (refreshAccount) and one shared by the strip and the page.
    const paid = calls.findIndex((c) => c.path === "/java/orderpay/vip/pay");
    expect(calls.slice(paid).filter((c) => c.path === "/java/user/userGold")).toHaveLength(2);
  });

  it("the wallet strip shows a failed balance with Retry, which loads it again", async () => {
    let n = 0;
    routes.push(
      (u) => (u.pathname === "/java/orderpay/vip/list" ? ok(PKGS) : undefined),
      (u) => (u.pathname === "/java/user/userGold" ? (++n === 1 ? new Response(JSON.stringify({ status: "fail", errorMsg: "down" }), { status: 500 }) : ok({ gold: 42, score: 0, vipLevel: 0, vipExpire: 0 })) : undefined),
      (u) => (u.pathname === "/java/user/getVipOpenRecord" ? ok({ list: [], total: 0, pageIndex: 1, pageSize: 50 }) : undefined),
    );
    await render(<Vip />, "/userInfo/vip");
    await until(() => q("balance-retry") !== null);
    await act(async () => q<HTMLButtonElement>("balance-retry")!.click());
    await until(() => q("balance-coins")?.textContent === "42");
    expect(q("balance-error")).toBeNull();
  });
});
