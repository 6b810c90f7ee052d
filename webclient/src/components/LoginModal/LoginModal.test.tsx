import { act } from "react";
import { StateProvider } from "../../state/hooks";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LoginModal } from "./LoginModal";
import { appStore } from "../../state/store";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { oauthBindAtom, tokenAtom, userInfoAtom } from "../../state/session";
import { OAUTH_STORAGE_KEY } from "../../session/oauth";
import { initI18n } from "../../i18n";
import { testRoot } from "../../test/root";

const { root, host } = testRoot();
let where = "";

function typeInto(el: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  setter.call(el, value);
  el.dispatchEvent(new Event("input", { bubbles: true }));
}

function choose(el: HTMLSelectElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")!.set!;
  setter.call(el, value);
  el.dispatchEvent(new Event("change", { bubbles: true }));
}

const q = <T extends Element>(testId: string) => host().querySelector<T>(`[data-testid="${testId}"]`);

async function until(cond: () => boolean) {
  await vi.waitFor(() => expect(cond()).toBe(true));
}

type Answer = { status: string; result?: unknown; errorCode?: number; errorMsg?: string };
interface Call {
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/**
 * A fake /java server: answers by path (a queue per path, the last answer repeats), records every
 * call. The country and provider lists answer by default.
 */
function fakeServer(routes: Record<string, Answer | Answer[]>) {
  const queues = new Map(Object.entries(routes).map(([k, v]) => [k, Array.isArray(v) ? [...v] : [v]]));
  queues.set("/login/loginCountryList", queues.get("/login/loginCountryList") ?? [
    { status: "success", result: [{ countryAbbr: "CN", countryArea: "86" }, { countryAbbr: "HK", countryArea: "852" }] },
  ]);
  queues.set("/login/V2/providers", queues.get("/login/V2/providers") ?? [{ status: "success", result: [] }]);
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (input: string, init: RequestInit) => {
    const u = new URL(input, "http://test");
    const path = u.pathname.replace(/^\/java/, "");
    calls.push({ path, query: u.searchParams, body: init.body ? JSON.parse(init.body as string) : undefined, headers: new Headers(init.headers) });
    const queue = queues.get(path);
    if (!queue) return new Response(JSON.stringify({ status: "fail", errorMsg: `no route ${path}` }), { status: 404 });
    const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
    return new Response(JSON.stringify(answer), { status: 200 });
  });
  vi.stubGlobal("fetch", fetchStub);
  const of = (path: string) => calls.filter((c) => c.path === path);
  return { calls, of };
}

function Where() {
  const l = useLocation();
  where = `${l.pathname}${l.search}`;
  return null;
}

async function mount(mode: LoginMode = LoginMode.Password) {
  appStore.set(loginModalAtom, { open: true, mode });
  await act(async () => {
    root().render(
      <StateProvider>
        <MemoryRouter>
          <LoginModal />
          <Where />
        </MemoryRouter>
      </StateProvider>,
    );
  });
}

beforeAll(async () => {
  await initI18n("en_US");
});

beforeEach(() => {
  appStore.set(tokenAtom, "");
  appStore.set(userInfoAtom, null);
  appStore.set(oauthBindAtom, null);
  for (const c of document.cookie.split(";")) document.cookie = `${c.split("=")[0]!.trim()}=; path=/; max-age=0`;
  sessionStorage.clear();
});

afterEach(async () => {
  vi.unstubAllGlobals();
});

