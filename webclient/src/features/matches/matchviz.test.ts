import { describe, expect, it } from "vitest";
import type { TextLine } from "../../api/matches";
import { fieldOf, fromKickOff, hasDraw, markerOf, momentum, netCourt, oddsByBookmaker, perMap, placedEvents, placedPeriods, PRESSURE } from "./matchviz";

const line = (seq: number, type: string, team: number, extra: Partial<TextLine> = {}): TextLine => ({
  seq,
  at: 1000 * seq,
  minute: `${seq}'`,
  type,
  team,
  text: type,
  ...extra,
});

describe("fieldOf", () => {
  it("gives each family with places its field and the others none", () => {
    expect(fieldOf("football")).toBe("pitch");
    expect(fieldOf("basketball")).toBe("court");
    expect(fieldOf("moba")).toBe("moba");
    expect(fieldOf("tactical")).toBe("sites");
    expect(fieldOf("hockey")).toBe("rink");
    expect(fieldOf("cricket")).toBeNull();
    expect(fieldOf(undefined)).toBeNull();
    expect(perMap("moba")).toBe(true);
    expect(perMap("pitch")).toBe(false);
  });
  it("draws objective shooters on the objective map, map by map, and gridiron on a field", () => {
    expect(fieldOf("modes")).toBe("objective");
    expect(fieldOf("heroShooter")).toBe("objective");
    expect(perMap("objective")).toBe(true);
    expect(fieldOf("gridiron")).toBe("gridiron");
    expect(perMap("gridiron")).toBe(false);
  });
  it("draws tennis on a tennis court and each rally game on its own court or table", () => {
    expect(fieldOf("tennis", 203)).toBe("tennis");
    expect(fieldOf("rally", 206)).toBe("volleyball");
    expect(fieldOf("rally", 207)).toBe("badminton");
    expect(fieldOf("rally", 208)).toBe("tableTennis");
    expect(netCourt("tableTennis")).toBe(true);
    expect(fieldOf("rally")).toBeNull();
    expect(perMap("tennis")).toBe(false);
    expect(markerOf("ace")).toBe("ace");
    expect(markerOf("break")).toBe("breakWon");
    expect(markerOf("doubleFault")).toBe("doubleFault");
    expect(markerOf("block")).toBe("block");
    expect(markerOf("smash")).toBe("smash");
    expect(markerOf("edgeBall")).toBe("edgeBall");
    expect(markerOf("netCord")).toBe("netCord");
    expect(markerOf("error")).toBe("error");
    // An error is the loser's: it adds nothing to that side's attacking pressure.
    expect(PRESSURE.error).toBeUndefined();
    expect(PRESSURE.edgeBall).toBeGreaterThan(0);
  });
});

describe("markerOf", () => {
  it("draws kinds, not raw types", () => {
    expect(markerOf("goal")).toBe("goal");
    expect(markerOf("penaltyScored")).toBe("goal");
    expect(markerOf("secondYellow")).toBe("redCard");
    expect(markerOf("baron")).toBe("objective");
    expect(markerOf("firstRoshan")).toBe("objective");
    expect(markerOf("spikePlant")).toBe("plant");
    expect(markerOf("somethingNew")).toBe("other");
    expect(markerOf("touchdown")).toBe("touchdown");
    expect(markerOf("fieldGoal")).toBe("fieldGoal");
    expect(markerOf("missedFieldGoal")).toBe("miss");
  });
  it("counts a touchdown and a shooter's kill as pressure", () => {
    const series = momentum([line(1, "touchdown", 0, { secs: 100 }), line(2, "kill", 1, { secs: 110 })], { bucketSecs: 300, carry: 0 });
    expect(series[1]).toMatchObject({ home: 4, away: 1 });
  });
});

describe("placedEvents", () => {
  const lines = [
    line(5, "goal", 0, { x: 91, y: 40, name: "A. Striker", period: 2 }),
    line(4, "substitution", 1),
    line(3, "kill", 1, { x: 140, y: -3, period: 1 }),
    line(2, "shot", 1, { x: 12, y: 0, period: 1 }),
  ];
  it("keeps incidents with a place, oldest first, clamped to the frame", () => {
    const ev = placedEvents(lines);
    expect(ev.map((e) => e.seq)).toEqual([2, 3, 5]);
    expect(ev[1]).toMatchObject({ x: 100, y: 0, marker: "kill" });
    expect(ev[2]).toMatchObject({ name: "A. Striker", marker: "goal", team: 0 });
  });
  it("filters one period (map) and lists the periods", () => {
    expect(placedEvents(lines, 1).map((e) => e.seq)).toEqual([2, 3]);
    expect(placedPeriods(lines)).toEqual([1, 2]);
  });
});

