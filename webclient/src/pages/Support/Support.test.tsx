// /salesmartly against a stubbed network: a guest gets the sign-in prompt; a signed-in fan's request
// opens from ?ticket=, its thread shows support's answer, and a message-centre notice linking here
// reloads it (the answer arrives without a reload). The back office's queue asks the server per state.
import { act } from "react";
import { StateProvider } from "../../state/hooks";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore } from "../../state/store";
import { userInfoAtom } from "../../state/session";
import { lastNoticeAtom } from "../../state/userarea";
import { initI18n } from "../../i18n";
import type { Ticket } from "../../api/support";
import Support from "./Support";
import { SupportAdmin } from "../Admin/support";
import { testRoot } from "../../test/root";

const { root, host } = testRoot();
const asked: URL[] = [];
let answered = false;
/** The answer of GET /support/tickets when a test wants another than the one request. */
let mine: (() => Response | Promise<Response>) | null = null;

const ticket = (): Ticket => ({
  id: 5, userId: "u7", category: "recharge", subject: "Coins missing", lang: "en_US", state: answered ? "answered" : "open",
  createTime: Date.UTC(2026, 10, 29, 10), updateTime: Date.UTC(2026, 10, 29, 11), messages: answered ? 2 : 1,
  thread: [
    { id: 1, staff: false, body: "I paid and got nothing.", time: Date.UTC(2026, 10, 29, 10) },
    ...(answered ? [{ id: 2, staff: true, body: "Your coins are credited now.", time: Date.UTC(2026, 10, 29, 11) }] : []),
  ],
});

beforeAll(async () => {
  await initI18n("en_US");
});
beforeEach(() => {
  asked.length = 0;
  answered = false;
  mine = null;
  vi.stubGlobal("fetch", vi.fn(async (input: string, init?: RequestInit) => {
    const u = new URL(input, "http://test");
    asked.push(u);
    if (mine && u.pathname.endsWith("/support/tickets")) return mine();
    let result: unknown = null;
    if (u.pathname.endsWith("/admin/support/tickets")) result = { list: u.searchParams.get("state") === "open" ? [ticket()] : [], total: 1, pageIndex: 1, pageSize: 20 };
    else if (u.pathname.endsWith("/support/tickets")) result = { list: [{ ...ticket(), thread: undefined }], limits: { categories: ["recharge", "other"], subjectMin: 4, subjectMax: 100, messageMin: 10, messageMax: 2000, perHour: 5 } };
    else if (u.pathname.endsWith("/support/tickets/5")) result = ticket();
    else if (u.pathname.endsWith("/support/tickets/5/close") && init?.method === "POST") result = { ...ticket(), state: "closed" };
    return new Response(JSON.stringify({ status: "success", result }));
  }));
});
afterEach(async () => {
  appStore.set(userInfoAtom, null);
  appStore.set(lastNoticeAtom, null);
  vi.unstubAllGlobals();
});

const q = (id: string) => host().querySelector(`[data-testid="${id}"]`);
const until = (cond: () => boolean) => vi.waitFor(() => expect(cond()).toBe(true), { timeout: 5000 });
const render = (el: React.ReactNode, path = "/salesmartly") =>
  act(async () => root().render(<StateProvider><MemoryRouter initialEntries={[path]}>{el}</MemoryRouter></StateProvider>));

describe("customer service", () => {
  it("asks a guest to sign in and lists the help centre's questions", async () => {
    await render(<Support />);
    expect(q("support-signin")).not.toBeNull();
    expect(q("support-form")).toBeNull();
    expect(host().querySelectorAll('[data-testid="support-faq-item"]').length).toBe(16);
  });

  it("opens the request of ?ticket= and shows support's answer when the notice arrives", async () => {
    appStore.set(userInfoAtom, { uid: "u7", name: "fan" });
    await render(<Support />, "/salesmartly?ticket=5");
    await until(() => q("support-thread")?.getAttribute("data-state") === "open");
    expect(q("support-ticket")!.textContent).toContain("Waiting for support");
    expect([...host().querySelectorAll("option")].map((o) => o.value)).toEqual(["", "recharge", "other"]);
    answered = true;
    await act(async () => appStore.set(lastNoticeAtom, { kind: "system", link: "/salesmartly?ticket=5", at: 1 }));
    await until(() => q("support-msg-staff")?.textContent?.includes("Your coins are credited now.") ?? false);
    expect(q("support-thread")!.getAttribute("data-state")).toBe("answered");
    expect(q("support-msg-staff")!.textContent).toContain("Customer service");
  });

  it("the back office's queue asks for open requests first, then the state chosen", { timeout: 20_000 }, async () => {
    await render(<SupportAdmin />, "/admin/support");
    await until(() => host().querySelectorAll('[data-testid="admin-support-row"]').length === 1);
    expect(asked.at(-1)!.searchParams.get("state")).toBe("open");
    await act(async () => (q("admin-support-filter-closed") as HTMLButtonElement).click());
    await until(() => asked.at(-1)!.searchParams.get("state") === "closed" && host().querySelectorAll('[data-testid="admin-support-row"]').length === 0);
  });

  it("shows the loading box, then the no-data picture when the fan has no requests", async () => {
    appStore.set(userInfoAtom, { uid: "u7", name: "fan" });
    let answer!: (r: Response) => void;
    mine = () => new Promise((res) => (answer = res));
    await render(<Support />);
    expect(q("loading")).not.toBeNull();
    const limits = { categories: ["other"], subjectMin: 4, subjectMax: 100, messageMin: 10, messageMax: 2000, perHour: 5 };
    await act(async () => answer(new Response(JSON.stringify({ status: "success", result: { list: [], limits } }))));
    await until(() => q("no-data") !== null);
    expect(q("no-data")!.textContent).toContain("You have not written to support yet.");
    expect([...host().querySelectorAll("option")].map((o) => o.value)).toEqual(["", "other"]);
  });

  it("shows a failed list with Retry, which loads it again", async () => {
    appStore.set(userInfoAtom, { uid: "u7", name: "fan" });
    let n = 0;
    mine = () => (++n === 1 ? new Response(JSON.stringify({ status: "error", message: "down" }), { status: 500 }) : new Response(JSON.stringify({ status: "success", result: { list: [{ ...ticket(), thread: undefined }], limits: { categories: ["other"], subjectMin: 4, subjectMax: 100, messageMin: 10, messageMax: 2000, perHour: 5 } } })));
    await render(<Support />);
    await until(() => q("load-error") !== null);
    await act(async () => (host().querySelector('[data-testid="load-error"] button') as HTMLButtonElement).click());
    await until(() => q("support-ticket") !== null);
  });

  it("closing a request shows the server's answer in the thread and reloads the list", async () => {
    appStore.set(userInfoAtom, { uid: "u7", name: "fan" });
    await render(<Support />, "/salesmartly?ticket=5");
    await until(() => q("support-close") !== null);
    const lists = () => asked.filter((u) => u.pathname.endsWith("/support/tickets")).length;
    const before = lists();
    await act(async () => (q("support-close") as HTMLButtonElement).click());
    await until(() => q("support-thread")?.getAttribute("data-state") === "closed");
    expect(q("support-closed-note")).not.toBeNull();
    await until(() => lists() === before + 1);
    expect(asked.filter((u) => u.pathname.endsWith("/support/tickets/5"))).toHaveLength(1);
  });
});
