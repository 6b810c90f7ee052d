// The field of the animation tab: a marker per placed incident with its label, and the label
// shown as the tip when a marker is hovered or focused (keyboard users get the same as mice).
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EventMap } from "./EventMap";
import { placedEvents } from "./matchviz";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement("div");
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const events = placedEvents([
  { seq: 9, at: 0, minute: "23'", type: "goal", team: 0, text: "", name: "A. Striker", x: 92, y: 44, secs: 1350 },
  { seq: 4, at: 0, minute: "11'", type: "yellowCard", team: 1, text: "", name: "B. Stopper", x: 30, y: 60, secs: 640 },
  { seq: 5, at: 0, minute: "12'", type: "substitution", team: 1, text: "" },
]);

describe("EventMap", () => {
  it("draws a labelled marker per placed incident and shows the label on hover and focus", () => {
    act(() =>
      root.render(<EventMap field="pitch" events={events} teams={["Home", "Away"]} label="pitch" describe={(e) => `${e.minute} · ${e.type} · ${e.name}`} />),
    );
    const markers = host.querySelectorAll('[data-testid="viz-event"]');
    expect(markers).toHaveLength(2);
    expect(markers[0]!.getAttribute("aria-label")).toBe("11' · yellowCard · B. Stopper");
    expect(markers[1]!.getAttribute("data-team")).toBe("0");
    expect(host.querySelector('[data-testid="viz-tip"]')).toBeNull();
    act(() => (markers[1] as SVGGElement).dispatchEvent(new FocusEvent("focusin", { bubbles: true })));
    expect(host.querySelector('[data-testid="viz-tip"]')?.textContent).toBe("23' · goal · A. Striker");
    act(() => markers[0]!.dispatchEvent(new MouseEvent("mouseover", { bubbles: true })));
    expect(host.querySelector('[data-testid="viz-tip"]')?.textContent).toBe("11' · yellowCard · B. Stopper");
  });
});
