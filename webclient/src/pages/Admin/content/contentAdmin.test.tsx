// The proclamations screen against a stubbed network: the list is paged by the server (a page of
// 50 and a pager when there are more), and the state filter starts again from the first page;
// loading, a failed read with Retry, an empty state, and a withdrawal that reads the list again.
import { act } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Proclamation } from "../../../api/content";
import { adminScreen, fail, ok, type Answer } from "../../../test/adminScreen";
import { ProclamationsAdmin } from ".";

const asked: URLSearchParams[] = [];
const TOTAL = 120;
const item = (id: number, state: Proclamation["state"] = "active"): Proclamation => ({ id, lang: "", title: `Notice ${id}`, content: "Maintenance tonight", link: "", level: "info",
  startTime: 1, endTime: 0, state });

/** The server's pages of TOTAL proclamations. */
const paged: Answer = (_path, _body, u) => {
  const page = Number(u.searchParams.get("pageIndex") ?? 1);
  const size = Number(u.searchParams.get("pageSize") ?? 50);
  const ids = Array.from({ length: Math.max(0, Math.min(size, TOTAL - (page - 1) * size)) }, (_, i) => (page - 1) * size + i + 1);
  return ok({ list: ids.map((id) => item(id)), total: TOTAL, pageIndex: page, pageSize: size, now: 1 });
};
let answer: Answer;
const { q, all, calls, render } = adminScreen({
  answer: (path, body, u) => {
    asked.push(u.searchParams);
    return answer(path, body, u);
  },
});
beforeEach(() => {
  asked.length = 0;
  answer = paged;
});

const rows = () => all('[data-testid="proclamation-row"]').length;
const until = (cond: () => boolean) => vi.waitFor(() => expect(cond()).toBe(true), { timeout: 15000 });
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
  }, 60_000);

  it("shows loading, offers Retry after a failed read, and says when a state has none", async () => {
    let release = () => {};
    let refuse = true;
    answer = (_p, _b, u) => {
      if (refuse) return new Promise((res) => (release = () => res(fail(1001, "Proclamations are away"))));
      return ok({ list: u.searchParams.get("state") === "ended" ? [] : [item(1)], total: 1, pageIndex: 1, pageSize: 50, now: 1 });
    };
    await render(<ProclamationsAdmin />);
    expect(q('[data-testid="loading"]')).not.toBeNull();
    await act(async () => release());
    await until(() => !!q('[data-testid="load-error"]')?.textContent?.includes("Proclamations are away"));
    refuse = false;
    await act(async () => q<HTMLButtonElement>('[data-testid="load-error"] button')!.click());
    await until(() => rows() === 1);
    await act(async () => button("Ended").click());
    await until(() => !!q('[data-testid="no-data"]'));
    expect(q('[data-testid="no-data"]')!.textContent).toContain("No proclamations");
  }, 60_000);

  it("withdraws a proclamation with a reason and reads the list again", async () => {
    let withdrawn = false;
    answer = (path, body) => {
      if (path === "/java/admin/content/proclamations/withdraw") {
        withdrawn = true;
        return ok({ ...item(Number(body?.id), "withdrawn") });
      }
      return ok({ list: [item(7, withdrawn ? "withdrawn" : "active")], total: 1, pageIndex: 1, pageSize: 50, now: 1 });
    };
    await render(<ProclamationsAdmin />);
    await until(() => rows() === 1);
    const reason = q<HTMLInputElement>('[data-testid="proclamation-reason"]')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(reason, "sent by mistake");
      reason.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await act(async () => q<HTMLButtonElement>('[data-testid="proclamation-withdraw"]')!.click());
    await until(() => q('[data-testid="proclamation-state"]')?.textContent === "Withdrawn");
    expect(calls.find((c) => c.path.endsWith("/withdraw"))?.body).toEqual({ id: 7, reason: "sent by mistake" });
    expect(q('[data-testid="proclamation-withdraw"]')).toBeNull();
  }, 60_000);
});
