// The proclamations screen against a stubbed network: the list is paged by the server (a page of
// 50 and a pager when there are more), and the state filter starts again from the first page.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { StateProvider } from "../../../state/hooks";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../../i18n";
import type { Proclamation } from "../../../api/content";
import { ProclamationsAdmin } from ".";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const asked: URLSearchParams[] = [];
const TOTAL = 120;
const item = (id: number): Proclamation => ({ id, lang: "", title: `Notice ${id}`, content: "Maintenance tonight", link: "", level: "info",
  startTime: 1, endTime: 0, state: "active" });

beforeAll(async () => {
  await initI18n("en_US");
});
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal("fetch", vi.fn(async (input: string) => {
    const u = new URL(input, "http://test");
    asked.push(u.searchParams);
    const page = Number(u.searchParams.get("pageIndex") ?? 1);
    const size = Number(u.searchParams.get("pageSize") ?? 50);
    const ids = Array.from({ length: Math.max(0, Math.min(size, TOTAL - (page - 1) * size)) }, (_, i) => (page - 1) * size + i + 1);
    return new Response(JSON.stringify({ status: "success", result: { list: ids.map(item), total: TOTAL, pageIndex: page, pageSize: size, now: 1 } }));
  }));
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const rows = () => container.querySelectorAll('[data-testid="proclamation-row"]').length;
const until = (cond: () => boolean) => vi.waitFor(() => expect(cond()).toBe(true), { timeout: 5000 });
const button = (text: string) => [...container.querySelectorAll<HTMLButtonElement>("button")].find((b) => b.textContent === text)!;

describe("the proclamations screen", () => {
  it("pages the list on the server and resets the page with the filter", async () => {
    await act(async () => root.render(<StateProvider><MemoryRouter><ProclamationsAdmin /></MemoryRouter></StateProvider>));
    await until(() => rows() === 50);
    expect(container.querySelector('[data-testid="proclamation-pager"]')!.textContent).toContain("Page 1 of 3");
    await act(async () => button("Next").click());
    await until(() => asked.at(-1)?.get("pageIndex") === "2" && rows() === 50);
    await act(async () => button("Next").click());
    await until(() => rows() === 20);
    expect(button("Next")).toBeUndefined();
    await act(async () => button("Scheduled").click());
    await until(() => asked.at(-1)?.get("state") === "scheduled" && asked.at(-1)?.get("pageIndex") === "1");
  });
});
