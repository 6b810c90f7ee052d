import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore } from "../state/store";
import { balancesAtom, profileAtom, tokenAtom, userInfoAtom } from "../state/session";
import { BALANCE_CHANNEL, openSession, refreshAccount, refreshBalances, signOut } from "./account";
import { getCookie, setCookie } from "./cookies";

function route(answers: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const path = new URL(input, "http://t").pathname.replace(/^\/java/, "");
      calls.push(path);
      const a = answers[path];
      return new Response(JSON.stringify(a ?? { status: "fail", errorMsg: "no route" }), { status: a ? 200 : 404 });
    }),
  );
  return calls;
}

beforeEach(() => {
  for (const c of document.cookie.split(";")) document.cookie = `${c.split("=")[0]!.trim()}=; path=/; max-age=0`;
  appStore.set(tokenAtom, "");
  appStore.set(userInfoAtom, null);
  appStore.set(profileAtom, null);
  appStore.set(balancesAtom, null);
});

afterEach(() => vi.unstubAllGlobals());

describe("openSession", () => {
  it("stores token and user in cookies and atoms", () => {
    const info = openSession({ uid: "u3", token: "tok-3", newUser: true, user: { uid: "u3", name: "fan3", level: 2 } });
    expect(info).toEqual({ uid: "u3", name: "fan3", avatar: undefined, level: 2, member: undefined, newUser: true });
    expect(getCookie("token")).toBe("tok-3");
    expect(JSON.parse(getCookie("userInfo")!)).toMatchObject({ uid: "u3", name: "fan3", newUser: true });
    expect(appStore.get(tokenAtom)).toBe("tok-3");
  });

  it("refuses an answer without a token", () => {
    expect(() => openSession({ uid: "u3", newUser: false })).toThrow();
    expect(appStore.get(tokenAtom)).toBe("");
    expect(getCookie("token")).toBeUndefined();
  });
});

describe("refreshAccount", () => {
  it("takes balances from /user/userGold over the profile's", async () => {
    appStore.set(tokenAtom, "tok");
    route({
      "/user/info": { status: "success", result: { userId: "u1", uid: "u1", name: "a", private: true, coin: 5, diamond: 1 } },
      "/user/userGold": { status: "success", result: { gold: 200, score: 7 } },
    });
    await refreshAccount();
    expect(appStore.get(profileAtom)?.name).toBe("a");
    expect(appStore.get(balancesAtom)).toEqual({ coin: 200, diamond: 7 });
  });

  it("falls back to the profile's balances when userGold is not served", async () => {
    appStore.set(tokenAtom, "tok");
    route({ "/user/info": { status: "success", result: { userId: "u1", uid: "u1", name: "a", private: true, coin: 5, diamond: 1 } } });
    await refreshAccount();
    expect(appStore.get(balancesAtom)).toEqual({ coin: 5, diamond: 1 });
  });
});

describe("signOut", () => {
  it("revokes the session, keeps only the lang cookie, and goes home after 500 ms", async () => {
    setCookie("lang", "de");
    setCookie("other", "x");
    openSession({ uid: "u3", token: "tok-3", user: { uid: "u3" } });
    const calls = route({ "/login/logout": { status: "success", result: null } });
    const waits: number[] = [];
    const goHome = vi.fn();
    await signOut(goHome, async (ms) => void waits.push(ms));
    expect(calls).toEqual(["/login/logout"]);
    expect(waits).toEqual([500]);
    expect(goHome).toHaveBeenCalledOnce();
    expect(appStore.get(tokenAtom)).toBe("");
    expect(appStore.get(userInfoAtom)).toBeNull();
    expect(document.cookie.split(";").map((c) => c.split("=")[0]!.trim()).filter(Boolean)).toEqual(["lang"]);
  });
});

describe("balances in other tabs", () => {
  const nextMessage = (ch: BroadcastChannel) => new Promise<unknown>((resolve) => ch.addEventListener("message", (e) => resolve((e as MessageEvent).data), { once: true }));

  it("tells the other tabs the new balances after a refresh", async () => {
    const otherTab = new BroadcastChannel(BALANCE_CHANNEL);
    try {
      appStore.set(tokenAtom, "tok");
      appStore.set(userInfoAtom, { uid: "u9" });
      route({ "/user/userGold": { status: "success", result: { gold: 480, score: 3 } } });
      const heard = nextMessage(otherTab);
      await refreshBalances();
      expect(await heard).toEqual({ uid: "u9", coin: 480, diamond: 3 });
    } finally {
      otherTab.close();
    }
  });

  it("takes another tab's balances for the same user only", async () => {
    const otherTab = new BroadcastChannel(BALANCE_CHANNEL);
    const probe = new BroadcastChannel(BALANCE_CHANNEL); // hears what this tab hears, after it
    try {
      appStore.set(tokenAtom, "tok");
      appStore.set(userInfoAtom, { uid: "u9" });
      appStore.set(balancesAtom, { coin: 10, diamond: 0 });
      let heard = nextMessage(probe);
      otherTab.postMessage({ uid: "u7", coin: 999, diamond: 9 });
      await heard;
      await vi.waitFor(() => expect(appStore.get(balancesAtom)).toEqual({ coin: 10, diamond: 0 }));
      heard = nextMessage(probe);
      otherTab.postMessage({ uid: "u9", coin: 470, diamond: 3 });
      await heard;
      await vi.waitFor(() => expect(appStore.get(balancesAtom)).toEqual({ coin: 470, diamond: 3 }));
    } finally {
      otherTab.close();
      probe.close();
    }
  });
});
