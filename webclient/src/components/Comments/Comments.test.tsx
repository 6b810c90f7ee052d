// <Comments> and the article body against a stubbed network: a guest is asked to sign in; a user
// posts a comment and it appears first; a banned word's error shows under the box; a reply goes to
// its parent; a report sends one of the spec's reasons; an article's text that looks like HTML is
// shown as text, never parsed.
import { act } from "react";
import { StateProvider } from "../../state/hooks";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore } from "../../state/store";
import { tokenAtom } from "../../state/session";
import { initI18n } from "../../i18n";
import { Comments } from "./Comments";
import { ArticleBody } from "../Article";
import type { Comment } from "../../api/news";
import articleStyles from "../Article/Article.module.css";
import { testRoot } from "../../test/root";

const { root, host } = testRoot();
const calls: { path: string; body?: Record<string, unknown> }[] = [];
let answer: (path: string, body?: Record<string, unknown>) => Response;

const ok = (result: unknown) => new Response(JSON.stringify({ status: "success", result }), { status: 200 });
const fail = (errorCode: number, errorMsg: string) => new Response(JSON.stringify({ status: "fail", errorCode, errorMsg, code: 400 }), { status: 400 });
const cmt = (c: Partial<Comment>): Comment => ({
  id: 1, kind: "news", targetId: "12", userId: "u5", userName: "lina", avatar: "", text: "Great read", likes: 0, liked: false,
  replyCount: 0, deleted: false, time: 1764000000000, ...c,
});

const q = (sel: string) => host().querySelector<HTMLElement>(sel);
const all = (sel: string) => [...host().querySelectorAll<HTMLElement>(sel)];
async function until(cond: () => boolean) {
  await vi.waitFor(() => expect(cond()).toBe(true), { timeout: 15000 });
}
function typeInto(el: HTMLTextAreaElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(el, value);
  el.dispatchEvent(new Event("input", { bubbles: true }));
}
async function click(el: Element | null) {
  await act(async () => (el as HTMLElement).click());
}
async function render(ui: React.ReactNode) {
  await act(async () => {
    root().render(
      <StateProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </StateProvider>,
    );
  });
}

beforeAll(async () => {
  await initI18n("en_US");
});

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, "http://test");
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ path: url.pathname + url.search, body });
      return answer(url.pathname, body);
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
});

describe("<Comments>", () => {
  it("asks a guest to sign in instead of showing the box", async () => {
    appStore.set(tokenAtom, "");
    answer = () => ok({ list: [cmt({})], total: 1, pageIndex: 1, pageSize: 20 });
    await render(<Comments kind="news" id="12" />);
    await until(() => all('[data-testid="comment"]').length === 1);
    expect(q('[data-testid="comment-signin"]')).not.toBeNull();
    expect(q('[data-testid="comment-input"]')).toBeNull();
    expect(calls[0]!.path).toContain("kind=news");
  });

  it("posts, replies, reports and shows a refusal under the box", async () => {
    appStore.set(tokenAtom, "tok");
    answer = (path, body) => {
      if (path === "/java/comments/list") return ok({ list: [cmt({ id: 1 })], total: 1, pageIndex: 1, pageSize: 20 });
      if (path === "/java/comments/add") {
        if (String(body?.text).includes("scam")) return fail(6306, "Your comment contains words that are not allowed");
        return ok(cmt({ id: body?.parentId ? 3 : 2, text: String(body?.text), parentId: body?.parentId as number | undefined }));
      }
      if (path === "/java/comments/report") return ok({ id: body?.id });
      return ok({});
    };
    await render(<Comments kind="news" id="12" />);
    await until(() => all('[data-testid="comment"]').length === 1);

    await act(async () => typeInto(q('[data-testid="comment-input"]') as HTMLTextAreaElement, "visit scam site"));
    await click(q('[data-testid="comment-send"]'));
    await until(() => q('[data-testid="comment-error"]')?.textContent === "Your comment contains words that are not allowed");

    await act(async () => typeInto(q('[data-testid="comment-input"]') as HTMLTextAreaElement, "What a match <b>"));
    await click(q('[data-testid="comment-send"]'));
    await until(() => all('[data-testid="comment-text"]')[0]?.textContent === "What a match <b>");

    // Reply to the original comment (the second in the list now).
    await click(all('[data-testid="comment-reply"]')[1]!);
    const boxes = all('[data-testid="comment-input"]') as HTMLTextAreaElement[];
    await act(async () => typeInto(boxes[1]!, "Agreed"));
    await click(all('[data-testid="comment-send"]')[1]!);
    await until(() => q('[data-testid="comment-replies"]')?.textContent?.includes("Agreed") === true);
    expect(calls.find((c) => c.path.startsWith("/java/comments/add") && c.body?.parentId === 1)).toBeTruthy();

    await click(all('[data-testid="comment-report"]')[0]!);
    await click(q('[data-testid="report-ads"]'));
    await until(() => calls.some((c) => c.path.startsWith("/java/comments/report")));
    expect(calls.find((c) => c.path.startsWith("/java/comments/report"))!.body).toEqual({ id: 2, reason: "ads" });
  });
});

describe("<ArticleBody>", () => {
  it("shows text that looks like HTML as text", async () => {
    await render(
      <ArticleBody article={{ body: [{ type: "p", text: '<img src=x onerror="alert(1)">' }, { type: "h", text: "Form guide" }], matchCards: {} }} />,
    );
    expect(q(`.${articleStyles.artP}`)!.textContent).toBe('<img src=x onerror="alert(1)">');
    expect(host().querySelector("img")).toBeNull();
    expect(q(`.${articleStyles.artH}`)!.textContent).toBe("Form guide");
  });
});
