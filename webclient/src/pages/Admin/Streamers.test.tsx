// The streamer applications against a stubbed network: loading, approving one reads the queue again
// (the approved one leaves it), each state tab asks for its own list, a failed load offers Retry and
// an empty tab shows the no-data picture.
import { act } from "react";
import { describe, expect, it } from "vitest";
import type { StreamerApplication } from "../../api/admin";
import { adminScreen, fail, ok, type Answer } from "../../test/adminScreen";
import Streamers from "./Streamers";

let answer: Answer;
const { calls, q, all, until, click, render } = adminScreen({ answer: (path, body, url) => answer(path, body, url) });
const application = (userId: string, realName: string): StreamerApplication => ({
  userId, status: "review", reason: "", realName, idNumber: "X1234", phone: "+8613800000000", intro: "Football nights",
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
      const list = ok({ list: u.searchParams.get("status") === "review" ? review : [] });
      if (!first) return list;
      first = false;
      return new Promise((res) => (release = () => res(list)));
    };
    await render(<Streamers />);
    expect(q('[data-testid="loading"]')).not.toBeNull();
    await act(async () => release());
    await until(() => cards().length === 2);
    await click(q('[data-testid="admin-approve"]'));
    await until(() => cards().length === 1);
    expect(calls.find((c) => c.path.endsWith("/review"))?.body).toMatchObject({ userId: "u5", approve: true });
    expect(q('[role="status"]')!.textContent).toContain("Mara Lind");
    await click(tab("Approved"));
    await until(() => !!q('[data-testid="no-data"]'));
    expect(new URLSearchParams(calls.at(-1)!.query).get("status")).toBe("approved");
  }, 60_000);

  it("offers Retry when the queue cannot be read", async () => {
    let refuse = true;
    answer = () => (refuse ? fail(1001, "Applications are away") : ok({ list: [application("u5", "Mara Lind")] }));
    await render(<Streamers />);
    await until(() => !!q('[data-testid="load-error"]'));
    expect(q('[data-testid="load-error"]')!.textContent).toContain("Applications are away");
    refuse = false;
    await click(q('[data-testid="load-error"] button'));
    await until(() => cards().length === 1);
  }, 60_000);
});
