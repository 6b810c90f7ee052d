// The experts' back-office screens against a stubbed network: staff approve an application; publish a plan under review; correct a match's result from a published plan.
import { act } from "react";
import { describe, expect, it } from "vitest";
import { adminScreen, fail, ok } from "../../../test/adminScreen";
import { ExpertApplicationsAdmin, ExpertPlansAdmin } from ".";
import type { ExpertApplicationAdmin, Plan } from "../../../api/experts";

let answer: (path: string, body?: Record<string, unknown>) => Response | Promise<Response>;
const { calls, q, all, until, click, typeInto, render } = adminScreen({ answer: (path, body) => answer(path, body), token: "tok" });

const application = (a: Partial<ExpertApplicationAdmin>): ExpertApplicationAdmin => ({
  expert: { id: "u10", nickname: "Nadia Voss", avatar: "", intro: "Late goals and tired legs.", games: [1], featured: false },
  userId: "u10", status: "review", reason: "", realName: "Nadia Voss", idNumber: "DE19900101", phone: "+8613800138000",
  experience: "Ten years of match reports", submittedAt: 1764000000000, reviewedAt: 0, ...a,
});

const plan = (p: Partial<Plan>): Plan => ({
  id: "28", expertId: "u10", expertName: "Nadia Voss", matchId: "m1", gameId: 1, league: "Northern Premier", home: "Ashford Rovers",
  away: "Kelby Town", matchTime: 1764003600000, playType: "1x2", playLevel: 3, pick: "home", line: 0, odds: 2.1, title: "Home side press late",
  content: "The visitors concede late.", label: "", price: 30, refundIfLost: true, loginToView: false, state: "review", sales: 0, version: 1,
  createTime: 1764000000000, releaseTime: 1764000000000, hash: "ab", outcome: "", settledAt: 0, readable: true, bought: false, started: false,
  editable: true, ...p,
});

describe("ExpertApplicationsAdmin", () => {
  it("approves an application in review", async () => {
    answer = (path, body) => {
      if (path === "/java/admin/experts/applications") return ok({ list: [application({})] });
      if (path === "/java/admin/experts/decide") return ok(application({ status: body?.action === "approve" ? "approved" : "banned" }));
      return fail(1004, "not found");
    };
    await render(<ExpertApplicationsAdmin />);
    await until(() => all('[data-testid="admin-expert-application"]').length === 1);
    expect(q('[data-testid="admin-experts"]')!.textContent).toContain("DE19900101");
    await click(q('[data-testid="admin-expert-approve"]'));
    await until(() => calls.some((c) => c.path.endsWith("/decide")));
    expect(calls.find((c) => c.path.endsWith("/decide"))?.body).toMatchObject({ userId: "u10", action: "approve" });
    await until(() => !!q('[role="status"]')?.textContent?.includes("Nadia Voss"));
    await until(() => calls.filter((c) => c.path === "/java/admin/experts/applications").length === 2); // read again
  }, 60_000);
});

describe("ExpertPlansAdmin", () => {
  it("publishes a plan under review", async () => {
    answer = (path) => {
      if (path === "/java/admin/experts/plans") return ok({ list: [plan({})], total: 1 });
      if (path === "/java/admin/experts/plans/decide") return ok(plan({ state: "published" }));
      return fail(1004, "not found");
    };
    await render(<ExpertPlansAdmin />);
    await until(() => all('[data-testid="admin-expert-plan"]').length === 1);
    expect(q('[data-testid="admin-expert-plan"]')!.textContent).toContain("Home side press late");
    await click(q('[data-testid="admin-plan-approve"]'));
    await until(() => calls.some((c) => c.path.endsWith("/plans/decide")));
    expect(calls.find((c) => c.path.endsWith("/plans/decide"))?.body).toMatchObject({ planId: "28", action: "approve" });
    await until(() => calls.filter((c) => c.path === "/java/admin/experts/plans").length === 2); // read again
  }, 60_000);

  it("corrects the result of a started match from a published plan", async () => {
    answer = (path, body) => {
      if (path === "/java/admin/experts/plans") return ok({ list: [plan({ state: "published", started: true })], total: 1 });
      if (path === "/java/admin/experts/results/correct") return ok({ matchId: "m1", status: 5, home: body?.home, away: body?.away, rev: 2 });
      return fail(1004, "not found");
    };
    await render(<ExpertPlansAdmin />);
    await until(() => all('[data-testid="admin-expert-plan"]').length === 1);
    await click(q('[data-testid="admin-plan-correct-open"]'));
    await act(async () => typeInto(q<HTMLInputElement>('[data-testid="admin-correct-home"]')!, "2"));
    await act(async () => typeInto(q<HTMLInputElement>('[data-testid="admin-correct-away"]')!, "1"));
    expect(q<HTMLButtonElement>('[data-testid="admin-correct-submit"]')!.disabled).toBe(true); // a reason is required
    await act(async () => typeInto(q<HTMLInputElement>('[data-testid="admin-correct-reason"]')!, "feed missed a late goal"));
    await click(q('[data-testid="admin-correct-submit"]'));
    await until(() => calls.some((c) => c.path.endsWith("/results/correct")));
    expect(calls.find((c) => c.path.endsWith("/results/correct"))?.body).toMatchObject({ matchId: "m1", status: 5, home: 2, away: 1, reason: "feed missed a late goal" });
    await until(() => !!q('[role="status"]')?.textContent?.includes("2–1"));
  }, 60_000);
});

describe("the experts' queues, states", () => {
  it("applications: loading, Retry after a failed read, the no-data picture on an empty state", async () => {
    let release = () => {};
    let refuse = true;
    answer = () => (refuse ? new Promise((res) => (release = () => res(fail(1001, "Applications are away")))) : ok({ list: [] }));
    await render(<ExpertApplicationsAdmin />);
    expect(q('[data-testid="loading"]')).not.toBeNull();
    await act(async () => release());
    await until(() => !!q('[data-testid="load-error"]')?.textContent?.includes("Applications are away"));
    refuse = false;
    await click(q('[data-testid="load-error"] button'));
    await until(() => !!q('[data-testid="no-data"]'));
    expect(calls.filter((c) => c.path === "/java/admin/experts/applications")).toHaveLength(2);
  }, 60_000);

  it("plans: Retry after a failed read, then each state tab asks for its own list", async () => {
    let refuse = true;
    answer = (path) => {
      if (refuse) return fail(1001, "Plans are away");
      return path === "/java/admin/experts/plans" ? ok({ list: [plan({})], total: 1 }) : fail(1004, "not found");
    };
    await render(<ExpertPlansAdmin />);
    await until(() => !!q('[data-testid="load-error"]')?.textContent?.includes("Plans are away"));
    refuse = false;
    await click(q('[data-testid="load-error"] button'));
    await until(() => all('[data-testid="admin-expert-plan"]').length === 1);
    answer = () => ok({ list: [], total: 0 });
    await click(all('[role="group"] button')[1]!);
    await until(() => !!q('[data-testid="no-data"]'));
    expect(calls.at(-1)!.query).toContain("state=published");
  }, 60_000);
});
