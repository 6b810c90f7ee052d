// The field of the animation tab: a marker per placed incident with its label, and the label
// shown as the tip when a marker is hovered or focused (keyboard users get the same as mice).
import { act } from "react";
import { describe, expect, it } from "vitest";
import { EventMap } from "./EventMap";
import { placedEvents } from "./matchviz";
import { testRoot } from "../../test/root";

const { root, host } = testRoot();

const events = placedEvents([
  { seq: 9, at: 0, minute: "23'", type: "goal", team: 0, text: "", name: "A. Striker", x: 92, y: 44, secs: 1350 },
  { seq: 4, at: 0, minute: "11'", type: "yellowCard", team: 1, text: "", name: "B. Stopper", x: 30, y: 60, secs: 640 },
  { seq: 5, at: 0, minute: "12'", type: "substitution", team: 1, text: "" },
]);

describe("EventMap", () => {
  it("draws a labelled marker per placed incident and shows the label on hover and focus", () => {
    act(() =>
      root().render(<EventMap field="pitch" events={events} teams={["Home", "Away"]} label="pitch" describe={(e) => `${e.minute} · ${e.type} · ${e.name}`} />),
    );
    const markers = host().querySelectorAll('[data-testid="viz-event"]');
    expect(markers).toHaveLength(2);
    expect(markers[0]!.getAttribute("aria-label")).toBe("11' · yellowCard · B. Stopper");
    expect(markers[1]!.getAttribute("data-team")).toBe("0");
    expect(host().querySelector('[data-testid="viz-tip"]')).toBeNull();
    act(() => (markers[1] as SVGGElement).dispatchEvent(new FocusEvent("focusin", { bubbles: true })));
    expect(host().querySelector('[data-testid="viz-tip"]')?.textContent).toBe("23' · goal · A. Striker");
    act(() => markers[0]!.dispatchEvent(new MouseEvent("mouseover", { bubbles: true })));
    expect(host().querySelector('[data-testid="viz-tip"]')?.textContent).toBe("11' · yellowCard · B. Stopper");
  });
  it("draws an objective shooter's kills on the objective, each side in its colour", () => {
    const kills = placedEvents([
      { seq: 1, at: 0, minute: "M1 01:20", type: "kill", team: 0, text: "", name: "Ace", x: 58, y: 47, period: 1 },
      { seq: 2, at: 0, minute: "M1 02:20", type: "kill", team: 1, text: "", name: "Blaze", x: 41, y: 55, period: 1 },
    ]);
    act(() => root().render(<EventMap field="objective" events={kills} teams={["Home", "Away"]} label="map" describe={(e) => e.name} />));
    expect(host().querySelector('[data-testid="viz-field"]')?.getAttribute("data-field")).toBe("objective");
    expect(host().querySelector('[data-testid="viz-objective"]')).not.toBeNull();
    const markers = [...host().querySelectorAll('[data-testid="viz-event"]')];
    // The 0..100 frame on a 100 by 60 map: x as is, y times 0.6.
    expect(markers.map((m) => m.getAttribute("transform"))).toEqual(["translate(58.00 28.20)", "translate(41.00 33.00)"]);
    expect(markers.map((m) => m.querySelector("line")?.getAttribute("stroke") ?? m.querySelector("g")?.getAttribute("stroke"))).toEqual([
      "var(--brand)",
      "#2f5ea8",
    ]);
  });
  it("draws a gridiron field with yard lines, a touchdown in the end zone and a field goal", () => {
    const plays = placedEvents([
      { seq: 1, at: 0, minute: "Q1 09:12", type: "touchdown", team: 0, text: "", name: "Runner", x: 95, y: 40, period: 1 },
      { seq: 2, at: 0, minute: "Q2 00:03", type: "fieldGoal", team: 1, text: "", name: "Kicker", x: 30, y: 50, period: 2 },
    ]);
    act(() => root().render(<EventMap field="gridiron" events={plays} teams={["Home", "Away"]} label="field" describe={(e) => e.type} />));
    const svg = host().querySelector("svg")!;
    // Nineteen yard lines every five yards between the goal lines, numbered every ten.
    expect(svg.querySelectorAll('[data-part="yard-lines"] line').length).toBeGreaterThanOrEqual(19 + 2);
    expect([...svg.querySelectorAll("text")].map((t) => t.textContent)).toEqual(expect.arrayContaining(["10", "50", "Home →", "← Away"]));
    const markers = [...host().querySelectorAll('[data-testid="viz-event"]')];
    expect(markers.map((m) => m.getAttribute("data-type"))).toEqual(["touchdown", "fieldGoal"]);
    // 120 yards long: X 95 of the frame is 114 yards from the home end line, in the away end zone.
    expect(markers[0]!.getAttribute("transform")).toBe("translate(114.00 21.32)");
    expect(markers[0]!.querySelector("ellipse")).not.toBeNull();
  });
  it("draws a tennis court to scale with its net, an ace in the service box and a double fault past it", () => {
    const points = placedEvents([
      { seq: 1, at: 0, minute: "S1 1-0", type: "ace", team: 0, text: "", name: "Server", x: 60, y: 30, period: 1 },
      { seq: 2, at: 0, minute: "S1 1-1", type: "doubleFault", team: 1, text: "", name: "Other", x: 20, y: 70, period: 1 },
      { seq: 3, at: 0, minute: "S1 2-1", type: "break", team: 0, text: "", name: "Server", x: 90, y: 50, period: 1 },
    ]);
    act(() => root().render(<EventMap field="tennis" events={points} teams={["Home", "Away"]} label="court" describe={(e) => `${e.type} ${e.name}`} />));
    const svg = host().querySelector("svg")!;
    expect(host().querySelector('[data-testid="viz-field"]')?.getAttribute("data-field")).toBe("tennis");
    // The net across the middle of the 23.77 m court, beyond both doubles sidelines.
    const net = svg.querySelector('[data-part="net"]')!;
    expect(Number(net.getAttribute("x1"))).toBeCloseTo(11.885, 3);
    expect(Number(net.getAttribute("y1"))).toBeLessThan(0);
    expect(Number(net.getAttribute("y2"))).toBeGreaterThan(10.97);
    // Doubles outline, two singles sidelines, two service lines, the centre service line, two centre marks.
    const lines = svg.querySelector('[data-part="court-lines"]')!;
    expect(lines.querySelectorAll("rect")).toHaveLength(1);
    expect(lines.querySelectorAll("line")).toHaveLength(7);
    const service = [...lines.querySelectorAll("line")].filter((l) => l.getAttribute("x1") === l.getAttribute("x2")).map((l) => Number(l.getAttribute("x1")));
    expect(service.map((x) => Math.abs(x - 11.885).toFixed(2))).toEqual(["6.40", "6.40"]);
    const markers = [...host().querySelectorAll('[data-testid="viz-event"]')];
    // X 60 of the frame is 14.26 m from the home baseline, Y 30 is 3.29 m from the top sideline.
    expect(markers.map((m) => m.getAttribute("transform"))).toEqual(["translate(14.26 3.29)", "translate(4.75 7.68)", "translate(21.39 5.49)"]);
    expect(markers[0]!.querySelector("polygon")?.getAttribute("fill")).toBe("var(--brand)");
    expect(markers[1]!.getAttribute("aria-label")).toBe("doubleFault Other");
    expect(markers[2]!.querySelector("path")).not.toBeNull();
    expect([...svg.querySelectorAll("text")].map((t) => t.textContent)).toEqual(expect.arrayContaining(["Home →", "← Away"]));
  });
  it("draws a volleyball court with its attack lines and a badminton court with its service lines", () => {
    act(() => root().render(<EventMap field="volleyball" events={[]} teams={["Home", "Away"]} label="court" describe={(e) => e.type} />));
    let xs = [...host().querySelectorAll('[data-part="court-lines"] line')].map((l) => Number(l.getAttribute("x1")));
    expect(xs).toEqual([6, 12]);
    act(() => root().render(<EventMap field="badminton" events={[]} teams={["Home", "Away"]} label="court" describe={(e) => e.type} />));
    xs = [...host().querySelectorAll('[data-part="court-lines"] line')].filter((l) => l.getAttribute("x1") === l.getAttribute("x2")).map((l) => Number(l.getAttribute("x1")));
    expect(xs.map((x) => x.toFixed(2))).toEqual(["4.72", "8.68", "0.76", "12.64"]);
    expect(Number(host().querySelector('[data-part="net"]')!.getAttribute("x1"))).toBeCloseTo(6.7, 3);
  });
  it("draws a table tennis table on its floor with the centre line and the net, a net cord just past the net and an error off the table", () => {
    const points = placedEvents([
      { seq: 1, at: 0, minute: "S1 3-2", type: "netCord", team: 0, text: "", name: "Home", x: 53, y: 40, period: 1 },
      { seq: 2, at: 0, minute: "S1 3-3", type: "error", team: 1, text: "", name: "Away", x: 5, y: 50, period: 1 },
      { seq: 3, at: 0, minute: "S1 4-3", type: "edgeBall", team: 0, text: "", name: "Home", x: 84.8, y: 60, period: 1 },
    ]);
    act(() => root().render(<EventMap field="tableTennis" events={points} teams={["Home", "Away"]} label="table" describe={(e) => e.type} />));
    const svg = host().querySelector("svg")!;
    expect(host().querySelector('[data-testid="viz-field"]')?.getAttribute("data-field")).toBe("tableTennis");
    // The frame is 3.94 by 2.725 m: the 2.74 by 1.525 m table 0.6 m in from the floor's edges.
    const table = svg.querySelector('[data-part="court-lines"] rect')!;
    expect(Number(table.getAttribute("x")) + Number(table.getAttribute("width"))).toBeCloseTo(0.6 + 2.74 - 0.01, 3);
    const centre = svg.querySelector('[data-part="court-lines"] line')!;
    expect(Number(centre.getAttribute("y1"))).toBeCloseTo(2.725 / 2, 3);
    const net = svg.querySelector('[data-part="net"]')!;
    expect(Number(net.getAttribute("x1"))).toBeCloseTo(1.97, 3);
    expect(Number(net.getAttribute("y1"))).toBeLessThan(0.6);
    const markers = [...host().querySelectorAll('[data-testid="viz-event"]')];
    // X 53 is 2.09 m into the frame (0.12 m past the net); X 5 is 0.20 m: on the floor behind the home end.
    expect(markers.map((m) => m.getAttribute("transform"))).toEqual(["translate(2.09 1.09)", "translate(0.20 1.36)", "translate(3.34 1.63)"]);
    expect(markers[1]!.querySelector("rect")?.getAttribute("fill")).toBe("#fff");
    expect(markers[1]!.querySelector("g")?.getAttribute("stroke")).toBe("#2f5ea8");
    expect([...svg.querySelectorAll("text")].map((t) => t.textContent)).toEqual(expect.arrayContaining(["Home →", "← Away"]));
  });
});
