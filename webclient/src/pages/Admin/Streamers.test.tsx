// The streamer applications against a stubbed network: loading, approving one reads the queue again
// (the approved one leaves it), each state tab asks for its own list, a failed load offers Retry and
// an empty tab shows the no-data picture; the queue pages from its total; an approved streamer is
// banned from streaming with a reason and a ban is lifted.
import { act } from "react";
import { describe, expect, it } from "vitest";
import type { StreamerApplication } from "../../api/admin";
import { adminScreen, fail, ok, type Answer } from "../../test/adminScreen";
import Streamers from "./Streamers";

let answer: Answer;
const { calls, q, all, until, click, render, typeInto } = adminScreen({ answer: (path, body, url) => answer(path, body, url) });
const application = (userId: string, realName: string, status = "review"): StreamerApplication => ({
  userId, status, reason: "", realName, idNumber: "X1234", phone: "+8613800000000", intro: "Football nights",
  liveContent: "", submittedAt: 1764000000000, birthDate: "1990-01-01", idFront: "", idBack: "", idHand: "",
});
const cards = () => all('[data-testid="admin-application"]');
const tab = (text: string) => all("button").find((b) => b.textContent === text)!;

describe("back office: streamer applications", () => {
  it("approves an application and reads the queue again", async () => {
    let review = [application("u5", "Mara Lind"), application("u6", "Tao Chen")];
    let release = () => {};
    let first = true;
    answer = (path, body, u) => {
      if (path === "/java/admin/anchor/review") {
        review = review.filter((a) => a.userId !== body?.userId);
        return ok({});
      }
      const list = ok({ list: u.searchParams.get("status") === "review" ? review : [], total: u.searchParams.get("status") === "review" ? review.length : 0 });
      if (!first) return list;
      first = false;
      return new Promise((res) => (release = () => res(list)));
    };
    await render(<Streamers />);
    expect(q('[data-testid="loading"]')).not.toBeNull();
    await act(async () => release());
    await until(() => cards().length === 2);
    expect(cards()[0]!.textContent).toContain("Jan 1, 1990"); // the date of birth in the reader's language
    await click(q('[data-testid="admin-approve"]'));
    await until(() => cards().length === 1);
    expect(calls.find((c) => c.path.endsWith("/review"))?.body).toMatchObject({ userId: "u5", approve: true });
    expect(q('[role="status"]')!.textContent).toContain("Mara Lind");
    await click(tab("Approved"));
    await until(() => !!q('[data-testid="no-data"]'));
    expect(new URLSearchParams(calls.at(-1)!.query).get("status")).toBe("approved");
  }, 60_000);

  it("pages through the queue: the page asked for, and the pager from the total", async () => {
    const everyone = Array.from({ length: 23 }, (_, i) => application(`u${100 + i}`, `Applicant ${i + 1}`));
    answer = (_path, _body, u) => {
      const page = Number(u.searchParams.get("pageIndex")), size = Number(u.searchParams.get("pageSize"));
      return ok({ list: everyone.slice((page - 1) * size, page * size), total: everyone.length });
    };
    await render(<Streamers />);
    await until(() => cards().length === 10);
    expect(q('[data-testid="ops-pager"]')!.textContent).toContain("Page 1 of 3");
    await click(all('[data-testid="ops-pager"] button')[1]!);
    await until(() => cards()[0]?.textContent?.includes("Applicant 11") ?? false);
    await click(all('[data-testid="ops-pager"] button')[1]!);
    await until(() => cards().length === 3);
    expect(q('[data-testid="ops-pager"]')!.textContent).toContain("Page 3 of 3");
    expect(new URLSearchParams(calls.at(-1)!.query).get("pageIndex")).toBe("3");
    // another tab starts again at its first page
    await click(tab("Banned from streaming"));
    await until(() => new URLSearchParams(calls.at(-1)!.query).get("status") === "banned");
    expect(new URLSearchParams(calls.at(-1)!.query).get("pageIndex")).toBe("1");
  }, 60_000);

  it("bans an approved streamer from streaming with a reason, and lifts a ban", async () => {
    let approved = [application("u7", "Ria Holm", "approved")];
    let banned = [application("u8", "Sam Vo", "banned")];
    answer = (path, body, u) => {
      if (path === "/java/admin/anchor/ban") {
        if (body?.banned) {
          approved = approved.filter((a) => a.userId !== body.userId);
          return ok({ streamStopped: true });
        }
        banned = banned.filter((a) => a.userId !== body?.userId);
        return ok({ streamStopped: false });
      }
      const list = u.searchParams.get("status") === "approved" ? approved : u.searchParams.get("status") === "banned" ? banned : [];
      return ok({ list, total: list.length });
    };
    await render(<Streamers />);
    await click(tab("Approved"));
    await until(() => cards().length === 1);
    const ban = q<HTMLButtonElement>('[data-testid="admin-stream-ban"]')!;
    expect(ban.disabled).toBe(true); // the streamer sees the reason: none, no ban
    await act(async () => typeInto(q<HTMLInputElement>('[data-testid="admin-stream-ban-reason"]')!, "  smoking on stream "));
    expect(ban.disabled).toBe(false);
    await click(ban);
    await until(() => cards().length === 0);
    expect(calls.find((c) => c.path === "/java/admin/anchor/ban")?.body).toEqual({ userId: "u7", banned: true, reason: "smoking on stream" });
    expect(q('[role="status"]')!.textContent).toBe("Ria Holm is banned from streaming; the running broadcast has ended.");

    await click(tab("Banned from streaming"));
    await until(() => cards().length === 1);
    expect(q('[data-testid="admin-stream-ban"]')).toBeNull();
    await click(q('[data-testid="admin-stream-unban"]'));
    await until(() => cards().length === 0);
    expect(calls.filter((c) => c.path === "/java/admin/anchor/ban").at(-1)?.body).toEqual({ userId: "u8", banned: false, reason: "" });
    expect(q('[role="status"]')!.textContent).toBe("Sam Vo may stream again.");
  }, 60_000);

  it("offers Retry when the queue cannot be read", async () => {
    let refuse = true;
    answer = () => (refuse ? fail(1001, "Applications are away") : ok({ list: [application("u5", "Mara Lind")], total: 1 }));
    await render(<Streamers />);
    await until(() => !!q('[data-testid="load-error"]'));
    expect(q('[data-testid="load-error"]')!.textContent).toContain("Applications are away");
    refuse = false;
    await click(q('[data-testid="load-error"] button'));
    await until(() => cards().length === 1);
  }, 60_000);
});
