import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient, type ClientDeps } from "./client";

type FetchArgs = [string, RequestInit];

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function setup(overrides: Partial<ClientDeps> = {}) {
  const calls: FetchArgs[] = [];
  const toasts: string[] = [];
  const fetchStub = vi.fn(async (url: string, init: RequestInit) => {
    calls.push([url, init]);
    return jsonResponse({ status: "success", result: { ok: 1 }, code: 200 });
  });
  vi.stubGlobal("fetch", fetchStub);
  const client = createApiClient({
    token: () => "",
    locale: () => "en_US",
    toast: (t) => toasts.push(t),
    fallbackMessage: () => "system exception, please try later",
    now: () => 1763800000000,
    retryDelayMs: () => 0,
    progressStart: () => {},
    progressDone: () => {},
    ...overrides,
  });
  return { client, calls, toasts, fetchStub };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  for (const c of document.cookie.split(";")) {
    const n = c.split("=")[0]?.trim();
    if (n) document.cookie = `${n}=; path=/; max-age=0`;
  }
});

describe("request headers and query", () => {
  it("sends sysType and lan, and no token header for a guest", async () => {
    const { client, calls } = setup({ locale: () => "zh_tw" });
    await client.get("/user/info", { query: { userId: 7 } });
    const [url, init] = calls[0]!;
    const h = new Headers(init.headers);
    expect(h.get("sysType")).toBe("PC");
    expect(h.get("lan")).toBe("zh_tw");
    expect(h.has("token")).toBe(false);
    expect(url.startsWith("/java/user/info?")).toBe(true);
    const q = new URLSearchParams(url.split("?")[1]);
    expect(q.get("userId")).toBe("7");
    expect(q.get("_t")).toBe("1763800000000");
  });

  it("sends the token header when signed in and JSON bodies on POST", async () => {
    const { client, calls } = setup({ token: () => "tok-1" });
    await client.post("/login/V2/mobileOrNameToLogin", { password: "abc12345" });
    const [, init] = calls[0]!;
    const h = new Headers(init.headers);
    expect(h.get("token")).toBe("tok-1");
    expect(h.get("Content-Type")).toBe("application/json");
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual({ password: "abc12345" });
  });

  it("sends a FormData body as is, leaving the multipart Content-Type to fetch", async () => {
    const { client, calls } = setup({ token: () => "tok-2" });
    const form = new FormData();
    form.append("file", new Blob(["png"], { type: "image/png" }), "a.png");
    await client.post("/user/uploadAvatar", form);
    const [, init] = calls[0]!;
    const h = new Headers(init.headers);
    expect(init.body).toBe(form);
    expect(h.has("Content-Type")).toBe(false);
    expect(h.get("token")).toBe("tok-2");
  });

  it("returns the envelope's result on success", async () => {
    const { client } = setup();
    await expect(client.get("/x")).resolves.toEqual({ ok: 1 });
  });
});

