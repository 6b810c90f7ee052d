// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { MatchItem } from "../../api/matches";
import { applyLive, scoreboardTopics, scoreChanges, scoringSide } from "./live";
import { mergeTopic } from "../../state/realtime";

function item(over: Partial<MatchItem> = {}): MatchItem {
  return {
    id: "m1", gameId: 202, gameName: "soccer", leagueId: "l", leagueName: "League", seasonId: "", roundId: "",
    homeId: "h", homeName: "Home", homeLogo: "", awayId: "a", awayName: "Away", awayLogo: "",
    startTime: 1_000, status: 1, statusName: "live", homeScore: 0, awayScore: 0, period: 1, periodName: "1H",
    clock: { s: 0, r: true, at: 1_000 }, periods: [], updated: 5_000, source: "simulator", topic: "match:m1",
    ...over,
  };
}

describe("applyLive", () => {
  it("keeps a row's red cards from the scoreboard's s.redCards", () => {
    const m = applyLive(item(), { "s.redCards": [0, 1] });
    expect(m.redCards).toEqual([0, 1]);
    expect(applyLive(m, { "s.redCards": [1, 1] }).redCards).toEqual([1, 1]);
  });

  it("keeps a second leg's aggregate and the side through from the scoreboard's d.agg and d.through", () => {
    const m = applyLive(item(), { "d.agg": [2, 2] });
    expect(m.aggregate).toEqual([2, 2]);
    expect(m.through).toBeUndefined();
    const done = applyLive(m, { "d.agg": [3, 2], "d.through": 0 });
    expect(done).toMatchObject({ aggregate: [3, 2], through: 0 });
    expect(applyLive(done, { "d.agg": null, "d.through": 7 })).toMatchObject({ aggregate: undefined, through: undefined });
  });

  it("keeps a called-off first leg from the scoreboard's d.leg1, and nothing else", () => {
    expect(applyLive(item(), { "d.leg1": "postponed" }).firstLeg).toBe("postponed");
    expect(applyLive(item(), { "d.leg1": "finished" }).firstLeg).toBeUndefined();
  });

  it("maps the topic's short fields onto the item", () => {
    const m = applyLive(item(), { st: 2, h: 1, a: 3, p: 2, pn: "HT", ps: [[1, 3]], clk: { s: 2700, r: false, at: 9 }, ts: 6_000 });
    expect(m).toMatchObject({ status: 2, homeScore: 1, awayScore: 3, period: 2, periodName: "HT", periods: [[1, 3]], updated: 6_000 });
    expect(m.clock).toEqual({ s: 2700, r: false, at: 9 });
  });

  it("ignores a topic state older than the REST answer", () => {
    const m = item({ homeScore: 2, updated: 9_000 });
    expect(applyLive(m, { h: 1, ts: 8_000 })).toBe(m);
  });

  it("returns the same object when nothing changes", () => {
    const m = item({ homeScore: 1 });
    expect(applyLive(m, { h: 1 })).toBe(m);
    expect(applyLive(m, undefined)).toBe(m);
  });

  it("merges flattened detail and statistics, and drops a detail key sent as null", () => {
    const m = applyLive(item({ detail: { addedTime: 3, pen: [1, 1] }, stats: { shots: [1, 2] } }), {
      "d.addedTime": null,
      "s.corners": [4, 1],
      "s.shots": [2, 2],
    });
    expect(m.detail).toEqual({ pen: [1, 1] });
    expect(m.stats).toEqual({ shots: [2, 2], corners: [4, 1] });
  });

  it("follows several deltas merged latest-value-wins by the bridge", () => {
    let st = mergeTopic({}, { m1: { h: 1, ts: 6_000 } });
    st = mergeTopic(st, { m1: { a: 1, ts: 7_000 } });
    st = mergeTopic(st, { m1: { h: 2, ts: 8_000 } });
    expect(applyLive(item(), st.m1)).toMatchObject({ homeScore: 2, awayScore: 1, updated: 8_000 });
  });
});

describe("scoreChanges", () => {
  it("reports a changed score but not a match seen for the first time", () => {
    const first = scoreChanges(new Map(), [item({ id: "a" }), item({ id: "b" })]);
    expect(first.changed).toEqual([]);
    const second = scoreChanges(first.next, [item({ id: "a", homeScore: 1 }), item({ id: "b" }), item({ id: "c", awayScore: 4 })]);
    expect(second.changed).toEqual(["a"]);
    expect(second.next.get("a")).toBe("1:0");
    expect(second.next.get("c")).toBe("0:4");
  });

  it("reports a score corrected downwards (a disallowed goal) as a change too", () => {
    const { next } = scoreChanges(new Map(), [item({ homeScore: 2 })]);
    expect(scoreChanges(next, [item({ homeScore: 1 })]).changed).toEqual(["m1"]);
  });
});

describe("scoringSide", () => {
  it("names the side whose score moved", () => {
    expect(scoringSide("0:0", "1:0")).toBe("home");
    expect(scoringSide("1:0", "1:1")).toBe("away");
    expect(scoringSide("1:1", "2:2")).toBe("both");
    expect(scoringSide("1:1", "1:1")).toBeNull();
    expect(scoringSide(undefined, "1:1")).toBeNull();
  });
});

describe("scoreboardTopics", () => {
  it("is one scoreboard per game present, sorted", () => {
    expect(scoreboardTopics([{ gameId: 202 }, { gameId: 1 }, { gameId: 202 }])).toEqual(["scores:1", "scores:202"]);
    expect(scoreboardTopics([])).toEqual([]);
  });
});
