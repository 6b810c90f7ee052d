// RealtimeConnection owns one WebSocket to a gateway and everything that keeps it useful
// across failures: auth, room joins, resume with `since`, keep-alive pings, command
// nonces (chat, gift, moderation, reports, muted lists: each answer matched to its
// command by nonce), score-topic subscriptions and automatic reconnect with capped backoff. It knows nothing of React: the
// RealtimeBridge component creates one and turns its callbacks into atom writes.
//
// Single-threaded like all browser code; every method may be called at any time, also
// while disconnected (commands are refused then, joins are replayed on the next welcome).
import { backoffDelay, DEFAULT_BACKOFF, type BackoffConfig } from "./backoff";
import {
  baseTopic,
  decodeFrames,
  type AckFrame,
  type ClientFrame,
  type ErrorFrame,
  type JoinedFrame,
  type MatchDelta,
  type MutedEntry,
  type NoticeFrame,
  type NoncedCommand,
  type RoomEvent,
  type ServerFrame,
  type WelcomeFrame,
} from "./protocol";

/** Chat connection states of spec §4, plus idle before the first connect. */
export type ConnState = "idle" | "connecting" | "connected" | "disconnected" | "reconnecting";

export interface ConnStatus {
  state: ConnState;
  /** Failed attempts since the last welcome. */
  attempt: number;
  /** When the next automatic attempt starts (epoch ms), while disconnected. */
  retryAt?: number;
}

export interface ConnectionListener {
  status(s: ConnStatus): void;
  welcome(f: WelcomeFrame): void;
  joined(f: JoinedFrame, resumed: boolean): void;
  events(room: string, ev: RoomEvent[], sampled: number): void;
  presence(room: string, count: number): void;
  ack(room: string, f: AckFrame): void;
  /** A refused command (room known) or a connection-level error (room undefined). */
  error(room: string | undefined, f: ErrorFrame): void;
  /** A refused join (room not found, closed to us, ...). */
  joinRefused(room: string, f: ErrorFrame): void;
  /** Latest-value-wins deltas of a topic (named as the page asked for it, without `@delay`). */
  score?(topic: string, deltas: Record<string, MatchDelta>): void;
  /** The server confirmed (`subbed`) or refused (error) a topic subscription. */
  topicStatus?(topic: string, status: TopicStatus): void;
  /** A notice for the signed-in user (message centre, booked match starting). */
  notice?(f: NoticeFrame): void;
}

/** Where a topic subscription stands. */
export type TopicStatus = { state: "pending" } | { state: "subbed" } | { state: "refused"; code: number; key: string; msg: string };

/** The answer to a nonced command: ack (with the accepted event), muted list, or refusal. */
export type CommandResult =
  | { ok: true; seq?: number; ev?: RoomEvent; list?: MutedEntry[] }
  | { ok: false; code: number; key: string; msg: string };

/** A command without its nonce: the connection adds one. */
export type CommandInput = NoncedCommand extends infer C ? (C extends NoncedCommand ? Omit<C, "nonce"> : never) : never;

export interface ConnectionOptions {
  /** Resolves the WebSocket URL before each attempt (the gateway list may change). */
  resolveUrl: () => Promise<string>;
  /** Read at every (re)connect so a login or language switch applies on the next auth. */
  auth: () => { token: string; lan: string };
  listener: ConnectionListener;
  WebSocket?: typeof WebSocket;
  random?: () => number;
  now?: () => number;
  backoff?: BackoffConfig;
  /** Keep-alive ping period (the gateway closes idle sockets). */
  pingMs?: number;
  /** An attempt that gets no welcome within this time is abandoned and retried. */
  welcomeTimeoutMs?: number;
  /** A nonced command unanswered this long resolves as 'Failed to Send' (its answer is then ignored). */
  commandTimeoutMs?: number;
}

/** Local refusal used when a command cannot reach the server (socket down or lost). */
export const LOCAL_SEND_FAILED: Omit<ErrorFrame, "nonce"> = { t: "error", code: 4000, key: "chat.failed", msg: "" };

