// The proclamations screen against a stubbed network: the list is paged by the server (a page of
// 50 and a pager when there are more), and the state filter starts again from the first page.
import { act } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Proclamation } from "../../../api/content";
import { adminScreen } from "../../../test/adminScreen";
import { ProclamationsAdmin } from ".";

const asked: URLSearchParams[] = [];
const TOTAL = 120;
const item = (id: number): Proclamation => ({ id, lang: "", title: `Notice ${id}`, content: "Maintenance tonight", link: "", level: "info",
  startTime: 1, endTime: 0, state: "active" });

const { q, all, render } = adminScreen({
  answer: (_path, _body, u) => {
    asked.push(u.searchParams);
    const page = Number(u.searchParams.get("pageIndex") ?? 1);
    const size = Number(u.searchParams.get("pageSize") ?? 50);
    const ids = Array.from({ length: Math.max(0, Math.min(size, TOTAL - (page - 1) * size)) }, (_, i) => (page - 1) * size + i + 1);
    return new Response(JSON.stringify({ status: "success", result: { list: ids.map(item), total: TOTAL, pageIndex: page, pageSize: size, now: 1 } }));
  },
});
beforeEach(() => {
  asked.length = 0;
});

const rows = () => all('[data-testid="proclamation-row"]').length;
const until = (cond: () => boolean) => vi.waitFor(() => expect(cond()).toBe(true), { timeout: 5000 });
const button = (text: string) => all("button").find((b) => b.textContent === text) as HTMLButtonElement;

describe("the proclamations screen", () => {
  it("pages the list on the server and resets the page with the filter", async () => {
    await render(<ProclamationsAdmin />);
    await until(() => rows() === 50);
    expect(q('[data-testid="proclamation-pager"]')!.textContent).toContain("Page 1 of 3");
    await act(async () => button("Next").click());
    await until(() => asked.at(-1)?.get("pageIndex") === "2" && rows() === 50);
    await act(async () => button("Next").click());
    await until(() => rows() === 20);
    expect(button("Next")).toBeUndefined();
    await act(async () => button("Scheduled").click());
    await until(() => asked.at(-1)?.get("state") === "scheduled" && asked.at(-1)?.get("pageIndex") === "1");
  });
});