describe("retries", () => {
  it("retries a network failure three times and then succeeds", async () => {
    const { client, fetchStub } = setup();
    let n = 0;
    fetchStub.mockImplementation(async () => {
      n++;
      if (n <= 3) throw new TypeError("Failed to fetch");
      return jsonResponse({ status: "success", result: "late" });
    });
    await expect(client.get("/x")).resolves.toBe("late");
    expect(n).toBe(4);
  });

  it("gives up after three retries with a network ApiError and the fallback toast", async () => {
    const { client, fetchStub, toasts } = setup();
    fetchStub.mockRejectedValue(new TypeError("Failed to fetch"));
    const err = await client.get("/x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe("network");
    expect(fetchStub).toHaveBeenCalledTimes(4);
    expect(toasts).toEqual(["system exception, please try later"]);
  });

  it("does not retry an HTTP answer, even a 500", async () => {
    const { client, fetchStub } = setup();
    fetchStub.mockResolvedValue(jsonResponse({ status: "fail", code: 500, errorMsg: "boom" }, 500));
    await expect(client.get("/x")).rejects.toBeInstanceOf(ApiError);
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });
});

describe("error envelope and toast text", () => {
  const cases: { name: string; body: object; want: string }[] = [
    { name: "errorMsg wins", body: { status: "fail", errorMsg: "bad code", msg: "other" }, want: "bad code" },
    { name: "msg when errorMsg is empty", body: { status: "fail", errorMsg: "", msg: "from msg" }, want: "from msg" },
    { name: "fallback when both are missing", body: { status: "fail" }, want: "system exception, please try later" },
    { name: "code 400 is a failure", body: { status: "success", code: 400, msg: "c400" }, want: "c400" },
    { name: "code -1 is a failure", body: { status: "success", code: -1, errorMsg: "neg" }, want: "neg" },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const { client, fetchStub, toasts } = setup();
      fetchStub.mockResolvedValue(jsonResponse(c.body));
      const err = (await client.get("/x").catch((e: unknown) => e)) as ApiError;
      expect(err).toBeInstanceOf(ApiError);
      expect(err.userMessage).toBe(c.want);
      expect(toasts).toEqual([c.want]);
    });
  }

  it("shows no toast when the caller opts out", async () => {
    const { client, fetchStub, toasts } = setup();
    fetchStub.mockResolvedValue(jsonResponse({ status: "fail", errorMsg: "wrong password" }));
    const err = (await client.post("/login", {}, { toast: false }).catch((e: unknown) => e)) as ApiError;
    expect(err.userMessage).toBe("wrong password");
    expect(toasts).toEqual([]);
  });

  it("uses the fallback for a non-JSON answer", async () => {
    const { client, fetchStub, toasts } = setup();
    fetchStub.mockResolvedValue(new Response("<html>bad gateway</html>", { status: 502 }));
    const err = (await client.get("/x").catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe("http");
    expect(err.httpStatus).toBe(502);
    expect(toasts).toEqual(["system exception, please try later"]);
  });
});

describe("session gone (errorCode 3000/3001)", () => {
  beforeEach(() => {
    document.cookie = "lang=ko; path=/";
    document.cookie = "token=abc; path=/";
    document.cookie = "userInfo=%7B%7D; path=/";
  });

  for (const errorCode of [3000, 3001, "3001"]) {
    it(`clears every cookie but lang and goes home after 500 ms (errorCode ${String(errorCode)})`, async () => {
      vi.useFakeTimers();
      const goHome = vi.fn();
      const { client, fetchStub } = setup({ goHome, setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms) });
      fetchStub.mockResolvedValue(jsonResponse({ status: "fail", errorCode, errorMsg: "login expired" }));
      const err = (await client.get("/user/info").catch((e: unknown) => e)) as ApiError;
      expect(err.errorCode).toBe(Number(errorCode));
      expect(document.cookie).toBe("lang=ko");
      vi.advanceTimersByTime(499);
      expect(goHome).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(goHome).toHaveBeenCalledTimes(1);
    });
  }

  it("leaves the session alone for other error codes", async () => {
    vi.useFakeTimers();
    const goHome = vi.fn();
    const { client, fetchStub } = setup({ goHome, setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms) });
    fetchStub.mockResolvedValue(jsonResponse({ status: "fail", errorCode: 2010, errorMsg: "bind e-mail" }));
    await client.get("/x").catch(() => undefined);
    vi.advanceTimersByTime(1000);
    expect(goHome).not.toHaveBeenCalled();
    expect(document.cookie).toContain("token=abc");
  });
});

describe("progress hooks", () => {
  it("starts and finishes once per request, also on failure", async () => {
    let started = 0;
    let done = 0;
    const { client, fetchStub } = setup({ progressStart: () => started++, progressDone: () => done++ });
    await client.get("/a");
    fetchStub.mockRejectedValue(new TypeError("offline"));
    await client.get("/b").catch(() => undefined);
    expect([started, done]).toEqual([2, 2]);
  });
});
