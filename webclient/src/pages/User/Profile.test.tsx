// /userInfo/:id against a stubbed network: another user's profile loads through src/data (a loading
// box, then the card), an unknown user is the 404 page, a failed call shows the error with Retry,
// and Follow updates the card from the server's answer without loading it again.
import { act } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { StateProvider } from "../../state/hooks";
import { appStore } from "../../state/store";
import { tokenAtom } from "../../state/session";
import { initI18n } from "../../i18n";
import { testRoot } from "../../test/root";
import Profile from "./Profile";

type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
const asked: { path: string; query: string; body?: string }[] = [];
let info: () => Answer;
let follow: () => Answer;

function stubServer() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const u = new URL(input, "http://t");
      const path = u.pathname.replace(/^\/java/, "");
      asked.push({ path, query: u.search, body: init?.body as string | undefined });
      const a = await (path === "/user/info" ? info() : path === "/user/followUser" ? follow() : { status: 200, body: { status: "success", result: { list: [], total: 0 } } });
      return new Response(JSON.stringify(a.body), { status: a.status });
    }),
  );
}

const fan = { userId: "u9", uid: "u9", name: "Other fan", level: 3, fans: 4, follows: 2, following: false, signature: "Go team" };
const ok = (result: unknown) => ({ status: 200, body: { status: "success", result } });

beforeAll(async () => {
  await initI18n("en_US");
});
afterEach(() => {
  asked.length = 0;
  vi.unstubAllGlobals();
  appStore.set(tokenAtom, "");
});

const root = testRoot();
const show = (path = "/userInfo/u9") =>
  root.render(
    <StateProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/userInfo/:id" element={<Profile />} />
        </Routes>
      </MemoryRouter>
    </StateProvider>,
  );
const until = (cond: () => boolean) => vi.waitFor(() => expect(cond()).toBe(true), { timeout: 3000 });

describe("another user's profile", () => {
  it("shows the loading box, then the card", async () => {
    let answer!: (a: { status: number; body: unknown }) => void;
    info = () => new Promise((res) => (answer = res));
    stubServer();
    await show();
    expect(root.q('[data-testid="loading"]')).not.toBeNull();
    expect(asked.find((a) => a.path === "/user/info")?.query).toContain("userId=u9");
    await act(async () => answer(ok(fan)));
    await until(() => root.q('[data-testid="profile-name"]')?.textContent?.includes("Other fan") ?? false);
    expect(root.q('[data-testid="loading"]')).toBeNull();
  });

  it("an unknown user is the 404 page", async () => {
    info = () => ({ status: 404, body: { status: "error", errorCode: 2012, message: "No such user" } });
    stubServer();
    await show("/userInfo/nobody");
    await until(() => root.q('[data-testid="error-panel"]') !== null);
    expect(root.q('[data-testid="error-panel"]')?.textContent).toContain("404");
    expect(root.q('[data-testid="profile"]')).toBeNull();
  });

  it("a failed call shows the error with Retry, which loads again", async () => {
    let n = 0;
    info = () => (++n === 1 ? { status: 500, body: { status: "error", message: "down" } } : ok(fan));
    stubServer();
    await show();
    await until(() => root.q('[data-testid="load-error"]') !== null);
    await act(async () => root.q<HTMLButtonElement>('[data-testid="load-error"] button')!.click());
    await until(() => root.q('[data-testid="profile"]') !== null);
    expect(n).toBe(2);
  });

  it("Follow updates the card from the server's answer without loading it again", async () => {
    appStore.set(tokenAtom, "tok");
    info = () => ok(fan);
    follow = () => ok({ following: true, fans: 5 });
    stubServer();
    await show();
    await until(() => root.q('[data-testid="profile-follow"]') !== null);
    expect(root.q('[data-testid="profile-fans"]')?.textContent).toBe("4");
    await act(async () => root.q<HTMLButtonElement>('[data-testid="profile-follow"]')!.click());
    await until(() => root.q('[data-testid="profile-fans"]')?.textContent === "5");
    expect(root.q('[data-testid="profile-follow"]')?.textContent).toBe("Unfollow");
    expect(asked.filter((a) => a.path === "/user/info")).toHaveLength(1);
  });
});
