// The news' staff screens against a stubbed network: reported comments by tab, a removed or dismissed
// comment leaving the open list without a reload; the editor's list by state and search (asked for
// once typing pauses), an article opened in the editor, the list asked for again when it closes. Both
// show loading, a failed load with Retry, and the no-data picture when there is nothing.
import { act } from "react";
import { describe, expect, it } from "vitest";
import { adminScreen, fail, ok } from "../../../test/adminScreen";
import { CommentReports, NewsAdmin, NewsReview } from ".";
import type { Article, ReportedComment } from "../../../api/news";

let answer: (path: string, body?: Record<string, unknown>) => Response | Promise<Response>;
const { calls, q, all, until, click, typeInto, render } = adminScreen({ answer: (path, body) => answer(path, body), token: "tok" });

const page = <T,>(list: T[]) => ok({ list, total: list.length, pageIndex: 1, pageSize: 50 });

const report = (id: number, text: string): ReportedComment => ({
  comment: { id, kind: "news", targetId: "7", userId: `u${id}`, userName: `fan${id}`, avatar: "", text, likes: 0, liked: false, replyCount: 0, deleted: false, time: 1 },
  count: 2, reasons: ["spam"], first: 1, status: "open", targetTitle: "Derby preview", targetLink: "/soccer/news7",
});

const article = (id: number, title: string): Article => ({
  id, game: "soccer", gameId: 202, type: "news", title, summary: "", cover: "/covers/a.svg", author: "Desk", tags: [], matchIds: [],
  teamIds: [], playerIds: [], lang: "en_US", publishTime: 1, views: 0, state: "published", userPost: false, link: "", updateTime: 1,
  body: [{ type: "p", text: "Kick-off at eight." }],
});

describe("CommentReports", () => {
  it("shows loading, a failed load with Retry, then removes and dismisses reports in place", async () => {
    let letGo = () => undefined as void;
    answer = () => new Promise<Response>((resolve) => (letGo = () => resolve(fail(1004, "Reports unavailable"))));
    await render(<CommentReports />);
    expect(q('[data-testid="loading"]')).not.toBeNull();
    await act(async () => letGo());
    await until(() => q('[data-testid="load-error"]')?.textContent?.includes("Reports unavailable") === true);
    answer = (path) => {
      if (path === "/java/admin/comments/reports") return page([report(1, "buy followers here"), report(2, "you are all idiots")]);
      if (path === "/java/admin/comments/delete" || path === "/java/admin/comments/dismiss") return ok({ id: 1 });
      return fail(1004, "not found");
    };
    await click(q('[data-testid="load-error"] button'));
    await until(() => all('[data-testid="reported-comment"]').length === 2);
    expect(calls.at(-1)?.query).toContain("status=open");
    await click(q('[data-testid="report-remove"]'));
    await until(() => all('[data-testid="reported-comment"]').length === 1);
    expect(calls.find((c) => c.path === "/java/admin/comments/delete")?.body).toEqual({ id: 1, reason: "spam" });
    expect(q('[data-testid="reported-text"]')!.textContent).toBe("you are all idiots");
    await click(q('[data-testid="report-dismiss"]'));
    await until(() => q('[data-testid="no-data"]') !== null);
    expect(q('[data-testid="no-data"]')!.textContent).toContain("No reported comments");
    expect(calls.find((c) => c.path === "/java/admin/comments/dismiss")?.body).toEqual({ id: 2 });
    // The list was not asked for again after either action.
    expect(calls.filter((c) => c.path === "/java/admin/comments/reports").length).toBe(2);
  }, 60_000);

  it("asks for another tab's reports and keeps a failed action's row", async () => {
    answer = (path) => {
      if (path === "/java/admin/comments/reports") return page([report(3, "spam link")]);
      return fail(1004, "Already handled");
    };
    await render(<CommentReports />);
    await until(() => all('[data-testid="reported-comment"]').length === 1);
    await click(q('[data-testid="report-remove"]'));
    await until(() => calls.some((c) => c.path === "/java/admin/comments/delete"));
    expect(all('[data-testid="reported-comment"]').length).toBe(1);
    const dismissed = all('[data-testid="comment-reports"] button').find((b) => b.textContent === "Dismissed")!;
    await click(dismissed);
    await until(() => calls.at(-1)?.query.includes("status=dismissed") === true);
    await until(() => all('[data-testid="reported-comment"]').length === 1);
    expect(q('[data-testid="report-remove"]')).toBeNull(); // only open reports have actions
  }, 60_000);
});

describe("NewsAdmin", () => {
  it("retries a failed list, searches once typing pauses, opens an article and reloads the list on close", async () => {
    answer = () => fail(1004, "Articles unavailable");
    await render(<NewsAdmin />);
    await until(() => q('[data-testid="load-error"]')?.textContent?.includes("Articles unavailable") === true);
    answer = (path) => {
      if (path === "/java/admin/news/articles") return page([article(5, "Derby preview"), article(6, "Transfer news")]);
      if (path === "/java/admin/news/articles/5") return ok(article(5, "Derby preview"));
      return fail(1004, "not found");
    };
    await click(q('[data-testid="load-error"] button'));
    await until(() => all('[data-testid="news-admin-row"]').length === 2);
    const listCalls = () => calls.filter((c) => c.path === "/java/admin/news/articles");
    const before = listCalls().length;
    await act(async () => typeInto(q('[data-testid="news-admin-q"]')!, "D"));
    await act(async () => typeInto(q('[data-testid="news-admin-q"]')!, "De"));
    await act(async () => typeInto(q('[data-testid="news-admin-q"]')!, "Derby"));
    await until(() => listCalls().length === before + 1);
    expect(listCalls().at(-1)?.query).toContain("q=Derby");
    await new Promise((r) => setTimeout(r, 400));
    expect(listCalls().length).toBe(before + 1); // one call for the word, none per letter
    await until(() => all('[data-testid="news-admin-row"]').length === 2);
    await click(q('[data-testid="news-admin-edit"]'));
    await until(() => q('[data-testid="news-editor"]') !== null);
    expect(q<HTMLInputElement>('[data-testid="editor-title"]')!.value).toBe("Derby preview");
    const open = listCalls().length;
    await click(all('[data-testid="news-editor"] button').find((b) => b.textContent === "Close")!);
    await until(() => all('[data-testid="news-admin-row"]').length === 2);
    await until(() => listCalls().length === open + 1);
  }, 60_000);

  it("draws the no-data picture when a state has no articles", async () => {
    answer = () => page([]);
    await render(<NewsAdmin />);
    await until(() => q('[data-testid="no-data"]') !== null);
    const scheduled = all('[data-testid="news-admin"] button').find((b) => b.textContent === "Scheduled")!;
    await click(scheduled);
    await until(() => calls.at(-1)?.query.includes("state=scheduled") === true);
    await until(() => q('[data-testid="no-data"]') !== null);
  }, 60_000);
});

describe("NewsReview", () => {
  it("draws the no-data picture, like every other list, when no user's post waits", async () => {
    answer = () => page([]);
    await render(<NewsReview />);
    await until(() => q('[data-testid="no-data"]') !== null);
    expect(q('[data-testid="no-data"]')!.textContent).toContain("No posts waiting for review");
    expect(calls.at(-1)?.query).toContain("state=pending");
  }, 60_000);
});
