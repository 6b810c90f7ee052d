import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { adminScreen, fail, ok, type Answer } from "../../test/adminScreen";
import Channels from "./Channels";

let answer: Answer;
const { q, all, render } = adminScreen({ answer: (path, body, url) => answer(path, body, url) });
const row = (id: number, code: string, ownerId: number, owner: string) => ({
  id, code, name: `Channel ${id}`, source: "forum", type: "register", path: `/?c=${code}`, link: `http://x/?c=${code}`,
  shareBps: 1000, createdAt: 0, ownerId, owner, visits: 12, registrations: 3, downloads: 0,
});

describe("back office: promotion channels", () => {
  it("lists every partner's channels with their totals and searches", async () => {
    const queries: string[] = [];
    answer = (_path, _body, u) => {
      queries.push(u.searchParams.get("q") ?? "");
      const list = u.searchParams.get("q") ? [row(2, "cbanner", 7, "alice")] : [row(2, "cbanner", 7, "alice"), row(1, "dayan001", 0, "")];
      return ok({ list, total: list.length, pageIndex: 1, pageSize: 50 });
    };
    await render(<Channels />);
    await vi.waitFor(() => expect(all('[data-testid="admin-channel-row"]')).toHaveLength(2));
    const site = q('[data-code="dayan001"]')!;
    expect(site.textContent).toContain("Site (default)");
    expect(q('[data-code="cbanner"]')!.textContent).toContain("alice");
    expect(q('[data-testid="admin-channels-total"]')!.textContent).toBe("2 channels");
    const input = q<HTMLInputElement>('[data-testid="admin-channels-q"]')!;
    await act(async () => {
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
      set.call(input, "alice");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await act(async () => input.form!.requestSubmit());
    await vi.waitFor(() => expect(all('[data-testid="admin-channel-row"]')).toHaveLength(1));
    expect(queries).toEqual(["", "alice"]);
  });
});

describe("back office: promotion channels, states", () => {
  it("shows loading, offers Retry after a failed read, and the no-data picture when nothing matches", async () => {
    let release = () => {};
    let refuse = true;
    answer = () => {
      if (refuse) return new Promise((res) => (release = () => res(fail(1001, "Channels are away"))));
      return ok({ list: [], total: 0, pageIndex: 1, pageSize: 50 });
    };
    await render(<Channels />);
    expect(q('[data-testid="loading"]')).not.toBeNull();
    await act(async () => release());
    await vi.waitFor(() => expect(q('[data-testid="load-error"]')?.textContent).toContain("Channels are away"));
    refuse = false;
    await act(async () => q<HTMLButtonElement>('[data-testid="load-error"] button')!.click());
    await vi.waitFor(() => expect(q('[data-testid="no-data"]')).not.toBeNull());
    expect(q('[data-testid="admin-channels-total"]')!.textContent).toBe("0 channels");
  });
});
