// The player against a fake /java server, with mpegts.js replaced by a recorder (in this unit
// test only: the browser tests play a real stream through the real mpegts.js).
import { act } from "react";
import { StateProvider } from "../../state/hooks";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { appStore } from "../../state/store";
import { preferredSourceAtom } from "../../state/anchor";
import { tokenAtom } from "../../state/session";
import { EMPTY_ROOM, roomAtom, theatreModeAtom } from "../../state/realtime";
import { Player } from "./Player";
import { testRoot } from "../../test/root";

interface FakeFlv {
  source: { type: string; url: string; isLive?: boolean };
  handlers: Map<string, (...a: unknown[]) => void>;
  destroyed: boolean;
  loaded: boolean;
}
const flvPlayers: FakeFlv[] = [];

vi.mock("mpegts.js", () => {
  const Events = { ERROR: "error", LOADING_COMPLETE: "loading_complete" };
  const ErrorTypes = { NETWORK_ERROR: "NetworkError", MEDIA_ERROR: "MediaError", OTHER_ERROR: "OtherError" };
  return {
    default: {
      Events,
      ErrorTypes,
      createPlayer: (source: FakeFlv["source"]) => {
        const p: FakeFlv = { source, handlers: new Map(), destroyed: false, loaded: false };
        flvPlayers.push(p);
        return {
          on: (ev: string, fn: (...a: unknown[]) => void) => p.handlers.set(ev, fn),
          attachMediaElement: () => undefined,
          load: () => (p.loaded = true),
          pause: () => undefined,
          unload: () => undefined,
          detachMediaElement: () => undefined,
          destroy: () => (p.destroyed = true),
        };
      },
    },
  };
});

type Answer = { status: string; result?: unknown; errorCode?: number; errorMsg?: string };

function fakeServer(routes: Record<string, Answer | Answer[]>) {
  const queues = new Map(Object.entries(routes).map(([k, v]) => [k, Array.isArray(v) ? [...v] : [v]]));
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const u = new URL(input, "http://test");
      const path = u.pathname.replace(/^\/java/, "");
      calls.push(path);
      const queue = queues.get(path);
      if (!queue) return new Response(JSON.stringify({ status: "fail", errorMsg: `no route ${path}` }), { status: 404 });
      const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  return { count: (p: string) => calls.filter((c) => c === p).length };
}

const ok = (result: unknown): Answer => ({ status: "success", result });
const playback = (over: Record<string, unknown> = {}) =>
  ok({
    room: "a7",
    live: true,
    stalled: false,
    viewers: 4,
    proLocked: false,
    trial: false,
    sources: [
      { kind: "pro", url: "/media/a7.flv?u=1&e=2&s=abc", expiresAt: Date.now() + 3_600_000 },
      { kind: "hls", url: "/media/a7/index.m3u8?u=1&e=2&s=abc", expiresAt: Date.now() + 3_600_000 },
    ],
    ...over,
  });

const { root, host } = testRoot();
const q = <T extends Element>(id: string) => host().querySelector<T>(`[data-testid="${id}"]`);
const state = () => q("live-player")?.getAttribute("data-state");
const until = (cond: () => boolean, timeout = 2000) => vi.waitFor(() => expect(cond()).toBe(true), { timeout });

async function mount(env = { mse: true, nativeHls: true }, theatreToggle = true, viewers?: number) {
  await act(async () => {
    root().render(
      <StateProvider>
        <MemoryRouter>
          <Player roomId="a7" env={env} theatreToggle={theatreToggle} viewers={viewers} />
        </MemoryRouter>
      </StateProvider>,
    );
  });
}

beforeAll(async () => {
  await initI18n("en_US");
  HTMLMediaElement.prototype.play = vi.fn(() => Promise.resolve());
  HTMLMediaElement.prototype.pause = vi.fn();
  HTMLMediaElement.prototype.load = vi.fn();
});

beforeEach(() => {
  flvPlayers.length = 0;
  appStore.set(preferredSourceAtom, null);
  appStore.set(tokenAtom, "tok");
});

afterEach(async () => {
  vi.unstubAllGlobals();
});

