// The live rooms, moderation rules and money screens against a stubbed network: staff refund a paid
// recharge with a reason and see its ledger entries balance; end a broadcast and set a room to
// members only; add and remove a room's moderators; read a room's chat with the deleted line marked; preview and add a banned word. Each
// list shows loading while its first answer is on its way, a failed load with Retry, and the no-data
// picture when the server has nothing.
import { act } from "react";
import { describe, expect, it } from "vitest";
import { adminScreen, fail, ok } from "../../../test/adminScreen";
import { LiveRoomsAdmin, MoneyAdmin, WordsAdmin } from ".";
import { canvasText } from "../../../components/Chart/Chart";
import { DashboardCharts } from "./DashboardCharts";
import { UserSessions } from "./UserSessions";
import type { MoneyRow, RoomCard } from "../../../api/adminops";

let answer: (path: string, body?: Record<string, unknown>) => Response | Promise<Response>;
const { calls, q, all, until, click, typeInto, render } = adminScreen({ answer: (path, body) => answer(path, body), token: "tok" });

const paidRow: MoneyRow = {
  kind: "recharge", reference: "R1", userId: "u7", userName: "fan7", time: 1, state: "paid", product: "coin", quantity: 100,
  priceFen: 1000, method: "dev", refundable: true, balanced: true,
  entries: [
    { txnId: 1, txnType: "recharge", account: "clearing", owner: "", currency: "CNY", amount: -1000, balanceAfter: null, time: 1 },
    { txnId: 1, txnType: "recharge", account: "platform", owner: "", currency: "CNY", amount: 1000, balanceAfter: null, time: 1 },
    { txnId: 1, txnType: "recharge", account: "platform", owner: "", currency: "COIN", amount: -100, balanceAfter: null, time: 1 },
    { txnId: 1, txnType: "recharge", account: "user", owner: "u7", currency: "COIN", amount: 100, balanceAfter: 100, time: 1 },
  ],
};
const refundedRow: MoneyRow = {
  ...paidRow, state: "refunded", refundable: false,
  entries: [...paidRow.entries,
    { txnId: 2, txnType: "refund", account: "user", owner: "u7", currency: "COIN", amount: -100, balanceAfter: 0, time: 2 },
    { txnId: 2, txnType: "refund", account: "platform", owner: "", currency: "COIN", amount: 100, balanceAfter: null, time: 2 }],
};
const liveRoom: RoomCard = { room: "1006", title: "Derby night", streamer: "u42", streamerName: "caster", coverUrl: "", viewers: 1234,
  chatPerMin: 18, up: true, memberOnly: false, paid: false, price: 0, since: 1 };

/** An answer that waits until the test lets it go: the screen shows loading meanwhile. */
function held(r: () => Response) {
  let release = () => undefined as void;
  const answered = new Promise<Response>((resolve) => {
    release = () => resolve(r());
  });
  return { answered, release: () => act(async () => release()) };
}

describe("MoneyAdmin", () => {
  it("shows loading, a failed load with Retry, then the no-data picture for an empty list", async () => {
    const first = held(() => fail(1004, "Money list unavailable"));
    answer = () => first.answered;
    await render(<MoneyAdmin />);
    expect(q('[data-testid="loading"]')).not.toBeNull();
    await first.release();
    await until(() => q('[data-testid="load-error"]') !== null);
    expect(q('[data-testid="load-error"]')!.textContent).toContain("Money list unavailable");
    answer = () => ok({ list: [], total: 0 });
    await click(q('[data-testid="load-error"] button'));
    await until(() => q('[data-testid="no-data"]') !== null);
    expect(q('[data-testid="no-data"]')!.textContent).toContain("Nothing here.");
    expect(calls.filter((c) => c.path === "/java/admin/money").length).toBe(2);
  }, 60_000);

  it("refunds a paid recharge with a reason and shows its entries balancing", async () => {
    answer = (path) => {
      if (path === "/java/admin/money") return ok({ list: [paidRow], total: 1 });
      if (path === "/java/admin/money/refund") return ok(refundedRow);
      return fail(1004, "not found");
    };
    await render(<MoneyAdmin />);
    await until(() => all('[data-testid="admin-money-row"]').length === 1);
    expect(q('[data-testid="admin-money-row"]')!.textContent).toContain("100 coins");
    expect(q('[data-testid="admin-money-row"]')!.textContent).toContain("Paid");
    await click(q('[data-testid="admin-money-refund"]'));
    const confirm = q<HTMLButtonElement>('[data-testid="admin-money-refund-confirm"]')!;
    expect(confirm.disabled).toBe(true); // a reason first
    await act(async () => typeInto(q('[data-testid="admin-money-refund-reason"]')!, "payer asked"));
    await click(q('[data-testid="admin-money-refund-confirm"]'));
    await until(() => q('[data-testid="admin-money-row"]')?.getAttribute("data-state") === "refunded");
    expect(calls.find((c) => c.path === "/java/admin/money/refund")?.body).toEqual({ orderNo: "R1", reason: "payer asked" });
    expect(all('[data-testid="admin-money-entry"]').length).toBe(6);
    expect(all('[data-testid="admin-money-entry"][data-txn="refund"]').length).toBe(2);
    expect(q('[data-testid="admin-money-balanced"]')!.getAttribute("data-balanced")).toBe("true");
    expect(q('[data-testid="admin-money-msg"]')!.textContent).toContain("R1");
    expect(q('[data-testid="admin-money-refund"]')).toBeNull();
    // The refund's answer replaced the row in place: the list was not asked for again.
    expect(calls.filter((c) => c.path === "/java/admin/money").length).toBe(1);
    // Another list asks the server for it, from its first page.
    await click(q('[data-testid="admin-money-kind-chargeback"]'));
    await until(() => calls.some((c) => c.path === "/java/admin/money" && c.query?.includes("kind=chargeback") === true));
  }, 60_000);
});