export class RealtimeConnection {
  private readonly opts: Required<Omit<ConnectionOptions, "WebSocket">> & { WebSocket: typeof WebSocket };
  private ws: WebSocket | null = null;
  private status: ConnStatus = { state: "idle", attempt: 0 };
  private everConnected = false;
  private stopped = true;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private welcomeTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private readonly rooms = new Set<string>();
  /** Highest seq seen per room: the resume point. */
  private readonly lastSeq = new Map<string, number>();
  private readonly resuming = new Set<string>();
  /** Commands waiting for their answer, by nonce. Chat refusals go to listener.error;
   * other commands resolve their promise. */
  private readonly pending = new Map<string, { room: string; resolve?: (r: CommandResult) => void }>();
  /** Topics pages want, with the delay to ask for. */
  private readonly topics = new Map<string, number>();
  /** Topics subscribed on the current socket, with the delay they were asked with. */
  private readonly subbed = new Map<string, number>();
  /** Nonces of sub frames in flight -> topic, so a refusal finds its topic. */
  private readonly subNonces = new Map<string, string>();
  /** Joins sent and not yet answered, oldest first: a join carries no nonce, so a
   * refusal without one belongs to the oldest (the session answers in order). */
  private pendingJoins: string[] = [];
  private readonly noncePrefix: string;
  private nonceSeq = 0;
  /** Bumped by every new attempt and by stop, so a stale attempt still waiting for
   * its URL never opens a second socket. */
  private attemptGen = 0;

  constructor(opts: ConnectionOptions) {
    this.opts = {
      WebSocket: opts.WebSocket ?? globalThis.WebSocket,
      random: Math.random,
      now: Date.now,
      backoff: DEFAULT_BACKOFF,
      pingMs: 25_000,
      welcomeTimeoutMs: 10_000,
      commandTimeoutMs: 15_000,
      ...opts,
    } as typeof this.opts;
    this.noncePrefix = Math.floor(this.opts.random() * 0xffffffff).toString(36);
  }

  get current(): ConnStatus {
    return this.status;
  }

  /** Starts connecting if not already running. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.open();
  }

  /** Closes the socket for good (until start). */
  stop(): void {
    this.stopped = true;
    this.attemptGen++;
    this.clearTimers();
    this.dropSocket();
    this.failPending();
    this.setStatus({ state: "idle", attempt: 0 });
  }

  /** Manual reconnect: abandon any wait and try at once. */
  reconnectNow(): void {
    if (this.stopped) {
      this.start();
      return;
    }
    this.clearTimers();
    this.dropSocket();
    this.failPending();
    void this.open();
  }

  /** The rooms the page wants; joins and leaves are sent now or after the next welcome. */
  setRooms(rooms: readonly string[]): void {
    const want = new Set(rooms);
    for (const r of [...this.rooms]) {
      if (!want.has(r)) {
        this.rooms.delete(r);
        this.lastSeq.delete(r);
        this.resuming.delete(r);
        if (this.status.state === "connected") this.send({ t: "leave", room: r });
      }
    }
    for (const r of want) {
      if (!this.rooms.has(r)) {
        this.rooms.add(r);
        if (this.status.state === "connected") this.join(r);
      }
    }
  }

  /** Sends a chat line; returns its nonce, or null when not connected. */
  sendChat(room: string, text: string): string | null {
    if (this.status.state !== "connected" || !this.ws) return null;
    const nonce = this.nextNonce();
    this.pending.set(nonce, { room });
    this.send({ t: "chat", room, text, nonce });
    return nonce;
  }

