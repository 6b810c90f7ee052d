import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { StateProvider } from "../../state/hooks";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { applyBatch, EMPTY_LOG, type RoomLog } from "../../realtime/roomLog";
import type { RoomEvent } from "../../realtime/protocol";
import type { PaidPin } from "../../api/paidmsg";
import { PinnedBar } from "./PinnedBar";
import { countdown, pinsNow } from "./pins";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const T0 = 1_800_000_000_000;
let container: HTMLDivElement;
let root: Root;
const ok = (result: unknown) => new Response(JSON.stringify({ status: "success", result }), { status: 200 });
const pinsShown = () => Array.from(container.querySelectorAll<HTMLElement>('[data-testid="pinned"]'));

const pin = (id: string, coins: number, at: number, secs: number, text = `msg ${id}`): PaidPin => ({
  id, uid: `u${id}`, name: `User ${id}`, text, coins, color: coins >= 1000 ? "orange" : "teal", at, until: at + secs * 1000,
});
const paidEvent = (seq: number, p: PaidPin): RoomEvent => ({
  seq, k: "paid", ts: p.at, id: `r-${seq}`, uid: p.uid, name: p.name, text: p.text, coins: p.coins, color: p.color, pin: p.id, until: p.until,
});

beforeAll(async () => {
  await initI18n("en_US");
});

beforeEach(() => {
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("pinsNow", () => {
  it("orders by amount, then time, and merges live events with the fetched pins", () => {
    const fetched = [pin("1", 100, T0, 120), pin("2", 1000, T0 + 1000, 900)];
    const log = applyBatch(EMPTY_LOG, [paidEvent(5, pin("3", 100, T0 - 5000, 120)), paidEvent(6, pin("2", 1000, T0 + 1000, 900))]);
    expect(pinsNow(fetched, log, T0 + 2000).map((p) => p.id)).toEqual(["2", "3", "1"]);
  });

  it("drops a pin when its time is over or a moderator removed it", () => {
    const fetched = [pin("1", 100, T0, 120), pin("2", 30, T0, 60)];
    expect(pinsNow(fetched, EMPTY_LOG, T0 + 60_000).map((p) => p.id)).toEqual(["1"]);
    const log = applyBatch(applyBatch(EMPTY_LOG, [paidEvent(7, pin("3", 500, T0, 300))]), [{ seq: 8, k: "unpin", ts: T0, pin: "3", by: "u9", key: "spam" }]);
    expect(pinsNow(fetched, log, T0).map((p) => p.id)).toEqual(["1", "2"]);
    // The removed message's line leaves the chat too.
    expect(log.lines.some((l) => l.kind === "event" && l.ev.pin === "3")).toBe(false);
  });

  it("counts down in minutes and seconds", () => {
    expect(countdown(125_000)).toBe("2:05");
    expect(countdown(400)).toBe("0:01");
    expect(countdown(-5)).toBe("0:00");
  });
});

describe("PinnedBar", () => {
  async function render(log: RoomLog, canModerate: boolean, clock: { t: number }) {
    await act(async () =>
      root.render(
        <StateProvider>
          <PinnedBar room="r1" log={log} canModerate={canModerate} now={() => clock.t}
            reasons={[{ key: "mistake", refund: true }, { key: "spam", refund: false }]} />
        </StateProvider>,
      ),
    );
  }

  it("shows what a late joiner finds pinned, biggest first, with a countdown that runs out", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const clock = { t: T0 };
    vi.stubGlobal("fetch", vi.fn(async () => ok({ list: [pin("1", 100, T0 - 10_000, 120), pin("2", 2000, T0 - 5000, 1800, "Big one")], now: T0 })));
    await render(EMPTY_LOG, false, clock);
    await vi.waitFor(() => expect(pinsShown()).toHaveLength(2));
    expect(pinsShown().map((p) => p.dataset.id)).toEqual(["2", "1"]);
    expect(pinsShown()[0]!.textContent).toContain("Big one");
    expect(pinsShown()[1]!.querySelector('[data-testid="pinned-left"]')!.textContent).toBe("1:50 left");
    expect(container.querySelector('[data-testid="pinned-remove"]')).toBeNull();
    clock.t = T0 + 110_000; // pin 1's time is over
    await act(async () => vi.advanceTimersByTime(1000));
    expect(pinsShown().map((p) => p.dataset.id)).toEqual(["2"]);
  });

  it("lets a moderator remove a pin with a reason", async () => {
    const clock = { t: T0 };
    const calls: { url: string; body?: string }[] = [];
    vi.stubGlobal("fetch", vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url: String(url), body: init?.body as string | undefined });
      if (String(url).includes("/paidmsg/remove")) return ok({ id: "1", refunded: true });
      return ok({ list: [pin("1", 100, T0, 120)], now: T0 });
    }));
    await render(EMPTY_LOG, true, clock);
    await vi.waitFor(() => expect(pinsShown()).toHaveLength(1));
    await act(async () => container.querySelector<HTMLElement>('[data-testid="pinned-remove"]')!.click());
    await act(async () => container.querySelector<HTMLElement>('[data-testid="remove-mistake"]')!.click());
    await vi.waitFor(() => expect(pinsShown()).toHaveLength(0));
    const removal = calls.find((c) => c.url.includes("/paidmsg/remove"));
    expect(JSON.parse(removal!.body!)).toEqual({ room: "r1", id: "1", reason: "mistake" });
  });
});