describe("LiveRoomsAdmin", () => {
  it("shows a room's chat with the deleted line marked, sets members only and ends the broadcast", async () => {
    answer = (path) => {
      if (path === "/java/admin/rooms") return ok({ list: [liveRoom], total: 1 });
      if (path === "/java/admin/rooms/1006") return ok({ room: "1006", chatPerMin: 2, moderators: [{ userId: "u9", name: "helper", addedAt: 1 }],
        lines: [{ id: "1006-1", seq: 1, kind: "chat", userId: "u5", name: "fan", text: "what a goal", time: 1, deleted: false },
          { id: "1006-2", seq: 2, kind: "chat", userId: "u6", name: "troll", text: "rude words", time: 2, deleted: true }] });
      if (path === "/java/admin/rooms/access") return ok({ memberOnly: true, paid: false, price: 0 });
      if (path === "/java/admin/rooms/end") return ok({ done: true, streamStopped: true });
      return fail(1004, "not found");
    };
    await render(<LiveRoomsAdmin />);
    await until(() => all('[data-testid="admin-room"]').length === 1);
    expect(q('[data-testid="admin-room-viewers"]')!.textContent).toBe("1,234");
    // a title and chat lines take their own direction (an English title on the Arabic screen is cut at its end)
    expect(q('[data-testid="admin-room"] h2')!.getAttribute("dir")).toBe("auto");
    await click(q('[data-testid="admin-room-manage"]'));
    await until(() => all('[data-testid="admin-room-line"]').length === 2);
    expect(all('[data-testid="admin-room-line"] bdi').map((b) => b.textContent)).toEqual(["what a goal", "rude words"]);
    expect(all('[data-testid="admin-room-line"]').map((l) => l.dataset.deleted)).toEqual(["false", "true"]);
    expect(q('[data-testid="admin-room-line"][data-deleted="true"]')!.textContent).toContain("deleted");
    expect(q<HTMLButtonElement>('[data-testid="admin-room-end"]')!.disabled).toBe(true); // a reason first
    await act(async () => typeInto(q('[data-testid="admin-room-reason"]')!, "pirated feed"));
    await click(q('[data-testid="admin-room-memberonly"]'));
    await click(q('[data-testid="admin-room-save-access"]'));
    await until(() => calls.some((c) => c.path === "/java/admin/rooms/access"));
    expect(calls.find((c) => c.path === "/java/admin/rooms/access")?.body).toEqual({ room: "1006", memberOnly: true, paid: false, price: 0, reason: "pirated feed" });
    answer = (path) => (path === "/java/admin/rooms" ? ok({ list: [], total: 0 }) : ok({ done: true, streamStopped: true }));
    await click(q('[data-testid="admin-room-end"]'));
    await until(() => q('[data-testid="admin-rooms-msg"]') !== null);
    expect(q('[data-testid="admin-rooms-msg"]')!.textContent).toContain("1006");
    expect(calls.find((c) => c.path === "/java/admin/rooms/end")?.body).toEqual({ room: "1006", reason: "pirated feed" });
    await until(() => all('[data-testid="admin-room"]').length === 0);
  }, 60_000);
});

