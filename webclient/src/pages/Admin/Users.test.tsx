// The users screen against a stubbed network: a user without a role shows a dash in the list (as a
// missing e-mail or phone does), and a staff member's roles show as their translated tags.
import { describe, expect, it } from "vitest";
import { adminScreen, fail, ok } from "../../test/adminScreen";
import Users from "./Users";

const user = (userId: string, name: string, roles: { role: string; expires: number }[]) => ({
  userId, name, email: "", phone: "", level: 1, roles, banned: false, muted: false, createdAt: Date.UTC(2026, 10, 18), avatar: "",
});
const { q, all, until, render } = adminScreen({
  answer: (path) =>
    path === "/java/admin/users"
      ? ok({ list: [user("u5", "demotroll", []), user("u49", "root", [{ role: "admin", expires: 0 }])], total: 2 })
      : fail(1004, "not found"),
  token: "tok",
});

describe("back office: users", () => {
  it("shows a dash for a user without a role and the translated tag for staff", async () => {
    await render(<Users />);
    await until(() => all('[data-testid="admin-user-open"]').length === 2);
    const roles = all('[data-testid="admin-users"] tbody tr').map((r) => r.querySelectorAll("td")[4]!.textContent);
    expect(roles).toEqual(["—", "Administrator"]);
    expect(q('[data-testid="admin-users"] tbody tr td:nth-child(2)')!.textContent).toBe("—");
  }, 60_000);
});