  /**
   * Sends a gift, moderation, report or muted-list command and resolves with its answer,
   * matched by nonce. Resolves at once with a local 'Failed to Send' refusal when not
   * connected, and with the same when the socket is lost before the answer.
   */
  command(cmd: CommandInput): Promise<CommandResult> {
    if (this.status.state !== "connected" || !this.ws) return Promise.resolve(localFailure());
    const nonce = this.nextNonce();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        if (this.pending.delete(nonce)) resolve(localFailure());
      }, this.opts.commandTimeoutMs);
      this.pending.set(nonce, {
        room: cmd.room,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
      });
      this.send({ ...cmd, nonce } as ClientFrame);
    });
  }

  /**
   * The score topics pages want (topic -> delayMs). Subscribes and unsubscribes now when
   * connected; after every welcome all of them are subscribed again.
   */
  setTopics(topics: ReadonlyMap<string, number>): void {
    for (const [topic, delay] of [...this.topics]) {
      if (topics.has(topic)) continue;
      this.topics.delete(topic);
      if (this.subbed.has(topic) && this.status.state === "connected") this.send({ t: "unsub", topic, ...delayField(delay) });
      this.subbed.delete(topic);
    }
    for (const [topic, delay] of topics) {
      if (this.topics.get(topic) === delay) continue;
      this.topics.set(topic, delay);
      if (this.status.state !== "connected") continue;
      const old = this.subbed.get(topic);
      if (old !== undefined) this.send({ t: "unsub", topic, ...delayField(old) });
      this.subscribe(topic, delay);
    }
  }

  private subscribe(topic: string, delay: number): void {
    const nonce = this.nextNonce();
    this.subNonces.set(nonce, topic);
    this.subbed.set(topic, delay);
    this.opts.listener.topicStatus?.(topic, { state: "pending" });
    this.send({ t: "sub", topic, ...delayField(delay), nonce });
  }

  private nextNonce(): string {
    return `${this.noncePrefix}-${++this.nonceSeq}`;
  }

  /** The resume point of a room (for tests and diagnostics). */
  resumePoint(room: string): number | undefined {
    return this.lastSeq.get(room);
  }

  private setStatus(s: ConnStatus): void {
    this.status = s;
    this.opts.listener.status(s);
  }

  private send(f: ClientFrame): void {
    if (this.ws && this.ws.readyState === this.opts.WebSocket.OPEN) this.ws.send(JSON.stringify(f));
  }

  private join(room: string): void {
    const since = this.lastSeq.get(room);
    if (since !== undefined) this.resuming.add(room);
    else this.resuming.delete(room);
    this.pendingJoins.push(room);
    this.send(since !== undefined ? { t: "join", room, since } : { t: "join", room });
  }

  private async open(): Promise<void> {
    const gen = ++this.attemptGen;
    this.setStatus({ state: this.everConnected || this.status.attempt > 0 ? "reconnecting" : "connecting", attempt: this.status.attempt });
    let url: string;
    try {
      url = await this.opts.resolveUrl();
    } catch {
      if (!this.stopped && gen === this.attemptGen) this.scheduleRetry();
      return;
    }
    if (this.stopped || gen !== this.attemptGen) return;
    let ws: WebSocket;
    try {
      ws = new this.opts.WebSocket(url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      const { token, lan } = this.opts.auth();
      ws.send(JSON.stringify({ t: "auth", token, lan } satisfies ClientFrame));
    };
    ws.onmessage = (e: MessageEvent) => {
      if (this.ws !== ws || typeof e.data !== "string") return;
      for (const f of decodeFrames(e.data)) this.handle(f);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.onLost();
    };
    ws.onerror = () => {
      // A close event always follows; reconnect is handled there.
    };
    this.welcomeTimer = setTimeout(() => {
      if (this.ws === ws && this.status.state !== "connected") {
        this.dropSocket();
        this.onLost();
      }
    }, this.opts.welcomeTimeoutMs);
  }

  private onLost(): void {
    this.clearTimers();
    this.failPending();
    if (this.stopped) return;
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    const attempt = this.status.attempt + 1;
    const delay = backoffDelay(attempt, this.opts.random, this.opts.backoff);
    this.setStatus({ state: "disconnected", attempt, retryAt: this.opts.now() + delay });
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.open(), delay);
  }

  private handle(f: ServerFrame): void {
    const l = this.opts.listener;
    switch (f.t) {
      case "notice":
        l.notice?.(f);
        break;
      case "welcome":
        clearTimeout(this.welcomeTimer);
        this.everConnected = true;
        this.setStatus({ state: "connected", attempt: 0 });
        l.welcome(f);
        for (const r of this.rooms) this.join(r);
        this.subbed.clear();
        this.subNonces.clear();
        for (const [topic, delay] of this.topics) this.subscribe(topic, delay);
        clearInterval(this.pingTimer);
        this.pingTimer = setInterval(() => this.send({ t: "ping" }), this.opts.pingMs);
        break;
      case "joined": {
        this.pendingJoins = this.pendingJoins.filter((r) => r !== f.room);
        if (!this.rooms.has(f.room)) break;
        const resumed = this.resuming.delete(f.room);
        // A fresh join starts at the room's latest seq; a resumed one only advances as
        // replayed events arrive, so a drop during the replay loses nothing.
        if (!resumed) this.bump(f.room, f.seq);
        l.joined(f, resumed);
        l.presence(f.room, f.presence);
        break;
      }
      case "batch": {
        if (!this.rooms.has(f.room)) break;
        for (const ev of f.ev) this.bump(f.room, ev.seq);
        l.events(f.room, f.ev, f.sampled ?? 0);
        break;
      }
      case "ack": {
        const p = this.pending.get(f.nonce);
        this.pending.delete(f.nonce);
        if (p === undefined) break;
        // Every acked event of a room goes to the room's log, whoever sent the command.
        l.ack(p.room, f);
        p.resolve?.({ ok: true, seq: f.seq, ev: f.ev });
        break;
      }
      case "mutedList": {
        const p = this.pending.get(f.nonce);
        this.pending.delete(f.nonce);
        p?.resolve?.({ ok: true, list: f.list ?? [] });
        break;
      }
      case "error": {
        if (f.nonce) {
          const topic = this.subNonces.get(f.nonce);
          if (topic !== undefined) {
            this.subNonces.delete(f.nonce);
            this.subbed.delete(topic);
            l.topicStatus?.(topic, { state: "refused", code: f.code, key: f.key, msg: f.msg });
            break;
          }
          const p = this.pending.get(f.nonce);
          this.pending.delete(f.nonce);
          if (p?.resolve) p.resolve({ ok: false, code: f.code, key: f.key, msg: f.msg });
          else l.error(p?.room, f);
          break;
        }
        // A refused topic subscription comes back like a refused join, naming the topic
        // (with its @delay) in `room`.
        if (f.room !== undefined && this.topics.has(baseTopic(f.room)) && !this.rooms.has(f.room)) {
          const topic = baseTopic(f.room);
          this.subbed.delete(topic);
          l.topicStatus?.(topic, { state: "refused", code: f.code, key: f.key, msg: f.msg });
          break;
        }
        const joinRoom = f.room ?? this.pendingJoins[0];
        if (joinRoom !== undefined && this.pendingJoins.includes(joinRoom)) {
          this.pendingJoins = this.pendingJoins.filter((r) => r !== joinRoom);
          l.joinRefused(joinRoom, f);
        } else {
          l.error(undefined, f);
        }
        break;
      }
      case "presence":
        if (this.rooms.has(f.room)) l.presence(f.room, f.count);
        break;
      case "subbed": {
        const topic = baseTopic(f.topic);
        if (this.topics.has(topic)) l.topicStatus?.(topic, { state: "subbed" });
        for (const [n, t] of this.subNonces) if (t === topic) this.subNonces.delete(n);
        break;
      }
      case "score": {
        const topic = baseTopic(f.topic);
        if (this.topics.has(topic) && f.match && f.delta) l.score?.(topic, { [f.match]: f.delta });
        break;
      }
      case "scores": {
        const topic = baseTopic(f.topic);
        if (this.topics.has(topic) && f.deltas) l.score?.(topic, f.deltas);
        break;
      }
      default:
        break;
    }
  }

  private bump(room: string, seq: number): void {
    if (!Number.isFinite(seq)) return;
    const cur = this.lastSeq.get(room);
    if (cur === undefined || seq > cur) this.lastSeq.set(room, seq);
  }

  private failPending(): void {
    const lost = [...this.pending];
    this.pending.clear();
    this.subNonces.clear();
    for (const [nonce, p] of lost) {
      if (p.resolve) p.resolve(localFailure());
      else this.opts.listener.error(p.room, { ...LOCAL_SEND_FAILED, nonce });
    }
  }

  private clearTimers(): void {
    this.pendingJoins = [];
    clearTimeout(this.retryTimer);
    clearTimeout(this.welcomeTimer);
    clearInterval(this.pingTimer);
    this.retryTimer = undefined;
    this.welcomeTimer = undefined;
    this.pingTimer = undefined;
  }

  private dropSocket(): void {
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
      try {
        ws.close(1000);
      } catch {
        // Closing a socket that never opened can throw in some browsers; it is gone either way.
      }
    }
  }
}

function localFailure(): CommandResult {
  return { ok: false, code: LOCAL_SEND_FAILED.code, key: LOCAL_SEND_FAILED.key, msg: "" };
}

function delayField(delay: number): { delayMs?: number } {
  return delay > 0 ? { delayMs: delay } : {};
}