describe("LiveRoomsAdmin moderators", () => {
  it("adds a room moderator by user id and removes one, each with the reason, and reads the list again", async () => {
    let mods = [{ userId: "u9", name: "helper", addedAt: 1 }];
    answer = (path, body) => {
      if (path === "/java/admin/rooms") return ok({ list: [liveRoom], total: 1 });
      if (path === "/java/admin/rooms/1006") return ok({ room: "1006", chatPerMin: 0, lines: [], moderators: mods });
      if (path === "/java/admin/rooms/moderator") {
        mods = body?.add ? [...mods, { userId: String(body.userId), name: "newmod", addedAt: 2 }] : mods.filter((m) => m.userId !== body?.userId);
        return ok({ done: true });
      }
      return fail(1004, "not found");
    };
    const names = () => all('[data-testid="admin-room-moderator"]').map((li) => li.textContent?.split(" ")[0]);
    await render(<LiveRoomsAdmin />);
    await until(() => all('[data-testid="admin-room"]').length === 1);
    await click(q('[data-testid="admin-room-manage"]'));
    await until(() => names().length === 1);
    expect(q<HTMLButtonElement>('[data-testid="admin-room-mod-add"]')!.disabled).toBe(true); // a user id first
    await act(async () => typeInto(q('[data-testid="admin-room-reason"]')!, "trusted regular"));
    await act(async () => typeInto(q('[data-testid="admin-room-mod-id"]')!, " u77 "));
    await click(q('[data-testid="admin-room-mod-add"]'));
    await until(() => names().length === 2);
    expect(names()).toEqual(["helper", "newmod"]);
    expect(q<HTMLInputElement>('[data-testid="admin-room-mod-id"]')!.value).toBe("");
    expect(q('[data-testid="admin-room-panel"] [role="status"]')!.textContent).toBe("Moderators updated.");
    await click(all('[data-testid="admin-room-moderator"] button')[0]!);
    await until(() => names().length === 1);
    expect(names()).toEqual(["newmod"]);
    expect(calls.filter((c) => c.path === "/java/admin/rooms/moderator").map((c) => c.body)).toEqual([
      { room: "1006", userId: "u77", add: true, reason: "trusted regular" },
      { room: "1006", userId: "u9", add: false, reason: "trusted regular" },
    ]);
  }, 60_000);
});

describe("LiveRoomsAdmin states", () => {
  it("retries a failed list, refreshes without blinking, and retries a room's failed panel", async () => {
    answer = () => fail(1004, "Rooms unavailable");
    await render(<LiveRoomsAdmin />);
    await until(() => q('[data-testid="load-error"]')?.textContent?.includes("Rooms unavailable") === true);
    let viewers = 1234;
    let roomFails = true;
    answer = (path) => {
      if (path === "/java/admin/rooms") return ok({ list: [{ ...liveRoom, viewers }], total: 1 });
      if (path === "/java/admin/rooms/1006") return roomFails ? fail(1004, "Room unavailable") : ok({ room: "1006", chatPerMin: 0, moderators: [], lines: [] });
      return fail(1004, "not found");
    };
    await click(q('[data-testid="load-error"] button'));
    await until(() => all('[data-testid="admin-room"]').length === 1);
    // Refresh keeps the rooms on screen while the new numbers come.
    viewers = 99;
    await click(q('[data-testid="admin-rooms-refresh"]'));
    expect(q('[data-testid="loading"]')).toBeNull();
    await until(() => q('[data-testid="admin-room-viewers"]')?.textContent === "99");
    await click(q('[data-testid="admin-room-manage"]'));
    await until(() => q('[data-testid="admin-room-panel"] [data-testid="load-error"]') !== null);
    expect(q('[data-testid="admin-room-panel"] [data-testid="load-error"]')!.textContent).toContain("Room unavailable");
    roomFails = false;
    await click(q('[data-testid="admin-room-panel"] [data-testid="load-error"] button'));
    await until(() => q('[data-testid="admin-room-chat"]') !== null);
    expect(q('[data-testid="admin-room-panel"]')!.textContent).toContain("No chat");
    // No rooms live: the no-data picture.
    answer = () => ok({ list: [], total: 0 });
    await click(q('[data-testid="admin-rooms-refresh"]'));
    await until(() => q('[data-testid="no-data"]') !== null);
  }, 60_000);
});

describe("WordsAdmin", () => {
  it("previews what an entry catches and adds it", async () => {
    let listed: { word: string; forms: string[]; addedBy: string; addedAt: number }[] = [];
    answer = (path, body) => {
      if (path === "/java/admin/words") return ok({ list: listed, total: listed.length });
      if (path === "/java/admin/words/rooms") return ok({ list: [{ room: "1001", words: ["offside"] }], total: 1 });
      if (path === "/java/admin/words/preview") return ok({ forms: ["idiot*", "*toidi"] });
      if (path === "/java/admin/words/add") {
        listed = [{ word: String(body?.word), forms: ["idiot*", "*toidi"], addedBy: "mod", addedAt: 1 }];
        return ok(listed[0]);
      }
      return fail(1004, "not found");
    };
    await render(<WordsAdmin />);
    await until(() => q('[data-testid="admin-room-words"]')?.textContent?.includes("offside") === true);
    expect(q<HTMLButtonElement>('[data-testid="admin-word-add"]')!.disabled).toBe(true);
    await act(async () => typeInto(q('[data-testid="admin-word-entry"]')!, "Idiot*"));
    await until(() => q('[data-testid="admin-word-preview"]') !== null);
    expect(all('[data-testid="admin-word-preview"] [data-testid="admin-word-form"]').map((f) => f.textContent)).toEqual(["idiot*", "*toidi"]);
    await act(async () => (q('[data-testid="admin-word-add"]')!.closest("form") as HTMLFormElement).requestSubmit());
    await until(() => all('[data-testid="admin-word"]').length === 1);
    expect(calls.find((c) => c.path === "/java/admin/words/add")?.body).toEqual({ word: "Idiot*", reason: "" });
    expect(q('[data-testid="admin-words-msg"]')!.textContent).toContain("Idiot*");
  }, 60_000);
});