describe("Player", () => {
  it("plays the Pro stream through mpegts.js as a live FLV and turns playing on the video's event", async () => {
    fakeServer({ "/live/playback": playback() });
    await mount();
    await until(() => flvPlayers.length === 1 && flvPlayers[0]!.loaded);
    expect(flvPlayers[0]!.source).toMatchObject({ type: "flv", isLive: true });
    expect(flvPlayers[0]!.source.url).toMatch(/^http:\/\/[^/]+\/media\/a7\.flv\?u=1&e=2&s=abc$/);
    expect(state()).toBe("loading");
    await act(async () => q<HTMLVideoElement>("player-video")!.dispatchEvent(new Event("playing")));
    expect(state()).toBe("playing");
    expect(q("live-player")!.getAttribute("data-source")).toBe("pro");
  });

  it("shows the page's live viewer count over the one its playback answer carried", async () => {
    fakeServer({ "/live/playback": playback() });
    await mount();
    await until(() => q("player-viewers") !== null);
    expect(q("player-viewers")!.textContent).toBe("4 watching");
    // The live room passes its presence: the bar follows it, the page shows one number.
    await mount(undefined, true, 7);
    expect(q("player-viewers")!.textContent).toBe("7 watching");
    await mount(undefined, true, 9);
    expect(q("player-viewers")!.textContent).toBe("9 watching");
  });

  it("switches to the standard HLS stream natively and frees the FLV player", async () => {
    fakeServer({ "/live/playback": playback() });
    await mount();
    await until(() => flvPlayers.length === 1);
    await act(async () => q<HTMLButtonElement>("player-source-hls")!.click());
    await until(() => q<HTMLVideoElement>("player-video")!.getAttribute("src")?.includes("/media/a7/index.m3u8") === true);
    expect(flvPlayers[0]!.destroyed).toBe(true);
    expect(appStore.get(preferredSourceAtom)).toBe("hls");
  });

  it("disables an HLS source the browser cannot play and keeps the Pro stream", async () => {
    fakeServer({ "/live/playback": playback() });
    await mount({ mse: true, nativeHls: false });
    await until(() => flvPlayers.length === 1);
    expect(q<HTMLButtonElement>("player-source-hls")!.disabled).toBe(true);
  });

  it("shows the locked Pro source linking to the membership page for non-SVIP viewers", async () => {
    fakeServer({ "/live/playback": playback({ proLocked: true, sources: [{ kind: "hls", url: "/media/a7/index.m3u8?s=1" }] }) });
    await mount();
    await until(() => q("player-source-pro-locked") !== null);
    expect(q("player-source-pro-locked")!.getAttribute("href")).toBe("/userInfo/vip");
    expect(flvPlayers).toHaveLength(0);
  });

  it("counts a trial down and ends it with the 'activate membership' prompt", async () => {
    fakeServer({ "/live/playback": playback({ trial: true, trialEndsAt: Date.now() + 1500 }) });
    await mount();
    await until(() => q("player-trial") !== null);
    expect(q("player-trial")!.textContent).toMatch(/Trial: 0:0[12] left/);
    await until(() => state() === "trialEnded", 4000);
    expect(q("player-trial-ended")!.textContent).toContain("Your trial has ended");
    expect(q("player-vip-link")!.getAttribute("href")).toBe("/userInfo/vip");
    // The stream stops in the effect that follows the render (React runs it after the commit; on a
    // busy machine the poll above can see the panel first).
    await until(() => flvPlayers[0]?.destroyed === true);
  });

  it("retries a refused signed URL once, then shows the refused error with a retry button", async () => {
    const srv = fakeServer({ "/live/playback": playback() });
    await mount();
    await until(() => flvPlayers.length === 1);
    await act(async () => flvPlayers[0]!.handlers.get("error")!("NetworkError", "HttpStatusCodeInvalid", { code: 403 }));
    await until(() => flvPlayers.length === 2).catch((e) => { throw new Error(`stuck: ${flvPlayers.length} ${state()}`, { cause: e }); });
    await act(async () => flvPlayers[1]!.handlers.get("error")!("NetworkError", "HttpStatusCodeInvalid", { code: 403 }));
    await until(() => state() === "refused");
    expect(q("player-refused")!.textContent).toContain("The stream address was refused");
    expect(srv.count("/live/playback")).toBeGreaterThanOrEqual(2);
    expect(q("player-retry")).not.toBeNull();
  });

  it("asks for its playback again when the room's access changes, and shows the members-only prompt", async () => {
    const srv = fakeServer({
      "/live/playback": [playback(), { status: "fail", errorCode: 2110, errorMsg: "Members only" }],
    });
    await mount();
    await until(() => srv.count("/live/playback") >= 1);
    await act(async () => new Promise((r) => setTimeout(r, 50))); // the first answer is applied
    const before = srv.count("/live/playback");
    // The streamer made the room member-only: the room's `access` event moves its version.
    await act(async () => appStore.set(roomAtom("a7"), { ...EMPTY_ROOM, accessVersion: 1 }));
    await until(() => srv.count("/live/playback") > before);
    await until(() => q("player-refused") !== null && q("player-vip-link") !== null);
  });

  it("says the streamer is not live on errorCode 2111", async () => {
    fakeServer({ "/live/playback": { status: "fail", errorCode: 2111, errorMsg: "Not live" } });
    await mount();
    await until(() => state() === "notLive");
    expect(q("player-message")!.textContent).toBe("The streamer is not live right now.");
  });

  it("shows the server's refusal (members only) with the membership link", async () => {
    fakeServer({
      "/live/playback": { status: "fail", errorCode: 2110, errorMsg: "Members only" },
      "/anchorInfo": { status: "fail", errorCode: 404, errorMsg: "nope" },
    });
    await mount();
    await until(() => state() === "refused");
    expect(q("player-refused")!.textContent).toContain("Members only");
    expect(q("player-vip-link")!.getAttribute("href")).toBe("/userInfo/vip");
  });

  it("toggles the live room's theatre mode, and leaves the button to the room when asked", async () => {
    fakeServer({ "/live/playback": playback() });
    appStore.set(theatreModeAtom, false);
    await mount();
    await act(async () => q<HTMLButtonElement>("player-theatre")!.click());
    expect(appStore.get(theatreModeAtom)).toBe(true);
    expect(q("live-player")!.getAttribute("data-theatre")).toBe("true");
    await act(async () => q<HTMLButtonElement>("player-theatre")!.click());
    expect(appStore.get(theatreModeAtom)).toBe(false);
    await act(async () => root().render(null)); // unmounts what is shown, as a reload would
    await mount(undefined, false);
    expect(q("player-theatre")).toBeNull();
  });

  it("goes to ended when the stream stops after playing and the room is offline", async () => {
    fakeServer({ "/live/playback": [playback(), { status: "fail", errorCode: 2111, errorMsg: "Not live" }] });
    await mount();
    await until(() => flvPlayers.length === 1);
    await act(async () => q<HTMLVideoElement>("player-video")!.dispatchEvent(new Event("playing")));
    await act(async () => flvPlayers[0]!.handlers.get("loading_complete")!());
    await until(() => state() === "ended");
    expect(q("player-message")!.textContent).toBe("The live stream has ended.");
  });
});
