// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { beginOAuth, completeOAuth, OAUTH_STORAGE_KEY, stripOAuthParams, type StorageLike } from "./oauth";

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

function answer(body: unknown) {
  const f = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal("fetch", f);
  return f;
}

afterEach(() => vi.unstubAllGlobals());

describe("stripOAuthParams", () => {
  it("removes the provider's parameters and keeps the page's own", () => {
    expect(stripOAuthParams("http://x/live/1?code=a&state=b&scope=openid%20email&tab=chat#top")).toBe("/live/1?tab=chat#top");
    expect(stripOAuthParams("http://x/?error=access_denied&state=s")).toBe("/");
  });
});

describe("beginOAuth", () => {
  it("keeps state and verifier and goes to the provider", async () => {
    const f = answer({ status: "success", result: { url: "https://idp/auth?x=1", state: "S", verifier: "V", type: 5 } });
    const storage = memoryStorage();
    const go = vi.fn();
    await beginOAuth(5, "/live/1001", go, storage);
    expect(String((f.mock.calls[0] as unknown as [string])[0])).toMatch(/^\/java\/login\/V2\/getLoginUrl\?type=5&isFrom=PC&_t=/);
    expect(go).toHaveBeenCalledWith("https://idp/auth?x=1");
    expect(JSON.parse(storage.data.get(OAUTH_STORAGE_KEY)!)).toEqual({ type: 5, state: "S", verifier: "V", returnTo: "/live/1001" });
  });
});

describe("completeOAuth", () => {
  const pending = (storage: StorageLike) =>
    storage.setItem(OAUTH_STORAGE_KEY, JSON.stringify({ type: 3, state: "S", verifier: "V", returnTo: "/back" }));

  it("does nothing without a pending sign-in of ours", async () => {
    const f = answer({});
    expect(await completeOAuth("http://x/?code=c&state=S", memoryStorage())).toEqual({ kind: "none" });
    expect(f).not.toHaveBeenCalled();
  });

  it("refuses a state that is not the one it kept, and forgets the pending entry", async () => {
    const f = answer({});
    const storage = memoryStorage();
    pending(storage);
    const r = await completeOAuth("http://x/p?code=c&state=OTHER", storage);
    expect(r).toMatchObject({ kind: "failed", cleanUrl: "/p" });
    expect(f).not.toHaveBeenCalled();
    expect(storage.data.size).toBe(0);
  });

  it("signs in with code, verifier and state", async () => {
    const f = answer({ status: "success", result: { token: "T", uid: "u1", newUser: false } });
    const storage = memoryStorage();
    pending(storage);
    const r = await completeOAuth("http://x/?code=c&state=S", storage);
    expect(r).toEqual({ kind: "signedIn", result: { token: "T", uid: "u1", newUser: false }, returnTo: "/back" });
    const url = new URL(String((f.mock.calls[0] as unknown as [string])[0]), "http://x");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ type: "3", code: "c", verifier: "V", state: "S" });
  });

  it("turns errorCode 2010 into the bind-e-mail step", async () => {
    answer({ status: "fail", errorCode: 2010, errorMsg: "bind" });
    const storage = memoryStorage();
    pending(storage);
    expect(await completeOAuth("http://x/?code=c&state=S", storage)).toMatchObject({ kind: "bindEmail", type: 3 });
  });

  it("reports a provider error", async () => {
    const storage = memoryStorage();
    pending(storage);
    expect(await completeOAuth("http://x/?error=access_denied&error_description=denied&state=S", storage)).toEqual({
      kind: "failed",
      message: "denied",
      cleanUrl: "/",
    });
  });
});
