import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChatLine } from "../../realtime/roomLog";
import type { RoomEvent } from "../../realtime/protocol";
import { Danmu, LANES, newFlights } from "./Danmu";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const line = (seq: number, ev: Partial<RoomEvent>): ChatLine => ({ kind: "event", seq, ev: { seq, k: "chat", ts: 0, ...ev } as RoomEvent });
const flying = () => [...container.querySelectorAll<HTMLElement>('[data-testid="danmu-line"]')];

beforeEach(() => {
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe("Danmu", () => {
  it("flies the lines that arrive after the join, not the history", () => {
    const history = [line(1, { text: "old one" }), line(2, { text: "old two" })];
    act(() => root.render(<Danmu lines={[]} joined={false} />));
    act(() => root.render(<Danmu lines={history} joined={false} />));
    act(() => root.render(<Danmu lines={history} joined />));
    expect(flying()).toHaveLength(0);
    act(() => root.render(<Danmu lines={[...history, line(3, { text: "GOAL!" }), line(4, { k: "gift", name: "Ana", text: "Scarf", count: 2 })]} joined />));
    expect(flying().map((e) => e.textContent)).toEqual(["GOAL!", "Ana ✦ Scarf ×2"]);
    const [first, second] = flying() as [HTMLElement, HTMLElement];
    expect(second.dataset.gift).toBe("true");
    // Each in its own lane; a line that lands leaves.
    expect(first.style.top).not.toBe(second.style.top);
    act(() => first.dispatchEvent(new Event("animationend", { bubbles: true })));
    expect(flying().map((e) => e.textContent)).toEqual(["Ana ✦ Scarf ×2"]);
  });

  it("samples a flood: one line per free lane, more once the lanes clear", () => {
    let t = 1_000_000;
    const now = () => t;
    act(() => root.render(<Danmu lines={[]} joined now={now} />));
    const flood = Array.from({ length: 50 }, (_, i) => line(i + 1, { text: `line ${i + 1}` }));
    act(() => root.render(<Danmu lines={flood} joined now={now} />));
    expect(flying()).toHaveLength(LANES);
    expect(new Set(flying().map((e) => e.style.top)).size).toBe(LANES);
    // Still busy a second later; free after the lane gap.
    t += 1000;
    act(() => root.render(<Danmu lines={[...flood, line(51, { text: "too soon" })]} joined now={now} />));
    expect(flying()).toHaveLength(LANES);
    t += 3000;
    act(() => root.render(<Danmu lines={[...flood, line(51, { text: "too soon" }), line(52, { text: "next" })]} joined now={now} />));
    expect(flying().at(-1)?.textContent).toBe("next");
  });

  it("leaves lines older than ten seconds (server time) to the chat column", () => {
    const got = newFlights([line(1, { text: "stale", ts: 1_000 }), line(2, { text: "fresh", ts: 30_000 })], 0);
    expect(got.map((g) => g.text)).toEqual(["fresh"]);
  });

  it("takes chat lines and gifts, nothing else", () => {
    const got = newFlights([line(1, { k: "sys", text: "slow mode" }), line(2, { text: "hi" }), { kind: "gap", seq: 3, key: "g" }, line(4, { k: "del" })], 0);
    expect(got.map((g) => g.text)).toEqual(["hi"]);
  });
});