describe("momentum", () => {
  it("sums pressure per team in buckets and carries part of it over", () => {
    const lines = [
      line(1, "shot", 0, { secs: 30 }), // bucket 0: home 1
      line(2, "goal", 1, { secs: 400 }), // bucket 1: away 4
      line(3, "yellowCard", 0, { secs: 410 }), // no pressure
      line(4, "shotSaved", 0, { secs: 650 }), // bucket 2: home 2
    ];
    const m = momentum(lines, { bucketSecs: 300, carry: 0.5 });
    expect(m).toEqual([
      { secs: 0, home: 0, away: 0 },
      { secs: 300, home: 1, away: 0 },
      { secs: 600, home: 0.5, away: 4 },
      { secs: 900, home: 2.25, away: 2 },
    ]);
  });
  it("runs to the game time now and is empty without events", () => {
    expect(momentum([], { bucketSecs: 300 })).toEqual([]);
    const m = momentum([line(1, "goal", 0, { secs: 10 })], { bucketSecs: 300, carry: 0, nowSecs: 1000 });
    expect(m.map((p) => p.secs)).toEqual([0, 300, 600, 900, 1200]);
    expect(m.map((p) => p.home)).toEqual([0, 4, 0, 0, 0]);
  });
  it("counts one map only when asked, and ignores neutral incidents", () => {
    const lines = [line(1, "kill", 0, { secs: 60, period: 1 }), line(2, "kill", 1, { secs: 60, period: 2 }), line(3, "fullTime", -1, { secs: 90 })];
    const m = momentum(lines, { bucketSecs: 120, period: 2 });
    expect(m.at(-1)).toEqual({ secs: 120, home: 0, away: 1 });
  });
});

describe("oddsByBookmaker", () => {
  const pts = [
    { at: 3, company: "Northgate Bet", home: 2.1, draw: 3.2, away: 3.5 },
    { at: 1, company: "Meridian Sports", home: 2.0, draw: 3.1, away: 3.6 },
    { at: 2, company: "Northgate Bet", home: 2.2, draw: 0, away: 3.4 },
    { at: 4, company: "Meridian Sports", home: 1.9, draw: 3.3, away: 3.9 },
  ];
  it("draws a line per bookmaker in time order", () => {
    expect(oddsByBookmaker(pts, "home")).toEqual([
      { company: "Meridian Sports", points: [[1, 2.0], [4, 1.9]] },
      { company: "Northgate Bet", points: [[2, 2.2], [3, 2.1]] },
    ]);
  });
  it("leaves out prices that are not offered", () => {
    expect(oddsByBookmaker(pts, "draw")[1]).toEqual({ company: "Northgate Bet", points: [[3, 3.2]] });
    expect(hasDraw(pts)).toBe(true);
    expect(hasDraw([{ at: 1, home: 1.5, away: 2.5 }])).toBe(false);
  });
});

describe("fromKickOff", () => {
  const start = 10 * 3600_000;
  const pts = [
    { at: 0, company: "A", home: 2.0, away: 3.0 },
    { at: start - 40 * 60_000, company: "A", home: 2.1, away: 2.9 },
    { at: start - 40 * 60_000, company: "B", home: 2.2, away: 2.8 },
    { at: start - 10 * 60_000, company: "B", home: 2.3, away: 2.7 },
    { at: start + 60_000, company: "A", home: 1.8, away: 3.4 },
  ];
  it("starts half an hour before kick-off with each bookmaker's price then", () => {
    const out = fromKickOff(pts.slice(1), start);
    expect(out.map((p) => [p.company, p.at, p.home])).toEqual([
      ["A", start - 30 * 60_000, 2.1],
      ["B", start - 30 * 60_000, 2.2],
      ["B", start - 10 * 60_000, 2.3],
      ["A", start + 60_000, 1.8],
    ]);
  });
  it("starts before the quotes after a long gap when they come earlier than the schedule says", () => {
    const out = fromKickOff(pts, start + 5 * 3600_000);
    expect(out.map((p) => [p.company, p.at, p.home])).toEqual([
      ["A", start - 70 * 60_000, 2.0],
      ["A", start - 40 * 60_000, 2.1],
      ["B", start - 40 * 60_000, 2.2],
      ["B", start - 10 * 60_000, 2.3],
      ["A", start + 60_000, 1.8],
    ]);
  });
  it("keeps everything before the match is under way", () => {
    expect(fromKickOff(pts.slice(0, 4), start)).toHaveLength(4);
  });
});
