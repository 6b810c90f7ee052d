// The dashboard against a stubbed network: the recharge amount is isolated from the count beside it
// (so "CN¥" stays with its number in Arabic), and each live room is a row of title, bar and viewers
// with the bar drawn on a track even when nobody watches yet.
import { describe, expect, it } from "vitest";
import { adminScreen, fail, ok } from "../../test/adminScreen";
import Dashboard from "./Dashboard";

const today = {
  signups: 53, recharges: 2, rechargeFen: 1250, coinsSpent: 0, openReports: 2, reportsHour: 4, applications: 3, recentActions: 1,
  liveRooms: [
    { room: "1001", title: "Harbor City Comets vs Blue Lake Hawks: courtside watch-along", viewers: 0 },
    { room: "1002", title: "", viewers: 12 },
  ],
};
const { q, all, until, render } = adminScreen({
  answer: (path) => (path === "/java/admin/dashboard" ? ok(today) : path === "/java/admin/dashboard/days" ? ok({ list: [] }) : fail(1004, "not found")),
  token: "tok",
});

describe("back office: dashboard", () => {
  it("isolates the recharge amount and draws every live room as title, bar on its track and viewers", async () => {
    await render(<Dashboard />);
    await until(() => q('[data-testid="admin-dashboard"]') !== null);
    const recharges = q('[data-testid="admin-card-recharges"]')!;
    expect(recharges.querySelector("bdi")?.textContent).toBe("CN¥12.50");
    expect(recharges.querySelector("bdi")?.getAttribute("dir")).toBe("ltr");
    expect(recharges.textContent).toContain("2 · CN¥12.50");
    const rows = all('[data-testid="admin-dashboard"] li');
    expect(rows).toHaveLength(2);
    // the full title on hover (the row shows one line); a room without a title shows its number
    expect(rows[0]!.querySelector("a")!.getAttribute("title")).toBe(today.liveRooms[0]!.title);
    expect(rows[1]!.querySelector("a")!.textContent).toBe("1002");
    // nobody watching: an empty bar, but its track is there
    const track = rows[0]!.children[1] as HTMLElement;
    expect(track.children).toHaveLength(1);
    expect((track.children[0] as HTMLElement).style.width).toBe("0%");
    expect((rows[1]!.children[1]!.children[0] as HTMLElement).style.width).toBe("100%");
  }, 60_000);
});
