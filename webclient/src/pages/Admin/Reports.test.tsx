// The chat report queue against a stubbed network: loading, a handled report leaves the open queue
// (the list is read again after the decision), a failed load offers Retry, an empty queue shows the
// no-data picture with its own words.
import { act } from "react";
import { describe, expect, it } from "vitest";
import type { Report } from "../../api/admin";
import { adminScreen, fail, ok, type Answer } from "../../test/adminScreen";
import Reports from "./Reports";

let answer: Answer;
const { calls, q, all, until, click, typeInto, render } = adminScreen({ answer: (path, body, url) => answer(path, body, url) });
const report = (messageId: string): Report => ({
  room: "1001", messageId, count: 2, reasons: ["spam"], reporters: [{ userId: "u2", name: "Ines" }], reported: { userId: "u3", name: "Spammer" }, line: null,
  context: [{ id: messageId, kind: "text", userId: "u3", name: "Spammer", text: "buy coins here", time: 1764000000000, reported: true, deleted: false }],
  first: 1764000000000, last: 1764000000000, status: "open",
});
const cards = () => all('[data-testid="admin-report"]');

describe("back office: chat reports", () => {
  it("handles a report and reads the queue again", async () => {
    let open = [report("m1"), report("m2")];
    let release = () => {};
    let first = true;
    answer = (path, body) => {
      if (path === "/java/admin/reports/handle") {
        open = open.filter((r) => r.messageId !== body?.messageId);
        return ok({});
      }
      const list = ok({ list: open, total: open.length });
      if (!first) return list;
      first = false;
      return new Promise((res) => (release = () => res(list)));
    };
    await render(<Reports />);
    expect(q('[data-testid="loading"]')).not.toBeNull();
    await act(async () => release());
    await until(() => cards().length === 2);
    // the line is isolated from the page's direction (an English line on the Arabic screen ends with its "!")
    expect(cards()[0]!.querySelector("li bdi")?.textContent).toBe("buy coins here");
    await act(async () => typeInto(q<HTMLInputElement>('[data-testid="admin-report-reason"]')!, "advertising"));
    await click(q('[data-testid="admin-report-apply"]'));
    await until(() => cards().length === 1);
    expect(calls.find((c) => c.path.endsWith("/handle"))?.body).toMatchObject({ room: "1001", messageId: "m1", action: "delete", reason: "advertising" });
    expect(q('[role="status"]')!.textContent).toBe("Report handled: Delete the line.");
    expect(calls.filter((c) => c.path === "/java/admin/reports")).toHaveLength(2);
  }, 60_000);

  it("offers Retry when the queue cannot be read, and says when no report waits", async () => {
    let refuse = true;
    answer = () => (refuse ? fail(1001, "Reports are resting") : ok({ list: [], total: 0 }));
    await render(<Reports />);
    await until(() => !!q('[data-testid="load-error"]'));
    expect(q('[data-testid="load-error"]')!.textContent).toContain("Reports are resting");
    refuse = false;
    await click(q('[data-testid="load-error"] button'));
    await until(() => !!q('[data-testid="no-data"]'));
    expect(q('[data-testid="no-data"]')!.textContent).toContain("No report is waiting.");
  }, 60_000);
});
