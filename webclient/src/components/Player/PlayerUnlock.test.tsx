// Unlocking a paid room from the player (issue 17: every charge is confirmed with its price and the
// balance after; the header's balance updates at once after an unlock), against a fake /java server.
import { act } from "react";
import { StateProvider } from "../../state/hooks";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { appStore } from "../../state/store";
import { balancesAtom, tokenAtom } from "../../state/session";
import { testRoot } from "../../test/root";
import PlayerUnlock from "./PlayerUnlock";

type Answer = { status: string; result?: unknown; errorCode?: number; errorMsg?: string };

/** Answers each path from its queue (the last answer repeats) and records the calls in order. */
function fakeServer(routes: Record<string, Answer[]>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, "http://test").pathname.replace(/^\/java/, "");
      calls.push({ path, body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined });
      const queue = routes[path];
      if (!queue) return new Response(JSON.stringify({ status: "fail", errorMsg: `no route ${path}` }), { status: 404 });
      return new Response(JSON.stringify(queue.length > 1 ? queue.shift()! : queue[0]!), { status: 200 });
    }),
  );
  return calls;
}

const ok = (result: unknown): Answer => ({ status: "success", result });
const gold = (coins: number) => ok({ gold: coins, score: 30 });

const { render, q } = testRoot();
const byId = <T extends Element = HTMLElement>(id: string) => q<T>(`[data-testid="${id}"]`);
let unlocked = 0;

async function mount(price = 300) {
  await render(
    <StateProvider>
      <MemoryRouter>
        <PlayerUnlock roomId="a7" price={price} onUnlocked={() => unlocked++} />
      </MemoryRouter>
    </StateProvider>,
  );
}

beforeAll(async () => {
  await initI18n("en_US");
});

beforeEach(() => {
  unlocked = 0;
  appStore.set(tokenAtom, "tok");
  appStore.set(balancesAtom, { coin: 1200, diamond: 30 });
});

afterEach(() => {
  appStore.set(tokenAtom, "");
  vi.unstubAllGlobals();
});

describe("PlayerUnlock", () => {
  it("asks to confirm the price and the balance after, unlocks, then refreshes the header's balance", async () => {
    // The dialog reads the balance when it opens (1200); after the unlock the server says 900.
    const calls = fakeServer({
      "/user/userGold": [gold(1200), gold(900)],
      "/orderpay/match/pay/liveUnlock": [ok({ roomId: "a7", until: 0, charged: true, price: 300 })],
    });
    await mount();
    expect(byId("player-unlock")!.textContent).toBe("Unlock for 300 coins");
    await act(async () => byId<HTMLButtonElement>("player-unlock")!.click());

    // Nothing is charged before the viewer agrees.
    expect(byId("charge-confirm")).not.toBeNull();
    expect(calls.some((c) => c.path === "/orderpay/match/pay/liveUnlock")).toBe(false);
    expect(byId("charge-what")!.textContent).toBe("Unlock this live room");
    expect(byId("charge-price")!.textContent).toBe("300 coins");
    await vi.waitFor(() => expect(byId("charge-after")?.textContent).toBe("900 coins"));

    await act(async () => byId<HTMLButtonElement>("charge-ok")!.click());
    await vi.waitFor(() => expect(unlocked).toBe(1));
    await vi.waitFor(() => expect(appStore.get(balancesAtom)).toEqual({ coin: 900, diamond: 30 }));
    const paths = calls.map((c) => c.path);
    const unlock = paths.indexOf("/orderpay/match/pay/liveUnlock");
    expect(calls[unlock]!.body).toEqual({ roomId: "a7" });
    expect(paths.filter((p) => p === "/orderpay/match/pay/liveUnlock")).toHaveLength(1);
    expect(paths.lastIndexOf("/user/userGold")).toBeGreaterThan(unlock); // refreshed after the charge
    expect(byId("charge-confirm")).toBeNull();
  });

  it("charges nothing when the viewer cancels", async () => {
    const calls = fakeServer({ "/user/userGold": [gold(1200)], "/orderpay/match/pay/liveUnlock": [ok({ roomId: "a7", until: 0, charged: true })] });
    await mount();
    await act(async () => byId<HTMLButtonElement>("player-unlock")!.click());
    await act(async () => byId<HTMLButtonElement>("charge-cancel")!.click());
    expect(byId("charge-confirm")).toBeNull();
    expect(calls.some((c) => c.path === "/orderpay/match/pay/liveUnlock")).toBe(false);
    expect(unlocked).toBe(0);
  });

  it("shows the server's refusal and stays locked", async () => {
    fakeServer({
      "/user/userGold": [gold(100)],
      "/orderpay/match/pay/liveUnlock": [{ status: "fail", errorCode: 5001, errorMsg: "Insufficient gold coins" }],
    });
    await mount(50);
    await act(async () => byId<HTMLButtonElement>("player-unlock")!.click());
    await vi.waitFor(() => expect(byId("charge-ok")).not.toBeNull());
    await act(async () => byId<HTMLButtonElement>("charge-ok")!.click());
    await vi.waitFor(() => expect(q("p")?.textContent).toBe("Insufficient gold coins"));
    expect(unlocked).toBe(0);
    expect(byId<HTMLButtonElement>("player-unlock")!.disabled).toBe(false);
  });
});