describe("LoginModal", () => {
  it("shows the server's errorMsg inline and does not open a session", async () => {
    const srv = fakeServer({ "/login/V2/mobileOrNameToLogin": { status: "fail", errorCode: 2001, errorMsg: "Wrong account or password" } });
    await mount();
    await act(async () => {
      typeInto(q<HTMLInputElement>("login-identity")!, "13812345678");
      typeInto(q<HTMLInputElement>("login-password")!, "abcd1234");
    });
    await act(async () => q<HTMLButtonElement>("login-submit")!.click());
    await until(() => q("login-error")?.textContent === "Wrong account or password");

    expect(srv.of("/login/V2/mobileOrNameToLogin")[0]!.body).toMatchObject({ mobileOrEmail: "13812345678", password: "abcd1234", areaCode: "86", type: 2 });
    expect(appStore.get(tokenAtom)).toBe("");
    expect(appStore.get(loginModalAtom).open).toBe(true);
    expect(document.querySelector('[data-testid="toast"]')).toBeNull();
  });

  it("sends a username as name on the account side of password login", async () => {
    const srv = fakeServer({ "/login/V2/mobileOrNameToLogin": { status: "success", result: { uid: "u7", token: "tok-7", newUser: false, user: { uid: "u7", name: "fan7" } } } });
    await mount();
    await act(async () => q<HTMLButtonElement>("login-by-email")!.click());
    await act(async () => {
      typeInto(q<HTMLInputElement>("login-identity")!, "fan7");
      typeInto(q<HTMLInputElement>("login-password")!, "whatever");
    });
    await act(async () => q<HTMLButtonElement>("login-submit")!.click());
    await until(() => appStore.get(loginModalAtom).open === false);
    expect(srv.of("/login/V2/mobileOrNameToLogin")[0]!.body).toEqual({ name: "fan7", password: "whatever" });
    expect(appStore.get(tokenAtom)).toBe("tok-7");
    expect(appStore.get(userInfoAtom)).toMatchObject({ uid: "u7", name: "fan7" });
    expect(document.cookie).toContain("token=tok-7");
  });

  it("checks the input before calling the server", async () => {
    const srv = fakeServer({});
    await mount();
    await act(async () => typeInto(q<HTMLInputElement>("login-identity")!, "12812345678"));
    await act(async () => q<HTMLButtonElement>("login-submit")!.click());
    expect(q("login-invalid-identity")?.textContent).toBe("Mobile phone number is incorrect");
    expect(q("login-invalid-password")?.textContent).toBe("This field is required");
    expect(srv.of("/login/V2/mobileOrNameToLogin")).toHaveLength(0);
  });

  it("locks page scroll while open and closes on Escape", async () => {
    fakeServer({});
    await mount();
    expect(document.body.style.overflow).toBe("hidden");
    await act(async () => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    });
    expect(appStore.get(loginModalAtom).open).toBe(false);
    expect(q("login-modal")).toBeNull();
    expect(document.body.style.overflow).toBe("");
  });

  it("holds focus: the identity field on open, Shift+Tab from × to the last control, Tab from there back to ×", async () => {
    fakeServer({});
    await mount();
    const dialog = q<HTMLElement>("login-modal")!;
    const tab = (shiftKey = false) =>
      act(() => {
        document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", shiftKey, bubbles: true, cancelable: true }));
      });
    const first = dialog.querySelector<HTMLElement>("button")!;
    expect(first.getAttribute("aria-label")).toBe("Close");
    expect(document.activeElement).toBe(q("login-identity"));
    first.focus();
    tab(true);
    const last = document.activeElement as HTMLElement;
    expect(last).not.toBe(first);
    expect(dialog.contains(last)).toBe(true);
    tab();
    expect(document.activeElement).toBe(first);
  });

  it("offers code login with a send-code button, terms links and the five providers", async () => {
    fakeServer({ "/login/V2/providers": { status: "success", result: [{ name: "google", type: 3 }] } });
    await mount(LoginMode.Code);
    expect(q("login-send-code")?.textContent).toBe("Send code");
    expect(q("login-password")).toBeNull();
    expect(q<HTMLAnchorElement>("terms-user")!.getAttribute("href")).toBe("/protocol/1");
    expect(q<HTMLAnchorElement>("terms-privacy")!.getAttribute("href")).toBe("/protocol/2");
    const names = [...host().querySelectorAll('[data-testid^="oauth-"]')].map((b) => b.getAttribute("data-testid"));
    expect(names).toEqual(["oauth-line", "oauth-google", "oauth-twitter", "oauth-apple", "oauth-facebook"]);
    await until(() => q<HTMLButtonElement>("oauth-line")!.disabled);
    expect(q<HTMLButtonElement>("oauth-google")!.disabled).toBe(false);
  });

  it("shows WeChat and QQ only when configured, and starts them through getPCWXLoginAddress and getPCQQLoginAddress", async () => {
    const srv = fakeServer({
      "/login/V2/providers": { status: "success", result: [{ name: "wechat", type: 7 }, { name: "qq", type: 8 }] },
      "/login/getPCQQLoginAddress": { status: "fail", errorCode: 2011, errorMsg: "QQ sign-in failed" },
    });
    await mount(LoginMode.Code);
    await until(() => q("oauth-wechat") !== null && q("oauth-qq") !== null);
    expect(q("oauth-wechat")?.textContent).toContain("WeChat");
    expect(q<HTMLButtonElement>("oauth-google")!.disabled).toBe(true);
    await act(async () => q<HTMLButtonElement>("oauth-qq")!.click());
    await until(() => srv.of("/login/getPCQQLoginAddress").length === 1);
    expect(srv.of("/login/V2/getLoginUrl")).toHaveLength(0);
    await until(() => q("login-error")?.textContent === "QQ sign-in failed");
  });

  it("starts the 60 s countdown only after the code was sent", async () => {
    const srv = fakeServer({
      "/login/V2/sendMobilecheckCode": [
        { status: "fail", errorCode: 2005, errorMsg: "Please wait 42 seconds" },
        { status: "success", result: { sent: true, resendAfter: 60 } },
      ],
    });
    await mount(LoginMode.Code);
    await act(async () => typeInto(q<HTMLInputElement>("login-identity")!, "13812345678"));
    await act(async () => q<HTMLButtonElement>("login-send-code")!.click());
    await until(() => q("login-error")?.textContent === "Please wait 42 seconds");
    expect(q<HTMLButtonElement>("login-send-code")!.disabled).toBe(false);
    expect(q("login-send-code")?.textContent).toBe("Send code");

    await act(async () => q<HTMLButtonElement>("login-send-code")!.click());
    await until(() => q("login-send-code")?.textContent === "Resend in 60 s");
    expect(q<HTMLButtonElement>("login-send-code")!.disabled).toBe(true);
    expect(srv.of("/login/V2/sendMobilecheckCode").map((c) => c.body)).toEqual([
      { areaCode: "86", mobileOrEmail: "13812345678" },
      { areaCode: "86", mobileOrEmail: "13812345678" },
    ]);
  });

  it("takes the area code from the country list", async () => {
    const srv = fakeServer({ "/login/V2/sendMobilecheckCode": { status: "success", result: { sent: true } } });
    await mount(LoginMode.Code);
    await until(() => host().querySelectorAll('[data-testid="login-area"] option').length === 2);
    await act(async () => choose(q<HTMLSelectElement>("login-area")!, "HK"));
    await act(async () => typeInto(q<HTMLInputElement>("login-identity")!, "91234567"));
    await act(async () => q<HTMLButtonElement>("login-send-code")!.click());
    await until(() => srv.of("/login/V2/sendMobilecheckCode").length === 1);
    expect(srv.of("/login/V2/sendMobilecheckCode")[0]!.body).toEqual({ areaCode: "852", mobileOrEmail: "91234567" });
  });

  it("registers by e-mail with a code, then asks the new user for a username and password", async () => {
    const srv = fakeServer({
      "/login/V2/sendEmailcheckCode": { status: "success", result: { sent: true } },
      "/login/V2/getLoginByEmailCheckCode": { status: "success", result: { uid: "u9", token: "tok-9", newUser: true, user: { uid: "u9", userId: "u9", name: "u9" } } },
      "/user/V2/modifyUser": { status: "success", result: { userId: "u9", uid: "u9", name: "fan2026", username: "fan2026", private: true, level: 1 } },
    });
    await mount();
    await act(async () => q<HTMLButtonElement>("login-to-register")!.click());
    expect(q("login-modal")!.getAttribute("data-mode")).toBe(String(LoginMode.Register));
    await act(async () => q<HTMLButtonElement>("login-by-email")!.click());
    await act(async () => {
      typeInto(q<HTMLInputElement>("login-identity")!, "fan@example.com");
      typeInto(q<HTMLInputElement>("login-code")!, "123456");
      typeInto(q<HTMLInputElement>("login-password")!, "abcdefgh");
    });
    await act(async () => q<HTMLButtonElement>("login-submit")!.click());
    expect(q("login-invalid-password")?.textContent).toBe("At least 8 characters with both a letter and a digit");
    await act(async () => typeInto(q<HTMLInputElement>("login-password")!, "abcd1234"));
    await act(async () => q<HTMLButtonElement>("login-submit")!.click());
    await until(() => q("login-username") !== null);
    expect(srv.of("/login/V2/getLoginByEmailCheckCode")[0]!.body).toEqual({
      mobileOrEmail: "fan@example.com",
      type: 3,
      checkCode: "123456",
      password: "abcd1234",
    });
    expect(appStore.get(tokenAtom)).toBe("tok-9");

    await act(async () => {
      typeInto(q<HTMLInputElement>("login-username")!, "fan 2026");
      typeInto(q<HTMLInputElement>("login-password")!, "abcd1234");
    });
    await act(async () => q<HTMLButtonElement>("login-submit")!.click());
    expect(host().textContent).toContain("Letters and digits only");
    await act(async () => typeInto(q<HTMLInputElement>("login-username")!, "fan2026"));
    await act(async () => q<HTMLButtonElement>("login-submit")!.click());
    await until(() => appStore.get(loginModalAtom).open === false);
    const step = srv.of("/user/V2/modifyUser")[0]!;
    expect(step.headers.get("token")).toBe("tok-9");
    expect(step.body).toEqual({ uname: "fan2026", password: "abcd1234" });
    expect(appStore.get(userInfoAtom)).toMatchObject({ uid: "u9", name: "fan2026" });
    expect(appStore.get(userInfoAtom)?.newUser).toBeFalsy();
  });

  it("resets a forgotten password through /login/modifyPassword and returns to password login", async () => {
    const srv = fakeServer({ "/login/modifyPassword": { status: "success", result: { changed: true } } });
    await mount(LoginMode.Reset);
    await act(async () => {
      typeInto(q<HTMLInputElement>("login-identity")!, "13812345678");
      typeInto(q<HTMLInputElement>("login-code")!, "654321");
      typeInto(q<HTMLInputElement>("login-password")!, "newpass99");
    });
    await act(async () => q<HTMLButtonElement>("login-submit")!.click());
    await until(() => q("login-notice") !== null);
    expect(srv.of("/login/modifyPassword")[0]!.body).toEqual({
      mobileOrEmail: "13812345678",
      areaCode: "86",
      type: 2,
      checkCode: "654321",
      password: "newpass99",
    });
    expect(appStore.get(loginModalAtom).mode).toBe(LoginMode.Password);
    expect(appStore.get(tokenAtom)).toBe("");
  });

  it("finishes a third-party return: getLoginInfo with the kept verifier, session, URL stripped", async () => {
    const srv = fakeServer({ "/login/V2/getLoginInfo": { status: "success", result: { uid: "u5", token: "tok-5", newUser: false, user: { uid: "u5", name: "g5" } } } });
    sessionStorage.setItem(OAUTH_STORAGE_KEY, JSON.stringify({ type: 3, state: "st-1", verifier: "ver-1", returnTo: "/live/1001" }));
    appStore.set(loginModalAtom, { open: false, mode: LoginMode.Password });
    await act(async () => {
      root().render(
        <StateProvider>
          <MemoryRouter initialEntries={["/?code=c-1&state=st-1&scope=openid"]}>
            <LoginModal />
            <Where />
          </MemoryRouter>
        </StateProvider>,
      );
    });
    await until(() => appStore.get(tokenAtom) === "tok-5");
    const q1 = srv.of("/login/V2/getLoginInfo")[0]!.query;
    expect([q1.get("type"), q1.get("code"), q1.get("verifier"), q1.get("state")]).toEqual(["3", "c-1", "ver-1", "st-1"]);
    await until(() => where === "/live/1001");
    expect(sessionStorage.getItem(OAUTH_STORAGE_KEY)).toBeNull();
  });

  it("shows the bind-e-mail step on errorCode 2010 and binds with the provider id", async () => {
    const srv = fakeServer({
      "/login/V2/getLoginInfo": { status: "fail", errorCode: 2010, errorMsg: "Please bind an e-mail" },
      "/login/V2/sendEmailcheckCode": { status: "success", result: { sent: true } },
      "/login/bindAccount": { status: "success", result: { uid: "u6", token: "tok-6", newUser: true, user: { uid: "u6" } } },
    });
    sessionStorage.setItem(OAUTH_STORAGE_KEY, JSON.stringify({ type: 6, state: "st-2", verifier: "ver-2", returnTo: "/" }));
    appStore.set(loginModalAtom, { open: false, mode: LoginMode.Password });
    await act(async () => {
      root().render(
        <StateProvider>
          <MemoryRouter initialEntries={["/?state=st-2&code=c-2"]}>
            <LoginModal />
            <Where />
          </MemoryRouter>
        </StateProvider>,
      );
    });
    await until(() => q("bind-email") !== null);
    expect(where).toBe("/");
    await act(async () => typeInto(q<HTMLInputElement>("bind-email")!, "x@example.com"));
    await act(async () => q<HTMLButtonElement>("bind-send-code")!.click());
    await until(() => q("bind-send-code")?.textContent === "Resend in 60 s");
    await act(async () => typeInto(q<HTMLInputElement>("bind-code")!, "111222"));
    await act(async () => q<HTMLButtonElement>("bind-submit")!.click());
    await until(() => q("login-username") !== null);
    expect(srv.of("/login/bindAccount")[0]!.body).toEqual({ mobileOrEmail: "x@example.com", checkCode: "111222", type: 6 });
    expect(appStore.get(tokenAtom)).toBe("tok-6");
    expect(appStore.get(oauthBindAtom)).toBeNull();
  });
});