describe("DashboardCharts", () => {
  it("draws a bar per day for signups, recharge income and coins spent, with their totals", async () => {
    const day0 = Date.UTC(2026, 10, 13);
    answer = (path) =>
      path === "/java/admin/dashboard/days"
        ? ok({ list: Array.from({ length: 14 }, (_, i) => ({ day: day0 + i * 86_400_000, signups: i, recharges: 1, rechargeFen: 1000, coinsSpent: i === 13 ? 520 : 0 })) })
        : fail(1004, "not found");
    await render(<DashboardCharts />);
    await until(() => q('[data-testid="admin-charts"]') !== null);
    expect(calls.find((c) => c.path === "/java/admin/dashboard/days")?.query).toContain("days=14");
    expect(all('[data-testid="admin-chart-signups"] [data-testid="chart-table"] tbody tr').length).toBe(14);
    expect(q('[data-testid="admin-chart-signups"] figcaption')!.textContent).toContain("91");
    expect(q('[data-testid="admin-chart-recharges"] figcaption')!.textContent).toContain("140.00");
    expect(q('[data-testid="admin-chart-recharges"] figcaption bdi')!.getAttribute("dir")).toBe("ltr");
    expect(q('[data-testid="admin-chart-coins"] figcaption')!.textContent).toContain("520");
    expect(q('[data-testid="admin-charts"] h2')!.textContent).toBe("Last 14 days");
  }, 60_000);
});

describe("DashboardCharts day labels", () => {
  it("are drawn without bidi marks (the Chart strips them), so Arabic's 18/11 is not drawn as 1811/ on the left-to-right plot", () => {
    const day = Date.UTC(2026, 10, 18);
    const ar = new Intl.DateTimeFormat("ar", { month: "numeric", day: "numeric", timeZone: "UTC" });
    expect(canvasText(ar.format(day))).not.toMatch(/[\u200e\u200f\u061c]/);
    expect(canvasText(ar.format(day))).toMatch(/^(18|١٨)\/(11|١١)$/);
    expect(canvasText(new Intl.DateTimeFormat("en-US", { month: "numeric", day: "numeric", timeZone: "UTC" }).format(day))).toBe("11/18");
  });
});

describe("DashboardCharts states", () => {
  it("shows loading in the charts' space, a failed load with Retry, and the no-data picture without days", async () => {
    const first = held(() => fail(1004, "Charts unavailable"));
    answer = () => first.answered;
    await render(<DashboardCharts />);
    expect(q<HTMLElement>('[data-testid="admin-charts"] [data-testid="loading"]')!.style.minHeight).toBe("160px");
    await first.release();
    await until(() => q('[data-testid="load-error"]')?.textContent?.includes("Charts unavailable") === true);
    answer = () => ok({ list: [] });
    await click(q('[data-testid="load-error"] button'));
    await until(() => q('[data-testid="admin-charts"] [data-testid="no-data"]') !== null);
    expect(q('[data-testid="admin-chart-signups"]')).toBeNull();
  }, 60_000);
});

describe("UserSessions", () => {
  it("lists a user's live sessions with the masked address and device", async () => {
    answer = (path) =>
      path === "/java/admin/users/u7/sessions"
        ? ok({ list: [{ started: 1, lastSeen: 2, expires: 3, ip: "203.0.113.*", device: "Mozilla/5.0 (iPhone)" }] })
        : fail(1004, "not found");
    await render(<UserSessions userId="u7" />);
    await until(() => all('[data-testid="admin-user-session"]').length === 1);
    expect(q('[data-testid="admin-user-session"]')!.textContent).toContain("203.0.113.*");
    expect(q('[data-testid="admin-user-session"]')!.textContent).toContain("iPhone");
    answer = () => ok({ list: [] });
    await render(<UserSessions key="after" userId="u7" />);
    await until(() => q('[data-testid="admin-user-sessions"]')?.textContent?.includes("No live sessions.") === true);
  }, 60_000);
});
