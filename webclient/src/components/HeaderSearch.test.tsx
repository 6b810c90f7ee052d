// The header's search box: suggestions are asked a pause after the last key (not for one Latin
// letter), the list stays on screen while the next text's answer is on its way, and a failed ask
// shows none. Arrow keys pick a suggestion; Enter opens it.
import { act } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../i18n";
import { StateProvider } from "../state/hooks";
import { HeaderSearch } from "./HeaderSearch";
import { testRoot } from "../test/root";

const { root, host } = testRoot();
const ok = (result: unknown) => new Response(JSON.stringify({ status: "success", result }), { status: 200 });
const hit = (id: string, title: string) => ({ kind: "team", id, title, target: `/team/${id}` });

/** Answers /search/suggest with a team per text; "bad" fails. Each answer waits for release(). */
function server() {
  const asked: string[] = [];
  const waiting: (() => void)[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const u = new URL(String(input), "http://x");
      const q = u.searchParams.get("q") ?? "";
      asked.push(q);
      await new Promise<void>((r) => waiting.push(r));
      if (q === "bad") return new Response(JSON.stringify({ status: "fail", errorMsg: "down" }), { status: 500 });
      return ok({ list: [hit(`${q}1`, `${q} one`), hit(`${q}2`, `${q} two`)] });
    }),
  );
  return {
    asked,
    release: () => act(async () => waiting.splice(0).forEach((r) => r())),
  };
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const input = () => host().querySelector<HTMLInputElement>('[data-testid="header-search"]')!;
const titles = () => [...host().querySelectorAll('[data-testid="search-suggestion"]')].map((li) => li.firstElementChild?.textContent);

async function type(value: string) {
  await act(async () => {
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    set.call(input(), value);
    input().dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function pause() {
  await act(async () => vi.advanceTimersByTime(200));
}

beforeAll(async () => {
  await initI18n("en_US");
});
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  await act(async () =>
    root().render(
      <StateProvider>
        <MemoryRouter>
          <HeaderSearch />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </StateProvider>,
    ),
  );
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("HeaderSearch", () => {
  it("asks after a pause, not for one Latin letter, and keeps the list while the next answer comes", async () => {
    const srv = server();
    await type("a");
    await pause();
    expect(srv.asked).toEqual([]);
    await type("ar");
    expect(srv.asked).toEqual([]); // not before the pause
    await pause();
    expect(srv.asked).toEqual(["ar"]);
    await srv.release();
    await vi.waitFor(() => expect(titles()).toEqual(["ar one", "ar two"]));
    await type("ars");
    await pause();
    expect(srv.asked).toEqual(["ar", "ars"]);
    expect(titles()).toEqual(["ar one", "ar two"]); // no blink between keys
    await srv.release();
    await vi.waitFor(() => expect(titles()).toEqual(["ars one", "ars two"]));
    await type("a");
    expect(titles()).toEqual([]);
  });

  it("shows no list when the ask fails", async () => {
    const srv = server();
    await type("bad");
    await pause();
    await srv.release();
    await vi.waitFor(() => expect(srv.asked).toEqual(["bad"]));
    await act(async () => {});
    expect(titles()).toEqual([]);
  });

  it("picks a suggestion with the arrow keys and opens it with Enter", async () => {
    const srv = server();
    await type("ar");
    await pause();
    await srv.release();
    await vi.waitFor(() => expect(titles()).toHaveLength(2));
    const key = (k: string) => act(async () => input().dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true })));
    await key("ArrowDown");
    await key("ArrowDown");
    expect(input().getAttribute("aria-activedescendant")).toMatch(/-1$/);
    await act(async () => input().form!.requestSubmit());
    expect(host().querySelector('[data-testid="where"]')!.textContent).toBe("/team/ar2");
    expect(input().value).toBe("");
    expect(titles()).toEqual([]);
  });
});
