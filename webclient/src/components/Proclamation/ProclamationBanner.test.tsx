// The banner's dismissal: a guest's stays closed in this browser (and is named to the server so an
// older proclamation can show), a signed-in user's is sent to the server and never kept locally
// (another user of the same browser still sees it).
import { act } from "react";
import { StateProvider } from "../../state/hooks";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { appStore } from "../../state/store";
import { tokenAtom } from "../../state/session";
import { ProclamationBanner } from "./ProclamationBanner";
import { guestDismissed } from "./dismissed";
import { testRoot } from "../../test/root";

const { root, host } = testRoot();
const ok = (result: unknown) => new Response(JSON.stringify({ status: "success", result }), { status: 200 });
const proclamation = (id: number, content: string) => ({ id, lang: "en_US", title: "", content, link: "/live/1001", level: "info", startTime: 1, endTime: 0 });

/** A server with proclamations 2 (newest) and 1: it leaves out the ones a guest names, and records calls. */
function server() {
  const calls: { method: string; path: string; dismissed: string | null; body: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const u = new URL(String(input), "http://x");
      calls.push({ method: init?.method ?? "GET", path: u.pathname, dismissed: u.searchParams.get("dismissed"), body: String(init?.body ?? "") });
      if (u.pathname === "/java/app/getProclamation") {
        const skip = (u.searchParams.get("dismissed") ?? "").split(",").map(Number);
        const list = [proclamation(2, "Cup final tonight"), proclamation(1, "New season, new rooms")].filter((p) => !skip.includes(p.id));
        return ok(list[0] ?? null);
      }
      return ok(null);
    }),
  );
  return calls;
}

async function mount() {
  await act(async () =>
    root().render(
      <StateProvider>
        <MemoryRouter>
          <ProclamationBanner />
        </MemoryRouter>
      </StateProvider>,
    ),
  );
}

const text = () => host().querySelector('[data-testid="proclamation-text"]')?.textContent ?? null;

beforeAll(async () => {
  await initI18n("en_US");
});
beforeEach(() => {
  localStorage.clear();
  appStore.set(tokenAtom, "");
});
afterEach(async () => {
  vi.unstubAllGlobals();
});

describe("the proclamation banner", () => {
  it("stays closed for a guest after a reload, and the older one shows instead", async () => {
    const calls = server();
    await mount();
    await vi.waitFor(() => expect(text()).toBe("Cup final tonight"));
    expect(host().querySelector("a")!.getAttribute("href")).toBe("/live/1001");
    await act(async () => host().querySelector<HTMLButtonElement>('[data-testid="proclamation-close"]')!.click());
    expect(host().querySelector('[data-testid="proclamation"]')).toBeNull();
    expect(guestDismissed()).toEqual([2]);
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    // A reload: the banner asks again, naming the closed one.
    await act(async () => root().render(null)); // unmounts what is shown, as a reload would
    await mount();
    await vi.waitFor(() => expect(text()).toBe("New season, new rooms"));
    expect(calls.at(-1)!.dismissed).toBe("2");
  });

  it("tells the server when a signed-in user closes it, and keeps nothing in the browser", async () => {
    const calls = server();
    appStore.set(tokenAtom, "tok");
    await mount();
    await vi.waitFor(() => expect(text()).toBe("Cup final tonight"));
    expect(calls[0]!.dismissed).toBeNull();
    await act(async () => host().querySelector<HTMLButtonElement>('[data-testid="proclamation-close"]')!.click());
    expect(host().querySelector('[data-testid="proclamation"]')).toBeNull();
    await vi.waitFor(() => expect(calls.find((c) => c.method === "POST")).toMatchObject({ path: "/java/app/dismissProclamation", body: '{"id":2}' }));
    expect(guestDismissed()).toEqual([]);
  });

  it("shows nothing when there is no proclamation or the call fails", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => ok(null)));
    await mount();
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(host().innerHTML).toBe("");
  });
});
