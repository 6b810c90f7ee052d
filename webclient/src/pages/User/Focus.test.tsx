// /userInfo/focus against a stubbed network: the follow list loads a page at a time through src/data
// (loading box, rows, the no-data picture for nobody, the error with Retry), and Unfollow takes the
// row away without loading the list again.
import { act } from "react";
import { MemoryRouter } from "react-router";
import { VirtuosoMockContext } from "react-virtuoso";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { StateProvider } from "../../state/hooks";
import { initI18n } from "../../i18n";
import { testRoot } from "../../test/root";
import Focus from "./Focus";

type Answer = { status: number; body: unknown };
const asked: URL[] = [];
let page: (u: URL) => Answer | Promise<Answer>;

const ok = (result: unknown) => ({ status: 200, body: { status: "success", result } });
const fans = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ userId: `u${from + i}`, name: `Fan ${from + i}`, level: 2 }));

function stubServer() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const u = new URL(input, "http://t");
      asked.push(u);
      const a = u.pathname.endsWith("/user/getFollowOrFansH5") ? await page(u) : ok({ following: false, fans: 0 });
      return new Response(JSON.stringify(a.body), { status: a.status });
    }),
  );
}

beforeAll(async () => {
  await initI18n("en_US");
});
afterEach(() => {
  asked.length = 0;
  vi.unstubAllGlobals();
});

const root = testRoot();
const show = () =>
  root.render(
    <StateProvider>
      <MemoryRouter initialEntries={["/userInfo/focus"]}>
        <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 60 }}>
          <Focus />
        </VirtuosoMockContext.Provider>
      </MemoryRouter>
    </StateProvider>,
  );
const until = (cond: () => boolean) => vi.waitFor(() => expect(cond()).toBe(true), { timeout: 3000 });
const rows = () => root.all('[data-testid="focus-row"]');

describe("the follow list", () => {
  it("shows the loading box, then the people followed", async () => {
    let answer!: (a: Answer) => void;
    page = () => new Promise((res) => (answer = res));
    stubServer();
    await show();
    expect(root.q('[data-testid="loading"]')).not.toBeNull();
    expect(asked[0]!.searchParams.get("type")).toBe("1");
    expect(asked[0]!.searchParams.get("pageIndex")).toBe("1");
    await act(async () => answer(ok({ list: fans(3), total: 3 })));
    await until(() => rows().length === 3);
    expect(rows()[0]!.textContent).toContain("Fan 1");
  });

  it("loads the next page at the list's end and shows a row that moved onto it once", async () => {
    page = (u) => (u.searchParams.get("pageIndex") === "1" ? ok({ list: fans(20), total: 25 }) : ok({ list: fans(6, 20), total: 25 }));
    stubServer();
    await show();
    await until(() => rows().length === 25);
    expect(asked.map((u) => u.searchParams.get("pageIndex"))).toEqual(["1", "2"]);
  });

  it("shows the no-data picture when nobody is followed, and the followers tab asks for type 2", async () => {
    page = (u) => ok(u.searchParams.get("type") === "2" ? { list: fans(1, 50), total: 1 } : { list: [], total: 0 });
    stubServer();
    await show();
    await until(() => root.q('[data-testid="no-data"]') !== null);
    await act(async () => root.q<HTMLButtonElement>('[data-testid="focus-tab-followers"]')!.click());
    await until(() => rows().length === 1);
    expect(root.q('[data-testid="focus-unfollow"]')).toBeNull();
  });

  it("shows the error with Retry, which loads again", async () => {
    let n = 0;
    page = () => (++n === 1 ? { status: 500, body: { status: "error", message: "down" } } : ok({ list: fans(2), total: 2 }));
    stubServer();
    await show();
    await until(() => root.q('[data-testid="load-error"]') !== null);
    await act(async () => root.q<HTMLButtonElement>('[data-testid="load-error"] button')!.click());
    await until(() => rows().length === 2);
  });

  it("Unfollow takes the row away without loading the list again", async () => {
    page = () => ok({ list: fans(2), total: 2 });
    stubServer();
    await show();
    await until(() => rows().length === 2);
    await act(async () => root.q<HTMLButtonElement>('[data-testid="focus-unfollow"]')!.click());
    await until(() => rows().length === 1);
    expect(rows()[0]!.textContent).toContain("Fan 2");
    const follow = asked.find((u) => u.pathname.endsWith("/user/followUser"))!;
    expect([follow.searchParams.get("userId"), follow.searchParams.get("type")]).toEqual(["u1", "2"]);
    expect(asked.filter((u) => u.pathname.endsWith("/user/getFollowOrFansH5"))).toHaveLength(1);
  });
});
