import { afterEach, describe, expect, it, vi } from "vitest";
import { appStore } from "../state/store";
import { loginModalAtom, LoginMode } from "../state/ui";
import { afterSignIn, captureChannel, channelPayload, markChannelLogin } from "./channel";

function route(answers: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const u = new URL(input, "http://t");
      calls.push(u.pathname.replace(/^\/java/, "") + "?" + u.searchParams.get("promotionChannelId"));
      const a = answers[u.pathname.replace(/^\/java/, "")];
      return new Response(JSON.stringify(a ?? { status: "fail", errorMsg: "no route" }), { status: a ? 200 : 404 });
    }),
  );
  return calls;
}

const login = (newUser: boolean) => ({ uid: "u1", token: "t", newUser, user: {} }) as Parameters<typeof afterSignIn>[0];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  appStore.set(loginModalAtom, { open: false, mode: LoginMode.Password });
});

describe("channel attribution in the client", () => {
  it("counts a register link's visit, keeps the code for the sign-up and opens the sign-up form", async () => {
    const calls = route({ "/promotion/v2/addPromotionReg": { status: "success", result: { counted: true, code: "cabc123456", type: "register" } } });
    await captureChannel("?c=cabc123456", false);
    expect(calls).toEqual(["/promotion/v2/addPromotionReg?cabc123456"]);
    expect(channelPayload()).toEqual({ promotionChannelId: "cabc123456", channelFromtype: "register" });
    expect(appStore.get(loginModalAtom)).toEqual({ open: true, mode: LoginMode.Register });
  });

  it("ignores a malformed code and leaves a signed-in user's page alone", async () => {
    const calls = route({ "/promotion/v2/addPromotionReg": { status: "success", result: { counted: false, code: "cabc123456", type: "register" } } });
    await captureChannel("?c=<script>", false);
    expect(calls).toEqual([]);
    await captureChannel("?c=cabc123456", true);
    expect(appStore.get(loginModalAtom).open).toBe(false);
  });

  it("opens /channel in a new tab after the sign-in when the channel-login flag is pending, once", () => {
    route({});
    const open = vi.fn();
    vi.stubGlobal("open", open);
    afterSignIn(login(false));
    expect(open).not.toHaveBeenCalled();
    markChannelLogin();
    afterSignIn(login(false));
    afterSignIn(login(false));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith("/channel", "_blank", "noopener");
  });

  it("attributes a fresh account (a third-party sign-up has no payload) to the kept channel", async () => {
    const calls = route({ "/promotion/v2/addPromotionReg": { status: "success", result: { counted: false, code: "cabc123456", type: "register" } } });
    await captureChannel("?c=cabc123456", true);
    afterSignIn(login(true));
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual(["/promotion/v2/addPromotionReg?cabc123456", "/promotion/v2/addPromotionReg?cabc123456"]);
  });
});
