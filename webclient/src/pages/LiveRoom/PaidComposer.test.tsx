import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { StateProvider } from "../../state/hooks";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { appStore } from "../../state/store";
import { balancesAtom } from "../../state/session";
import { PaidComposer } from "./PaidComposer";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const q = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const ok = (result: unknown) => new Response(JSON.stringify({ status: "success", result }), { status: 200 });
const fail = (errorCode: number, errorMsg: string) => new Response(JSON.stringify({ status: "fail", code: 400, errorCode, errorMsg }), { status: 200 });
const TIERS = { list: [{ coins: 30, color: "blue", pinSecs: 60 }, { coins: 500, color: "yellow", pinSecs: 300 }], reasons: [] };

async function render() {
  const router = createMemoryRouter([{ path: "/", element: <PaidComposer room="1001" signedIn /> }]);
  await act(async () =>
    root.render(
      <StateProvider>
        <RouterProvider router={router} />
      </StateProvider>,
    ),
  );
}

function type(el: HTMLTextAreaElement, value: string) {
  const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
  set.call(el, value);
  el.dispatchEvent(new Event("input", { bubbles: true }));
}

beforeAll(async () => {
  await initI18n("en_US");
});

beforeEach(() => {
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe("PaidComposer", () => {
  it("retries a failed send with the same nonce and offers a recharge when coins are short", async () => {
    const sends: { coins: number; text: string; nonce: string }[] = [];
    let n = 0;
    vi.stubGlobal("fetch", vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).includes("/paidmsg/tiers")) return ok(TIERS);
      sends.push(JSON.parse(String(init!.body)));
      return ++n === 1 ? fail(7206, "Try again") : fail(4007, "Insufficient gold coins");
    }));
    appStore.set(balancesAtom, { coin: 1000, diamond: 0 });
    await render();
    await vi.waitFor(() => expect(q("paid-open")).not.toBeNull());
    await act(async () => q("paid-open")!.click());
    await act(async () => q("paid-tier-500")!.click());
    await act(async () => type(q("paid-text") as HTMLTextAreaElement, "Go team"));
    await act(async () => q("paid-send")!.click());
    expect(q("charge-what")?.textContent).toBe("Pinned paid message");
    expect(q("charge-after")?.textContent).toBe("500 coins");
    await act(async () => q("charge-ok")!.click());
    await vi.waitFor(() => expect(q("paid-error")?.textContent).toContain("Try again"));
    expect(q("paid-recharge")).toBeNull();
    await act(async () => q("paid-send")!.click());
    await act(async () => q("charge-ok")!.click());
    await vi.waitFor(() => expect(q("paid-recharge")?.getAttribute("href")).toBe("/recharge"));
    expect(sends).toHaveLength(2);
    expect(sends[0]).toMatchObject({ room: "1001", coins: 500, text: "Go team" });
    expect(sends[1]!.nonce).toBe(sends[0]!.nonce);
  });
});
