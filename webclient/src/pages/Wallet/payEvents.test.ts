// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import type { RechargeOrder } from "../../api/wallet";
import type { PayWatch } from "../../state/wallet";
import { parseOrderEvent, reducePayWatch, watchOrder, type EventSourceLike, type WatchEvent } from "./payEvents";

const order = (state: RechargeOrder["state"], orderNo = "R1"): RechargeOrder => ({
  orderNo, product: "coin", quantity: 2000, money: "200.00", payType: "dev", currency: "CNY", amount: "200.00", state,
  payUrl: "/java/orderpay/dev/pay?order=" + orderNo, eventsUrl: "/java/orderpay/events?order=" + orderNo,
  createdAt: 1, expiresAt: 2, paidAt: 0,
});

/** A stand-in for the browser's EventSource that the test drives. */
class FakeSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  onopen: ((ev: Event) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  private listeners = new Map<string, ((ev: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, fn: (ev: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data: typeof data === "string" ? data : JSON.stringify(data) } as MessageEvent<string>);
  }
  fail(final: boolean) {
    this.readyState = final ? 2 : 0;
    this.onerror?.(new Event("error"));
  }
}

function setup(fetchOrder = vi.fn(async (no: string) => order("paid", no))) {
  let es!: FakeSource;
  const events: WatchEvent[] = [];
  const stop = watchOrder(order("pending"), (ev) => events.push(ev), {
    open: (url) => (es = new FakeSource(url)),
    fetchOrder,
    failedMessage: () => "result unknown",
  });
  return { es, events, stop, fetchOrder };
}

describe("watchOrder (payWs over Server-Sent Events)", () => {
  it("opens the order's stream", () => {
    const { es } = setup();
    expect(es.url).toBe("/java/orderpay/events?order=R1");
  });

  it("reports each state and closes the stream after the final one", () => {
    const { es, events } = setup();
    es.open();
    es.emit("order", order("pending"));
    expect(es.closed).toBe(false);
    es.emit("order", order("paid"));
    expect(es.closed).toBe(true);
    expect(events.map((e) => (e.kind === "order" ? e.order.state : e.kind))).toEqual(["open", "pending", "paid"]);
  });

  it("ignores another order's events and data that is not an order", () => {
    const { es, events } = setup();
    es.emit("order", order("paid", "R2"));
    es.emit("order", "not json");
    es.emit("order", { hello: 1 });
    expect(events).toEqual([]);
    expect(es.closed).toBe(false);
  });

  it("reports a dropped connection and lets the browser reconnect", () => {
    const { es, events, fetchOrder } = setup();
    es.fail(false);
    expect(events).toEqual([{ kind: "lost" }]);
    expect(es.closed).toBe(false);
    expect(fetchOrder).not.toHaveBeenCalled();
  });

  it("reads the order once when the stream is refused", async () => {
    const { es, events, fetchOrder } = setup();
    es.fail(true);
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(fetchOrder).toHaveBeenCalledWith("R1");
    expect(events[0]).toMatchObject({ kind: "order", order: { state: "paid" } });
  });

  it("reports failure when the order cannot be read either", async () => {
    const { es, events } = setup(vi.fn(async () => Promise.reject(new Error("401"))));
    es.fail(true);
    await vi.waitFor(() => expect(events).toEqual([{ kind: "failed", message: "result unknown" }]));
  });

  it("stops delivering after stop()", () => {
    const { es, events, stop } = setup();
    stop();
    stop();
    es.emit("order", order("paid"));
    expect(events).toEqual([]);
    expect(es.closed).toBe(true);
  });
});

describe("reducePayWatch", () => {
  const waiting: PayWatch = { phase: "waiting", order: order("pending"), live: false };

  it("goes live when the stream opens", () => {
    expect(reducePayWatch(waiting, { kind: "open" })).toEqual({ ...waiting, live: true });
  });
  it("finishes on a final state", () => {
    expect(reducePayWatch(waiting, { kind: "order", order: order("failed") })).toEqual({ phase: "done", order: order("failed") });
  });
  it("ignores a stale pending after paid (a replay after a reconnect)", () => {
    const done: PayWatch = { phase: "done", order: order("paid") };
    expect(reducePayWatch(done, { kind: "order", order: order("pending") })).toBe(done);
  });
  it("follows a refund after paid", () => {
    const done: PayWatch = { phase: "done", order: order("paid") };
    expect(reducePayWatch(done, { kind: "order", order: order("refunded") })).toEqual({ phase: "done", order: order("refunded") });
  });
  it("ignores another order", () => {
    expect(reducePayWatch(waiting, { kind: "order", order: order("paid", "R9") })).toBe(waiting);
  });
  it("keeps the order when the result cannot be learnt", () => {
    expect(reducePayWatch(waiting, { kind: "failed", message: "x" })).toEqual({ phase: "error", message: "x", order: order("pending") });
  });
  it("marks a lost connection", () => {
    expect(reducePayWatch({ ...waiting, live: true }, { kind: "lost" })).toEqual(waiting);
  });
});

describe("parseOrderEvent", () => {
  it("reads an order", () => expect(parseOrderEvent(JSON.stringify(order("paid")))?.state).toBe("paid"));
  it("refuses null and garbage", () => {
    expect(parseOrderEvent("null")).toBeNull();
    expect(parseOrderEvent("{")).toBeNull();
  });
});
