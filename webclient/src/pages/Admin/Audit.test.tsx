// The audit log against a stubbed network: loading, then the newest rows; "More" asks for the rows
// before the cursor the last answer named and appends them until the server names none; a failed
// load offers Retry; an empty log shows the no-data picture.
import { act } from "react";
import { describe, expect, it } from "vitest";
import { adminScreen, fail, ok, type Answer } from "../../test/adminScreen";
import Audit from "./Audit";

let answer: Answer;
const { calls, q, all, until, click, render } = adminScreen({ answer: (path, body, url) => answer(path, body, url) });
const record = (id: number) => ({ id, time: 1764000000000 - id, actorId: 1, actorName: "root", action: "user.ban", targetKind: "user", targetId: `u${id}`, reason: "spam" });
const ids = () => all('[data-testid="admin-audit-row"]').map((r) => r.querySelector("td:nth-child(4)")!.textContent);

describe("back office: audit log", () => {
  it("shows loading, then pages back by the server's cursor until it names none", async () => {
    let release = () => {};
    answer = (_p, _b, u) => {
      const before = u.searchParams.get("before");
      if (!before) return new Promise((res) => (release = () => res(ok({ list: [record(9), record(8)], next: 8 }))));
      if (before === "8") return ok({ list: [record(7), record(6)], next: 6 });
      return ok({ list: [record(5)], next: 0 });
    };
    await render(<Audit />);
    expect(q('[data-testid="loading"]')).not.toBeNull();
    await act(async () => release());
    await until(() => ids().length === 2);
    expect(q('[data-testid="loading"]')).toBeNull();
    await click(q('[data-testid="admin-audit-more"]'));
    await until(() => ids().length === 4);
    await click(q('[data-testid="admin-audit-more"]'));
    await until(() => ids().length === 5);
    expect(ids()).toEqual(["User u9", "User u8", "User u7", "User u6", "User u5"]);
    expect(calls.map((c) => new URLSearchParams(c.query).get("before"))).toEqual([null, "8", "6"]);
    expect(q('[data-testid="admin-audit-more"]')).toBeNull();
  }, 60_000);

  it("names the target's kind in the interface language, and an unknown kind as the server wrote it", async () => {
    answer = () => ok({ list: [{ ...record(3), targetKind: "line", targetId: "1006/m42", before: { deleted: false }, after: { deleted: true } }, { ...record(2), targetKind: "gadget", targetId: "g1" }], next: 0 });
    await render(<Audit />);
    await until(() => ids().length === 2);
    expect(ids()).toEqual(["Chat line 1006/m42", "gadget g1"]);
    expect(all('[data-testid="admin-audit-row"] td:nth-child(4) bdi').map((b) => b.textContent)).toEqual(["1006/m42", "g1"]);
    // before and after are JSON: left to right on the Arabic screen too, braces unmirrored
    expect(all('[data-testid="admin-audit-row"] td:nth-child(5) code').map((c) => c.getAttribute("dir"))).toEqual(["ltr", "ltr"]);
  }, 60_000);

  it("offers Retry when the log cannot be read, and shows the no-data picture when it is empty", async () => {
    let refuse = true;
    answer = () => (refuse ? fail(1001, "The audit store is away") : ok({ list: [], next: 0 }));
    await render(<Audit />);
    await until(() => !!q('[data-testid="load-error"]'));
    expect(q('[data-testid="load-error"]')!.textContent).toContain("The audit store is away");
    refuse = false;
    await click(q('[data-testid="load-error"] button'));
    await until(() => !!q('[data-testid="no-data"]'));
    expect(q('[data-testid="no-data"]')!.textContent).toContain("Nothing here.");
    expect(calls).toHaveLength(2);
  }, 60_000);
});
