import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { StateProvider } from "../../state/hooks";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { appStore } from "../../state/store";
import { balancesAtom } from "../../state/session";
import { connStatusAtom, EMPTY_ROOM, realtimeCommandsAtom, type RealtimeCommands } from "../../state/realtime";
import type { CommandInput, CommandResult } from "../../realtime/connection";
import { GiftPanel } from "./GiftPanel";
import { forgetGifts } from "../../components/GiftFx/catalogue";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const q = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const ok = (result: unknown) => new Response(JSON.stringify({ status: "success", result }), { status: 200 });
const CATALOGUE = { list: [{ id: 3, name: "Whistle", icon: "", currency: "gold", price: 5 }, { id: 9, name: "Trophy", currency: "score", price: 10 }] };

/** Commands whose gift answers the test decides; everything sent is recorded. */
function commands(answer: (c: CommandInput) => CommandResult): CommandInput[] {
  const sent: CommandInput[] = [];
  const c: RealtimeCommands = {
    sendChat: () => true,
    reconnect: () => {},
    clearSendError: () => {},
    command: async (cmd) => {
      sent.push(cmd);
      return answer(cmd);
    },
  };
  appStore.set(realtimeCommandsAtom, c);
  return sent;
}

async function render(signedIn: boolean) {
  const router = createMemoryRouter([{ path: "/", element: <GiftPanel room="1001" view={{ ...EMPTY_ROOM, joined: true }} signedIn={signedIn} /> }]);
  await act(async () =>
    root.render(
      <StateProvider>
        <RouterProvider router={router} />
      </StateProvider>,
    ),
  );
}

beforeAll(async () => {
  await initI18n("en_US");
});

beforeEach(() => {
  forgetGifts();
  appStore.set(connStatusAtom, { state: "connected", attempt: 0 });
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  appStore.set(realtimeCommandsAtom, null);
  vi.unstubAllGlobals();
});

describe("GiftPanel", () => {
  it("asks a guest to log in and loads no catalogue", async () => {
    const fetch = vi.fn(async () => ok(CATALOGUE));
    vi.stubGlobal("fetch", fetch);
    await render(false);
    expect(q("gift-login")?.textContent).toBe("Log in to send gifts");
    expect(q("gift-send")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the no-data picture when the catalogue is not served", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("not found", { status: 404 })));
    await render(true);
    await vi.waitFor(() => expect(q("no-data")?.textContent).toContain("No gifts available yet"));
    expect(container.querySelectorAll('[data-testid="gift-item"]')).toHaveLength(0);
  });

  it("links every gift's animation (/svga) from the panel's heading", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => ok(CATALOGUE)));
    await render(true);
    await vi.waitFor(() => expect(q("gift-preview-link")?.getAttribute("href")).toBe("/svga"));
  });

  it("confirms a big gift with its price and the balance after, then sends it; 4007 gets the recharge prompt", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => ok(CATALOGUE)));
    appStore.set(balancesAtom, { coin: 0, diamond: 1000 });
    const sent = commands(() => ({ ok: false, code: 4007, key: "gift.insufficientCoins", msg: "Insufficient gold coins" }));
    await render(true);
    await vi.waitFor(() => expect(container.querySelectorAll('[data-testid="gift-item"]')).toHaveLength(2));
    await act(async () => container.querySelector<HTMLElement>('[data-gift="9"]')!.click());
    await act(async () => q("gift-count-66")!.click());
    // 66 trophies of 10 diamonds: a big gift, confirmed first; Cancel sends nothing
    await act(async () => q("gift-send")!.click());
    expect(q("charge-what")?.textContent).toBe("Trophy ×66");
    expect(q("charge-after")?.textContent).toBe("340 diamonds");
    await act(async () => q("charge-cancel")!.click());
    expect(sent).toEqual([]);
    await act(async () => q("gift-send")!.click());
    await act(async () => q("charge-ok")!.click());
    expect(sent).toEqual([{ t: "gift", room: "1001", gift: "9", count: 66 }]);
    await vi.waitFor(() => expect(q("gift-recharge")?.getAttribute("href")).toBe("/recharge"));
    expect(q("gift-error")?.textContent).toContain("Insufficient balance");
  });

  it("counts repeated sends of one gift as a combo and shows other refusals as sent", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => ok(CATALOGUE)));
    let n = 0;
    commands(() => (++n <= 3 ? { ok: true, seq: n } : { ok: false, code: 4015, key: "gift.failed", msg: "Gift giving failed" }));
    await render(true);
    await vi.waitFor(() => expect(q("gift-send")).not.toBeNull());
    await act(async () => container.querySelector<HTMLElement>('[data-gift="3"]')!.click());
    for (let i = 0; i < 3; i++) await act(async () => q("gift-send")!.click());
    expect(q("gift-combo")?.textContent).toBe("Combo ×3");
    await act(async () => q("gift-send")!.click());
    expect(q("gift-error")?.textContent).toBe("Gift giving failed");
    expect(q("gift-recharge")).toBeNull();
  });
});
