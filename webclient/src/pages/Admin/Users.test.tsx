// The users screen against a stubbed network: a user without a role shows a dash in the list (as a
// missing e-mail or phone does), and a staff member's roles show as their translated tags.
import { act } from "react";
import { describe, expect, it } from "vitest";
import { staffStateAtom } from "../../state/admin";
import { appStore } from "../../state/store";
import { adminScreen, fail, ok, type Answer } from "../../test/adminScreen";
import Users from "./Users";

const user = (userId: string, name: string, roles: { role: string; expires: number }[]) => ({
  userId, name, email: "", phone: "", level: 1, roles, banned: false, muted: false, createdAt: Date.UTC(2026, 10, 18), avatar: "",
});
const list: Answer = (path) =>
  path === "/java/admin/users"
    ? ok({ list: [user("u5", "demotroll", []), user("u49", "root", [{ role: "admin", expires: 0 }])], total: 2 })
    : fail(1004, "not found");
let answer: Answer = list;
const { calls, q, all, until, click, typeInto, render } = adminScreen({ answer: (p, b, u) => answer(p, b, u), token: "tok" });

describe("back office: users", () => {
  it("signs a user out everywhere with a reason: the call, then the user's sessions read again and empty", async () => {
    appStore.set(staffStateAtom, { userId: "u1", name: "mod", roles: ["moderator"], permissions: ["backOffice", "mutePlatform"],
      enrolled: true, verified: true, expires: 0 });
    let sessions = 2;
    const session = (i: number) => ({ started: i, lastSeen: i, expires: i + 1, ip: `203.0.113.*`, device: `Device ${i}` });
    answer = (path, body, u) => {
      if (path === "/java/admin/users/u5") return ok({ ...user("u5", "demotroll", []), signature: "", experience: 0, coins: 0, diamonds: 0,
        earnedCoins: 0, earnedDiamonds: 0, sessions, ledger: [], ledgerTotal: 0 });
      if (path === "/java/admin/users/u5/sessions") return ok({ list: Array.from({ length: sessions }, (_, i) => session(i + 1)) });
      if (path === "/java/admin/users/signout") {
        sessions = 0;
        return ok({ done: true });
      }
      return list(path, body, u);
    };
    await render(<Users />);
    await until(() => all('[data-testid="admin-user-open"]').length === 2);
    await click(all('[data-testid="admin-user-open"]')[0]!);
    await until(() => all('[data-testid="admin-user-session"]').length === 2);
    await act(async () => typeInto(q<HTMLInputElement>('[data-testid="admin-user-reason"]')!, "account shared"));
    await click(q('[data-testid="admin-user-signout"]'));
    await until(() => q('[data-testid="admin-user-sessions"]')?.textContent?.includes("No live sessions.") === true);
    expect(calls.filter((c) => c.path === "/java/admin/users/signout").map((c) => c.body)).toEqual([{ userId: "u5", reason: "account shared" }]);
    expect(q('[data-testid="admin-user-detail"] [role="status"]')!.textContent).toBe("Done.");
    expect(q<HTMLInputElement>('[data-testid="admin-user-reason"]')!.value).toBe(""); // the reason is not reused by the next action
    answer = list;
  }, 60_000);

  it("shows a dash for a user without a role and the translated tag for staff", async () => {
    await render(<Users />);
    await until(() => all('[data-testid="admin-user-open"]').length === 2);
    const roles = all('[data-testid="admin-users"] tbody tr').map((r) => r.querySelectorAll("td")[4]!.textContent);
    expect(roles).toEqual(["—", "Administrator"]);
    expect(q('[data-testid="admin-users"] tbody tr td:nth-child(2)')!.textContent).toBe("—");
  }, 60_000);
});
