// A back-office screen against a stubbed network, for the Admin page tests: English texts, a fresh
// React root per test inside the app's state and a router, and a fetch stub that records every call
// and answers through the test's `answer`. A test file states only its data, its answers and what it
// reads back.
import { act, type ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, expect, vi } from "vitest";
import { initI18n } from "../i18n";
import { StateProvider } from "../state/hooks";
import { tokenAtom } from "../state/session";
import { appStore } from "../state/store";
import { testRoot } from "./root";

/** One request the screen made: its path, its query string ("?a=1" or "") and its JSON body. */
export type Call = { path: string; query: string; body?: Record<string, unknown> };
export type Answer = (path: string, body: Record<string, unknown> | undefined, url: URL) => Response | Promise<Response>;

/** A success envelope. */
export const ok = (result: unknown) => new Response(JSON.stringify({ status: "success", result }), { status: 200 });
/** A refusal envelope (HTTP 400). */
export const fail = (errorCode: number, errorMsg: string) =>
  new Response(JSON.stringify({ status: "fail", errorCode, errorMsg, code: 400 }), { status: 400 });

/**
 * Registers the per-test setup; call it once at the top of a test file. `answer` is called for
 * every request (wrap a `let` the tests reassign: `answer: (p, b) => answer(p, b)`); `token` signs
 * staff in before each test.
 */
export function adminScreen(opts: { answer: Answer; token?: string }) {
  const calls: Call[] = [];
  beforeAll(async () => {
    await initI18n("en_US");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const root = testRoot(); // after hooks run last-registered first: unmount, then unstub
  beforeEach(() => {
    calls.length = 0;
    if (opts.token !== undefined) appStore.set(tokenAtom, opts.token);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
        const url = new URL(String(input), "http://test");
        const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
        calls.push({ path: url.pathname, query: url.search, body });
        return opts.answer(url.pathname, body, url);
      }),
    );
  });
  return {
    calls,
    q: <T extends Element = HTMLElement>(selector: string) => root.q<T>(selector),
    all: (selector: string) => root.all(selector) as HTMLElement[],
    /** The rendered screen's text. */
    text: root.text,
    /** Renders ui inside the app's state and a router. */
    render: (ui: ReactNode) =>
      root.render(
        <StateProvider>
          <MemoryRouter>{ui}</MemoryRouter>
        </StateProvider>,
      ),
    until: async (cond: () => boolean, timeout = 15000) => {
      await vi.waitFor(() => expect(cond()).toBe(true), { timeout });
    },
    click: async (el: Element | null) => {
      await act(async () => (el as HTMLElement).click());
    },
    typeInto: (el: HTMLInputElement, value: string) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(el, value);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    },
  };
}
