// payWs (spec §3): the page learns a recharge's result from the wallet's Server-Sent Events
// stream GET /java/orderpay/events?order=<no> (event "order", data = the order as JSON), not
// by polling. The stream sends the current state at once, then each change, and ends after a
// final state. EventSource reconnects by itself after a dropped connection (the server sets
// `retry`); when the stream is refused outright (signed out, unknown order) the browser gives
// up (readyState CLOSED) and we read the order once instead.
import { orderEventsUrl, type OrderState, type RechargeOrder } from "../../api/wallet";
import type { PayWatch } from "../../state/wallet";

/** The part of EventSource we use; tests pass a fake. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (ev: MessageEvent<string>) => void): void;
  onopen: ((ev: Event) => void) | null;
  onerror: ((ev: Event) => void) | null;
  close(): void;
}

export type OpenEventSource = (url: string) => EventSourceLike;

/** EventSource.CLOSED: the browser will not reconnect. */
const CLOSED = 2;

/** States after which nothing more is expected. */
export function isFinalState(s: OrderState): boolean {
  return s === "paid" || s === "failed" || s === "expired" || s === "refunded";
}

/** The data of one "order" event, or null when it is not an order. */
export function parseOrderEvent(data: string): RechargeOrder | null {
  try {
    const v = JSON.parse(data) as Partial<RechargeOrder> | null;
    if (!v || typeof v !== "object" || typeof v.orderNo !== "string" || typeof v.state !== "string") return null;
    return v as RechargeOrder;
  } catch {
    return null;
  }
}

/** What a watch reports. */
export type WatchEvent =
  | { kind: "order"; order: RechargeOrder }
  | { kind: "open" }
  | { kind: "lost" }
  | { kind: "failed"; message: string };

/**
 * The next PayWatch after ev. Events of another order are ignored, and so is a stale
 * non-final state after a final one (a replay after a reconnect).
 */
export function reducePayWatch(prev: PayWatch, ev: WatchEvent): PayWatch {
  const current = prev.phase === "waiting" || prev.phase === "done" ? prev.order : prev.phase === "error" ? prev.order : undefined;
  switch (ev.kind) {
    case "order": {
      if (current && current.orderNo !== ev.order.orderNo) return prev;
      if (prev.phase === "done" && !isFinalState(ev.order.state)) return prev;
      return isFinalState(ev.order.state) ? { phase: "done", order: ev.order } : { phase: "waiting", order: ev.order, live: true };
    }
    case "open":
      return prev.phase === "waiting" ? { ...prev, live: true } : prev;
    case "lost":
      return prev.phase === "waiting" ? { ...prev, live: false } : prev;
    case "failed":
      return prev.phase === "done" ? prev : { phase: "error", message: ev.message, order: current };
  }
}

export interface WatchDeps {
  open: OpenEventSource;
  /** Reads the order once (GET /orderpay/order/{no}) when the stream is refused. */
  fetchOrder: (orderNo: string) => Promise<RechargeOrder>;
  /** Text for a failure to learn the result. */
  failedMessage: () => string;
}

export const browserEventSource: OpenEventSource = (url) => new EventSource(url, { withCredentials: true });

/**
 * Follows order until a final state, reporting through onEvent. Returns the function that
 * stops watching (closes the stream); it is safe to call more than once.
 */
export function watchOrder(order: Pick<RechargeOrder, "orderNo" | "eventsUrl">, onEvent: (ev: WatchEvent) => void, deps: WatchDeps): () => void {
  let stopped = false;
  const es = deps.open(orderEventsUrl(order));
  const stop = () => {
    if (stopped) return;
    stopped = true;
    es.close();
  };
  es.addEventListener("order", (msg) => {
    if (stopped) return;
    const o = parseOrderEvent(msg.data);
    if (!o || o.orderNo !== order.orderNo) return;
    onEvent({ kind: "order", order: o });
    if (isFinalState(o.state)) stop();
  });
  es.onopen = () => {
    if (!stopped) onEvent({ kind: "open" });
  };
  es.onerror = () => {
    if (stopped) return;
    if (es.readyState !== CLOSED) {
      onEvent({ kind: "lost" }); // the browser reconnects on its own
      return;
    }
    stop();
    deps.fetchOrder(order.orderNo).then(
      (o) => onEvent({ kind: "order", order: o }),
      () => onEvent({ kind: "failed", message: deps.failedMessage() }),
    );
  };
  return stop;
}
