// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RealtimeConnection, type ConnStatus, type TopicStatus } from "./connection";
import type { MatchDelta } from "./protocol";
import type { ErrorFrame, RoomEvent } from "./protocol";

// A stand-in socket for the unit test only: records what the client sends and lets the
// test play the server.
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    this.sent.push(JSON.parse(s) as Record<string, unknown>);
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  // server side
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  push(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
}

function chat(seq: number, text = `m${seq}`): RoomEvent {
  return { seq, k: "chat", ts: 1, id: `r-${seq}`, uid: "u", name: "U", lvl: 0, text };
}

function setup() {
  const statuses: ConnStatus[] = [];
  const errors: { room?: string; f: ErrorFrame }[] = [];
  const refused: { room: string; f: ErrorFrame }[] = [];
  const events: RoomEvent[] = [];
  const acks: { room: string; seq?: number }[] = [];
  const scores: { topic: string; deltas: Record<string, MatchDelta> }[] = [];
  const topicStatus: { topic: string; st: TopicStatus }[] = [];
  const conn = new RealtimeConnection({
    resolveUrl: async () => "ws://gw.test/ws?v=1",
    auth: () => ({ token: "", lan: "en_US" }),
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    random: () => 0.5,
    now: () => 0,
    listener: {
      status: (s) => statuses.push(s),
      welcome: () => {},
      joined: () => {},
      events: (_r, ev) => events.push(...ev),
      presence: () => {},
      ack: (room, f) => acks.push({ room, seq: f.seq }),
      error: (room, f) => errors.push({ room, f }),
      joinRefused: (room, f) => refused.push({ room, f }),
      score: (topic, deltas) => scores.push({ topic, deltas }),
      topicStatus: (topic, st) => topicStatus.push({ topic, st }),
    },
  });
  return { conn, statuses, errors, events, refused, acks, scores, topicStatus };
}

async function connected(conn: RealtimeConnection): Promise<FakeSocket> {
  conn.start();
  await vi.waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  const ws = FakeSocket.all[FakeSocket.all.length - 1]!;
  ws.accept();
  ws.push({ t: "welcome", v: 1, sid: "s1", user: { id: "g-1", name: "Guest1", guest: true, level: 0 } });
  return ws;
}

