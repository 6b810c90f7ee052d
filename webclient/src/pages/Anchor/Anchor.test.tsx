// The streamer centre's pages against a fake /java server: the earnings views and the
// application form's client-side checks.
import { act } from "react";
import { StateProvider } from "../../state/hooks";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { appStore } from "../../state/store";
import { earningDaysAtom } from "../../state/anchor";
import Revenue from "./Revenue";
import { Apply } from "./Apply";
import AnchorList from "./AnchorList";
import { testRoot } from "../../test/root";

const { root, host } = testRoot();
const q = <T extends Element>(id: string) => host().querySelector<T>(`[data-testid="${id}"]`);
const until = (cond: () => boolean) => vi.waitFor(() => expect(cond()).toBe(true));

function fakeServer(handler: (path: string, query: URLSearchParams, body: unknown) => unknown) {
  const calls: { path: string; query: URLSearchParams; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit) => {
      const u = new URL(input, "http://test");
      const path = u.pathname.replace(/^\/java/, "");
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ path, query: u.searchParams, body });
      const result = handler(path, u.searchParams, body);
      return new Response(JSON.stringify(result === undefined ? { status: "fail", errorMsg: "no route" } : { status: "success", result }));
    }),
  );
  return calls;
}

function days(n: number, coinsOn: Record<string, number>) {
  const out = [];
  for (let i = n - 1; i >= 0; i--) {
    const date = new Date(Date.UTC(2026, 10, 22 - i)).toISOString().slice(0, 10);
    out.push({ date, coins: coinsOn[date] ?? 0, diamonds: 0 });
  }
  return out;
}

async function render(node: React.ReactNode) {
  await act(async () => {
    root().render(
      <StateProvider>
        <MemoryRouter>{node}</MemoryRouter>
      </StateProvider>,
    );
  });
}

beforeAll(async () => {
  await initI18n("en_US");
});

beforeEach(() => {
  appStore.set(earningDaysAtom, 7);
});

afterEach(async () => {
  vi.unstubAllGlobals();
});

describe("earnings", () => {
  it("shows the 7-day view, then the 14- and 30-day views with one bar per day", async () => {
    const calls = fakeServer((path, query) => {
      const d = Number(query.get("days"));
      if (path === "/anchor/goldTotal") return { days: d, coins: d * 10, diamonds: 0, gifts: d, daily: days(d, { "2026-11-22": d * 10 }) };
      if (path === "/anchor/goldDetail") return { days: d, total: 1, list: [{ amount: 10, currency: "coin", gift: "rocket", quantity: 1, time: 1_795_000_000_000, fromUser: "u9" }] };
      return undefined;
    });
    await render(<Revenue />);
    await until(() => q("revenue-chart")?.getAttribute("data-points") === "7");
    expect(q("revenue-coins")!.textContent).toBe("70");
    expect(host().querySelectorAll('[data-testid="revenue-line"]')).toHaveLength(1);

    await act(async () => q<HTMLButtonElement>("revenue-14")!.click());
    await until(() => q("revenue-chart")?.getAttribute("data-points") === "14");
    expect(q("revenue-coins")!.textContent).toBe("140");
    await act(async () => q<HTMLButtonElement>("revenue-30")!.click());
    await until(() => q("revenue-chart")?.getAttribute("data-points") === "30");
    expect(q("revenue-30")!.getAttribute("aria-pressed")).toBe("true");
    expect(calls.filter((c) => c.path === "/anchor/goldTotal").map((c) => c.query.get("days"))).toEqual(["7", "14", "30"]);
    expect(appStore.get(earningDaysAtom)).toBe(30);
  });
});

describe("application form", () => {
  const setValue = (el: HTMLInputElement | HTMLTextAreaElement, v: string) => {
    const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(el, v);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  };

  it("refuses an under-18 applicant and missing rules before calling the server", async () => {
    const calls = fakeServer((path) => (path === "/user/info" ? { userId: "u1", uid: "u1", name: "fan", phone: "+8613800000000" } : undefined));
    await render(<Apply status="none" onSubmitted={() => undefined} />);
    await until(() => q("apply-phone")?.textContent === "+8613800000000");
    await act(async () => {
      setValue(q("apply-name")!, "Han Meimei");
      setValue(q("apply-id")!, "110105201506011238"); // born 2015-06-01: 18 only in 2033
      setValue(q("apply-intro")!, "Hi");
    });
    await act(async () => q<HTMLButtonElement>("apply-submit")!.click());
    expect(q("apply-id-error")!.getAttribute("data-error")).toBe("underage");
    expect(q("apply-id-error")!.textContent).toBe("Streamers must be 18 or older");
    expect(q("apply-agree-error")!.getAttribute("data-error")).toBe("rulesRequired");
    expect(q("apply-photos-error")!.getAttribute("data-error")).toBe("photosRequired");
    expect(calls.some((c) => c.path === "/V2/anchor/user")).toBe(false);
  });

  it("asks for a birth date when the document is not a resident ID", async () => {
    fakeServer((path) => (path === "/user/info" ? { userId: "u1", uid: "u1", name: "fan", phone: "" } : undefined));
    await render(<Apply status="none" onSubmitted={() => undefined} />);
    await until(() => q("apply-phone-missing") !== null);
    await act(async () => setValue(q("apply-id")!, "E12345678"));
    expect(q("apply-birth")).not.toBeNull();
    await act(async () => setValue(q("apply-birth")!, new Date(Date.now() - 5 * 365 * 864e5).toISOString().slice(0, 10)));
    await act(async () => q<HTMLButtonElement>("apply-submit")!.click());
    expect(q("apply-birth-error")!.getAttribute("data-error")).toBe("underage");
  });

  it("shows the rejection reason and lets the user apply again", async () => {
    fakeServer((path) => (path === "/anchor/status" ? { status: "rejected", reason: "Blurry ID photo" } : path === "/user/info" ? { userId: "u1", phone: "+1" } : undefined));
    await render(<Apply status="rejected" onSubmitted={() => undefined} />);
    await until(() => q("apply-reason")?.textContent === "Reason: Blurry ID photo");
    await act(async () => q<HTMLButtonElement>("apply-again")!.click());
    expect(q("apply-form")).not.toBeNull();
  });
});

describe("streamer list", () => {
  it("holds the cards' space while they load (issue 19, layout shift), then shows the cards with sized covers", async () => {
    let answer!: (list: unknown[]) => void;
    const pending = new Promise<unknown[]>((r) => (answer = r));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ status: "success", result: { list: await pending } }))),
    );
    await render(<AnchorList />);
    const loading = q<HTMLElement>("loading");
    expect(loading).not.toBeNull();
    expect(loading!.style.minHeight).toBe("min(100vh, 720px)");
    const card = { anchorId: "u41", name: "HoopsHannah", roomId: "1001", title: "Hoops talk", coverUrl: "/c.png", live: true, viewers: 3, followers: 2, customTag: "" };
    await act(async () => answer([card]));
    await until(() => host().querySelectorAll('[data-testid="anchor-card"]').length === 1);
    const img = host().querySelector<HTMLImageElement>('[data-testid="anchor-card"] img[src="/c.png"]')!;
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["320", "180"]);
    expect(q("loading")).toBeNull();
  });

  it("shows the no-data picture when no streamer is approved", async () => {
    fakeServer((path) => (path === "/anchor/anchorList" ? { list: [] } : undefined));
    await render(<AnchorList />);
    await until(() => q("no-data") !== null);
  });
});
