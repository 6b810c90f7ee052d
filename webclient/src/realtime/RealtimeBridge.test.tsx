import { act } from "react";
import { StateProvider } from "../state/hooks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RealtimeBridge } from "./RealtimeBridge";
import { appStore } from "../state/store";
import {
  addTopicWant,
  connStatusAtom,
  realtimeCommandsAtom,
  roomAtom,
  roomWantsAtom,
  topicAtom,
  topicWantsAtom,
} from "../state/realtime";
import { testRoot } from "../test/root";
import { FakeSocket } from "../test/fakeSocket";

const { root } = testRoot();

beforeEach(async () => {
  FakeSocket.last = null;
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ status: "success", result: { gateways: ["ws://gw.test:9/ws"] } }))),
  );
  await act(async () => {
    root().render(
      <StateProvider>
        <RealtimeBridge />
      </StateProvider>,
    );
  });
});

afterEach(async () => {
  appStore.set(roomWantsAtom, {});
  appStore.set(topicWantsAtom, {});
  vi.unstubAllGlobals();
});

describe("RealtimeBridge", () => {
  it("connects when a page wants a room and turns frames into room state", async () => {
    expect(FakeSocket.last).toBeNull();
    await act(async () => appStore.set(roomWantsAtom, { "1001": 1 }));
    await vi.waitFor(() => expect(FakeSocket.last).not.toBeNull());
    const ws = FakeSocket.last!;
    expect(ws.url).toBe("ws://gw.test:9/ws?v=1");
    expect(appStore.get(connStatusAtom).state).toBe("connecting");

    act(() => {
      ws.readyState = 1;
      ws.onopen?.();
    });
    expect(ws.sent[0]).toMatchObject({ t: "auth", token: "" });
    ws.server({ t: "welcome", v: 1, sid: "s", user: { id: "g-1", name: "Guest1", guest: true, level: 0 } });
    expect(appStore.get(connStatusAtom).state).toBe("connected");
    expect(ws.sent[1]).toEqual({ t: "join", room: "1001" });

    ws.server({ t: "joined", room: "1001", seq: 3, open: true, presence: 5 });
    ws.server({ t: "batch", room: "1001", ev: [{ seq: 4, k: "chat", ts: 1, id: "1001-4", uid: "g-2", name: "Guest2", lvl: 0, text: "hi" }], sampled: 2 });
    const view = appStore.get(roomAtom("1001"));
    expect(view.joined).toBe(true);
    expect(view.presence).toBe(5);
    expect(view.sampled).toBe(2);
    expect(view.log.lines.map((l) => l.seq)).toEqual([4]);

    let sent = false;
    act(() => {
      sent = appStore.get(realtimeCommandsAtom)!.sendChat("1001", "bad");
    });
    expect(sent).toBe(true);
    const chat = ws.sent[2] as { t: string; nonce: string };
    expect(chat.t).toBe("chat");
    ws.server({ t: "error", nonce: chat.nonce, code: 4003, key: "chat.muted", msg: "You have been muted" });
    expect(appStore.get(roomAtom("1001")).sendError).toBe("You have been muted");
  });

  async function open(user = { id: "g-1", name: "Guest1", guest: true, level: 0 }): Promise<FakeSocket> {
    await vi.waitFor(() => expect(FakeSocket.last).not.toBeNull());
    const ws = FakeSocket.last!;
    act(() => {
      ws.readyState = 1;
      ws.onopen?.();
    });
    ws.server({ t: "welcome", v: 1, sid: "s", user });
    return ws;
  }

  it("learns that we moderate a room when the server accepts a moderation command of ours", async () => {
    await act(async () => appStore.set(roomWantsAtom, { "1003": 1 }));
    const ws = await open({ id: "7", name: "Mia", guest: false, level: 3 });
    ws.server({ t: "joined", room: "1003", seq: 10, open: true, presence: 2 });
    // A signed-in user's join asks for the muted list; a refusal means "not a moderator".
    const probe = ws.sent.find((f) => f.t === "muted") as { nonce: string };
    expect(probe).toMatchObject({ t: "muted", room: "1003" });
    ws.server({ t: "error", nonce: probe.nonce, code: 4011, key: "mod.forbidden", msg: "Access Denied" });
    await act(async () => {});
    expect(appStore.get(roomAtom("1003")).you.mod).toBe(false);

    ws.server({ t: "batch", room: "1003", ev: [{ seq: 11, k: "chat", ts: 1, id: "1003-11", uid: "9", name: "Troll", text: "spam" }] });
    let result: Promise<unknown> = Promise.resolve();
    act(() => {
      result = appStore.get(realtimeCommandsAtom)!.command({ t: "mod", room: "1003", op: "delete", msg: "1003-11" });
    });
    const del = ws.sent[ws.sent.length - 1] as { nonce: string };
    expect(del).toMatchObject({ t: "mod", op: "delete", msg: "1003-11" });
    ws.server({ t: "ack", nonce: del.nonce, seq: 12, ev: { seq: 12, k: "del", ts: 2, msg: "1003-11", by: "7" } });
    await expect(result).resolves.toMatchObject({ ok: true, seq: 12 });
    const view = appStore.get(roomAtom("1003"));
    expect(view.you.mod).toBe(true);
    expect(view.log.lines).toEqual([]);
  });

  it("subscribes the topics pages want and merges score frames into the topic's atom", async () => {
    await act(async () => appStore.set(topicWantsAtom, (w) => addTopicWant(addTopicWant(w, "match:m1", 2000), "match:m1", 3000)));
    const ws = await open();
    const sub = ws.sent.find((f) => f.t === "sub");
    expect(sub).toMatchObject({ t: "sub", topic: "match:m1", delayMs: 3000 });
    ws.server({ t: "subbed", topic: "match:m1@3000" });
    ws.server({ t: "score", topic: "match:m1@3000", match: "m1", delta: { hs: 1, as: 0, st: 2 } });
    ws.server({ t: "score", topic: "match:m1@3000", match: "m1", delta: { as: 1 } });
    expect(appStore.get(topicAtom("match:m1"))).toEqual({ m1: { hs: 1, as: 1, st: 2 } });

    await act(async () => appStore.set(topicWantsAtom, {}));
    expect(ws.sent[ws.sent.length - 1]).toEqual({ t: "unsub", topic: "match:m1", delayMs: 3000 });
    expect(appStore.get(topicAtom("match:m1"))).toEqual({});
  });
});