beforeEach(() => {
  FakeSocket.all = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe("RealtimeConnection", () => {
  it("authenticates first, then joins the wanted room", async () => {
    const { conn, statuses } = setup();
    conn.setRooms(["1001"]);
    const ws = await connected(conn);
    expect(ws.url).toBe("ws://gw.test/ws?v=1");
    expect(ws.sent[0]).toEqual({ t: "auth", token: "", lan: "en_US" });
    expect(ws.sent[1]).toEqual({ t: "join", room: "1001" });
    expect(statuses.map((s) => s.state)).toEqual(["connecting", "connected"]);
    conn.stop();
  });

  it("resumes with the highest seq seen after a reconnect", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    const { conn, statuses } = setup();
    conn.setRooms(["1001"]);
    const ws = await connected(conn);
    ws.push({ t: "joined", room: "1001", seq: 40, open: true, presence: 2 });
    ws.push({ t: "batch", room: "1001", ev: [chat(41), chat(43)], sampled: 1 });
    expect(conn.resumePoint("1001")).toBe(43);

    ws.drop();
    const down = statuses[statuses.length - 1]!;
    expect(down.state).toBe("disconnected");
    expect(down.attempt).toBe(1);
    expect(down.retryAt).toBeGreaterThan(0);

    await vi.advanceTimersByTimeAsync(down.retryAt!);
    expect(statuses[statuses.length - 1]!.state).toBe("reconnecting");
    const ws2 = FakeSocket.all[1]!;
    ws2.accept();
    ws2.push({ t: "welcome", v: 1, sid: "s2", user: { id: "g-1", name: "Guest1", guest: true, level: 0 } });
    expect(ws2.sent[1]).toEqual({ t: "join", room: "1001", since: 43 });
    // A resumed join does not move the resume point past what was replayed.
    ws2.push({ t: "joined", room: "1001", seq: 50, open: true, presence: 2 });
    expect(conn.resumePoint("1001")).toBe(43);
    conn.stop();
  });

  it("fails commands still waiting for an ack when the socket drops", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    const { conn, errors } = setup();
    conn.setRooms(["1001"]);
    const ws = await connected(conn);
    const nonce = conn.sendChat("1001", "hello");
    expect(nonce).not.toBeNull();
    expect(ws.sent[2]).toEqual({ t: "chat", room: "1001", text: "hello", nonce });
    ws.drop();
    expect(errors).toEqual([{ room: "1001", f: { t: "error", code: 4000, key: "chat.failed", msg: "", nonce } }]);
    expect(conn.sendChat("1001", "while down")).toBeNull();
    conn.stop();
  });

  it("routes a refused command to its room by nonce", async () => {
    const { conn, errors } = setup();
    conn.setRooms(["1001"]);
    const ws = await connected(conn);
    const nonce = conn.sendChat("1001", "bad word")!;
    ws.push({ t: "error", nonce, code: 4004, key: "chat.nonCompliant", msg: "Content non-compliance" });
    expect(errors).toEqual([{ room: "1001", f: { t: "error", nonce, code: 4004, key: "chat.nonCompliant", msg: "Content non-compliance" } }]);
    conn.stop();
  });

  it("manual reconnect skips the backoff wait", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    const { conn, statuses } = setup();
    const ws = await connected(conn);
    ws.drop();
    expect(statuses[statuses.length - 1]!.state).toBe("disconnected");
    conn.reconnectNow();
    await vi.waitFor(() => expect(FakeSocket.all.length).toBe(2));
    expect(statuses[statuses.length - 1]!.state).toBe("reconnecting");
    conn.stop();
  });

  it("leaves rooms the page no longer wants and forgets their resume point", async () => {
    const { conn } = setup();
    conn.setRooms(["1001"]);
    const ws = await connected(conn);
    ws.push({ t: "joined", room: "1001", seq: 5, open: true, presence: 1 });
    conn.setRooms([]);
    expect(ws.sent[ws.sent.length - 1]).toEqual({ t: "leave", room: "1001" });
    expect(conn.resumePoint("1001")).toBeUndefined();
    conn.stop();
  });

  it("attributes a refusal without nonce to the oldest unanswered join", async () => {
    const { conn, refused, errors } = setup();
    conn.setRooms(["1001", "9999"]);
    const ws = await connected(conn);
    ws.push({ t: "joined", room: "1001", seq: 0, open: true, presence: 1 });
    const notFound = { t: "error", code: 4012, key: "room.notFound", msg: "Streamer not found" };
    ws.push(notFound);
    expect(refused).toEqual([{ room: "9999", f: notFound }]);
    // With no join waiting, a nonce-less error is a connection-level one.
    const auth = { t: "error", code: 4001, key: "auth.required", msg: "Please log in first" };
    ws.push(auth);
    expect(errors).toEqual([{ room: undefined, f: auth }]);
    conn.stop();
  });

  it("never opens two sockets when a manual reconnect overtakes an attempt still resolving its URL", async () => {
    const resolvers: ((url: string) => void)[] = [];
    const conn = new RealtimeConnection({
      resolveUrl: () => new Promise<string>((r) => resolvers.push(r)),
      auth: () => ({ token: "", lan: "en_US" }),
      WebSocket: FakeSocket as unknown as typeof WebSocket,
      listener: { status() {}, welcome() {}, joined() {}, events() {}, presence() {}, ack() {}, error() {}, joinRefused() {} },
    });
    conn.start();
    conn.reconnectNow();
    expect(resolvers).toHaveLength(2);
    resolvers[1]!("ws://gw.test/ws?v=1");
    resolvers[0]!("ws://stale.test/ws?v=1");
    await vi.waitFor(() => expect(FakeSocket.all.length).toBe(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(FakeSocket.all.map((w) => w.url)).toEqual(["ws://gw.test/ws?v=1"]);
    conn.stop();
  });

  describe("nonced commands", () => {
    it("matches acks and refusals to their commands by nonce, whatever the answer order", async () => {
      const { conn, acks, errors } = setup();
      conn.setRooms(["1001"]);
      const ws = await connected(conn);
      const mute = conn.command({ t: "mod", room: "1001", op: "mute", uid: "u42", secs: 600 });
      const del = conn.command({ t: "mod", room: "1001", op: "delete", msg: "1001-7" });
      const muteFrame = ws.sent[2] as { nonce: string };
      const delFrame = ws.sent[3] as { nonce: string };
      expect(ws.sent[2]).toEqual({ t: "mod", room: "1001", op: "mute", uid: "u42", secs: 600, nonce: muteFrame.nonce });
      expect(muteFrame.nonce).not.toBe(delFrame.nonce);

      // The server answers the second command first.
      ws.push({ t: "error", nonce: delFrame.nonce, code: 4011, key: "mod.forbidden", msg: "Access Denied" });
      const delEv = { seq: 9, k: "mute", ts: 1, uid: "u42", by: "me", until: 5, secs: 600 };
      ws.push({ t: "ack", nonce: muteFrame.nonce, seq: 9, ev: delEv });

      await expect(mute).resolves.toEqual({ ok: true, seq: 9, ev: delEv });
      await expect(del).resolves.toEqual({ ok: false, code: 4011, key: "mod.forbidden", msg: "Access Denied" });
      // The acked event still reaches the room's log; the refusal is not a chat error.
      expect(acks).toEqual([{ room: "1001", seq: 9 }]);
      expect(errors).toEqual([]);
      conn.stop();
    });

    it("resolves a muted command with the list of its mutedList answer", async () => {
      const { conn } = setup();
      conn.setRooms(["1001"]);
      const ws = await connected(conn);
      const p = conn.command({ t: "muted", room: "1001" });
      const { nonce } = ws.sent[2] as { nonce: string };
      ws.push({ t: "mutedList", room: "1001", nonce: "someone-else", list: [] });
      ws.push({ t: "mutedList", room: "1001", nonce, list: [{ uid: "u42", name: "Alice", until: 99 }] });
      await expect(p).resolves.toEqual({ ok: true, list: [{ uid: "u42", name: "Alice", until: 99 }] });
      conn.stop();
    });

    it("fails a command at once when not connected, and when the socket drops before the answer", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
      const { conn } = setup();
      await expect(conn.command({ t: "report", room: "1001", msg: "m1", reason: "spam" })).resolves.toMatchObject({ ok: false, code: 4000 });
      conn.setRooms(["1001"]);
      const ws = await connected(conn);
      const p = conn.command({ t: "gift", room: "1001", gift: "3", count: 10 });
      ws.drop();
      await expect(p).resolves.toEqual({ ok: false, code: 4000, key: "chat.failed", msg: "" });
      conn.stop();
    });
  });

  it("resolves a command the server never answers as failed after the timeout, and ignores a late answer", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    const { conn, acks } = setup();
    conn.setRooms(["1001"]);
    const ws = await connected(conn);
    const p = conn.command({ t: "mod", room: "1001", op: "slow", secs: 30 });
    const { nonce } = ws.sent[ws.sent.length - 1] as { nonce: string };
    await vi.advanceTimersByTimeAsync(15_000);
    await expect(p).resolves.toMatchObject({ ok: false, code: 4000 });
    ws.push({ t: "ack", nonce, seq: 3, ev: { seq: 3, k: "slow", ts: 1, secs: 30 } });
    expect(acks).toEqual([]);
    conn.stop();
  });

  describe("score topics", () => {
    it("subscribes after welcome and again after a reconnect, with the delay", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
      const { conn, statuses } = setup();
      conn.setTopics(new Map([["match:abc", 3000], ["scores:1", 0]]));
      const ws = await connected(conn);
      const subs = ws.sent.filter((f) => f.t === "sub").map(({ t, topic, delayMs }) => ({ t, topic, delayMs }));
      expect(subs).toEqual([
        { t: "sub", topic: "match:abc", delayMs: 3000 },
        { t: "sub", topic: "scores:1", delayMs: undefined },
      ]);
      ws.drop();
      await vi.advanceTimersByTimeAsync(statuses[statuses.length - 1]!.retryAt!);
      const ws2 = FakeSocket.all[1]!;
      ws2.accept();
      ws2.push({ t: "welcome", v: 1, sid: "s2", user: { id: "g-1", name: "Guest1", guest: true, level: 0 } });
      expect(ws2.sent.filter((f) => f.t === "sub").map((f) => f.topic)).toEqual(["match:abc", "scores:1"]);
      conn.stop();
    });

    it("unsubscribes a topic no page wants, and re-subscribes when the delay changes", async () => {
      const { conn } = setup();
      conn.setTopics(new Map([["match:abc", 0]]));
      const ws = await connected(conn);
      conn.setTopics(new Map([["match:abc", 12000]]));
      expect(ws.sent.slice(-2).map(({ t, topic, delayMs }) => ({ t, topic, delayMs }))).toEqual([
        { t: "unsub", topic: "match:abc", delayMs: undefined },
        { t: "sub", topic: "match:abc", delayMs: 12000 },
      ]);
      conn.setTopics(new Map());
      expect(ws.sent[ws.sent.length - 1]).toEqual({ t: "unsub", topic: "match:abc", delayMs: 12000 });
      conn.stop();
    });

    it("hands score and scores frames to the topic asked for, without the @delay suffix", async () => {
      const { conn, scores } = setup();
      conn.setTopics(new Map([["match:abc", 3000], ["scores:1", 0]]));
      const ws = await connected(conn);
      ws.push({ t: "score", topic: "match:abc@3000", match: "abc", delta: { hs: 1 } });
      ws.push({ t: "scores", topic: "scores:1", deltas: { abc: { as: 2 }, def: { st: 2 } } });
      ws.push({ t: "score", topic: "match:zzz", match: "zzz", delta: { hs: 9 } });
      expect(scores).toEqual([
        { topic: "match:abc", deltas: { abc: { hs: 1 } } },
        { topic: "scores:1", deltas: { abc: { as: 2 }, def: { st: 2 } } },
      ]);
      conn.stop();
    });

    it("reports a refused sub for its topic and never as a refused join", async () => {
      const { conn, refused, topicStatus } = setup();
      conn.setRooms(["1001"]);
      conn.setTopics(new Map([["match:nope", 0]]));
      const ws = await connected(conn);
      const sub = ws.sent.find((f) => f.t === "sub") as { nonce: string };
      ws.push({ t: "error", nonce: sub.nonce, code: 4000, key: "chat.failed", msg: "Failed to Send" });
      expect(refused).toEqual([]);
      expect(topicStatus.map((s) => s.st.state)).toEqual(["pending", "refused"]);
      ws.push({ t: "joined", room: "1001", seq: 1, open: true, presence: 1 });
      conn.stop();
    });

    it("reports a topic the relay refuses (error naming it in room, no nonce) for that topic", async () => {
      const { conn, refused, errors, topicStatus } = setup();
      conn.setRooms(["1001"]);
      conn.setTopics(new Map([["match:gone", 3000]]));
      const ws = await connected(conn);
      ws.push({ t: "error", room: "match:gone@3000", code: 4012, key: "room.notFound", msg: "Streamer not found" });
      expect(topicStatus[topicStatus.length - 1]).toEqual({ topic: "match:gone", st: { state: "refused", code: 4012, key: "room.notFound", msg: "Streamer not found" } });
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
      conn.stop();
    });
  });
});
