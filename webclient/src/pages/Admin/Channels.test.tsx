import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { StateProvider } from "../../state/hooks";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import Channels from "./Channels";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const ok = (result: unknown) => new Response(JSON.stringify({ status: "success", result }), { status: 200 });
const row = (id: number, code: string, ownerId: number, owner: string) => ({
  id, code, name: `Channel ${id}`, source: "forum", type: "register", path: `/?c=${code}`, link: `http://x/?c=${code}`,
  shareBps: 1000, createdAt: 0, ownerId, owner, visits: 12, registrations: 3, downloads: 0,
});

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

describe("back office: promotion channels", () => {
  it("lists every partner's channels with their totals and searches", async () => {
    const queries: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const u = new URL(String(input), "http://x");
        queries.push(u.searchParams.get("q") ?? "");
        const list = u.searchParams.get("q") ? [row(2, "cbanner", 7, "alice")] : [row(2, "cbanner", 7, "alice"), row(1, "dayan001", 0, "")];
        return ok({ list, total: list.length, pageIndex: 1, pageSize: 50 });
      }),
    );
    await act(async () =>
      root.render(
        <StateProvider>
          <MemoryRouter>
            <Channels />
          </MemoryRouter>
        </StateProvider>,
      ),
    );
    await vi.waitFor(() => expect(container.querySelectorAll('[data-testid="admin-channel-row"]')).toHaveLength(2));
    const site = container.querySelector('[data-code="dayan001"]')!;
    expect(site.textContent).toContain("Site (default)");
    expect(container.querySelector('[data-code="cbanner"]')!.textContent).toContain("alice");
    expect(container.querySelector('[data-testid="admin-channels-total"]')!.textContent).toBe("2 channels");
    const input = container.querySelector<HTMLInputElement>('[data-testid="admin-channels-q"]')!;
    await act(async () => {
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
      set.call(input, "alice");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await act(async () => input.form!.requestSubmit());
    await vi.waitFor(() => expect(container.querySelectorAll('[data-testid="admin-channel-row"]')).toHaveLength(1));
    expect(queries).toEqual(["", "alice"]);
  });
});
