// The live rooms, moderation rules and money screens against a stubbed network: staff refund a paid
// recharge with a reason and see its ledger entries balance; end a broadcast and set a room to
// members only; read a room's chat with the deleted line marked; preview and add a banned word.
import { act } from "react";
import { describe, expect, it } from "vitest";
import { adminScreen, fail, ok } from "../../../test/adminScreen";
import { LiveRoomsAdmin, MoneyAdmin, WordsAdmin } from ".";
import { DashboardCharts } from "./DashboardCharts";
import { UserSessions } from "./UserSessions";
import type { MoneyRow, RoomCard } from "../../../api/adminops";

let answer: (path: string, body?: Record<string, unknown>) => Response;
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

describe("MoneyAdmin", () => {
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
    await click(q('[data-testid="admin-room-manage"]'));
    await until(() => all('[data-testid="admin-room-line"]').length === 2);
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
    expect(q('[data-testid="admin-chart-coins"] figcaption')!.textContent).toContain("520");
    expect(q('[data-testid="admin-charts"] h2')!.textContent).toBe("Last 14 days");
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
