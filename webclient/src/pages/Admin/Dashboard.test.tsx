// The dashboard against a stubbed network: the recharge amount is isolated from the count beside it
// (so "CN¥" stays with its number in Arabic), and each live room is a row of title, bar and viewers
// with the bar drawn on a track even when nobody watches yet, its chat rate and reports of the hour;
// the node's health reads from its metrics.
import { describe, expect, it } from "vitest";
import { adminScreen, fail, ok } from "../../test/adminScreen";
import Dashboard from "./Dashboard";

const today = {
  signups: 53, recharges: 2, rechargeFen: 1250, coinsSpent: 0, openReports: 2, reportsHour: 4, applications: 3, recentActions: 1,
  liveRooms: [
    { room: "1001", title: "Harbor City Comets vs Blue Lake Hawks: courtside watch-along", viewers: 0, chatPerMin: 37, reportsHour: 0 },
    { room: "1002", title: "", viewers: 12, chatPerMin: 0, reportsHour: 3 },
  ],
  nodes: [{ node: "http://node-a:8080", host: "node-a", uptimeSecs: 93_780, goroutines: 1234, heapBytes: 52_428_800, rssBytes: -1,
    connections: 4521, rooms: 7, matches: 0 }],
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

  it("shows each live room's chat rate and reports of the hour, a room with reports linking to the queue", async () => {
    await render(<Dashboard />);
    await until(() => q('[data-testid="admin-dashboard"]') !== null);
    const rows = all('[data-testid="admin-dashboard"] li');
    const cell = (i: number, id: string) => rows[i]!.querySelector(`[data-testid="admin-room-${id}"]`)!;
    expect(cell(0, "chat").textContent).toBe("Chat: 37/min");
    expect(cell(0, "reports").textContent).toBe("Reports (1 h): 0");
    expect(cell(0, "reports").querySelector("a")).toBeNull();
    expect(cell(1, "chat").textContent).toBe("Chat: 0/min");
    expect(cell(1, "reports").querySelector("a")?.getAttribute("href")).toBe("/admin/reports");
    expect(cell(1, "reports").textContent).toBe("Reports (1 h): 3");
  }, 60_000);

  it("shows the node's health from its metrics, formatted, with a dash for a value it does not report", async () => {
    await render(<Dashboard />);
    await until(() => q('[data-testid="admin-node"]') !== null);
    const node = q('[data-testid="admin-node"]')!;
    expect(node.textContent).toContain("http://node-a:8080");
    expect(node.textContent).toContain("node-a");
    const stat = (k: string) => node.querySelector(`[data-testid="admin-node-${k}"] bdi`)!.textContent;
    expect(stat("uptime")).toBe("1 day 2 hr"); // 93 780 s
    expect(stat("connections")).toBe("4,521");
    expect(stat("rooms")).toBe("7");
    expect(stat("matches")).toBe("0");
    expect(stat("goroutines")).toBe("1,234");
    expect(stat("heap")).toBe("50 MB");
    expect(stat("rss")).toBe("—");
    expect(node.querySelector('[data-testid="admin-node-uptime"]')!.textContent).toContain("Uptime");
  }, 60_000);
});
