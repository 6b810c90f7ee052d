// @vitest-environment node
import { describe, expect, it } from "vitest";
import { addTopicWant, mergeTopic, removeTopicWant } from "./realtime";

describe("mergeTopic", () => {
  it("merges deltas field by field, the latest value winning", () => {
    const s1 = mergeTopic({}, { abc: { hs: 0, as: 0, st: 1 } });
    const s2 = mergeTopic(s1, { abc: { hs: 1 } });
    const s3 = mergeTopic(s2, { abc: { hs: 2, min: 55 }, def: { st: 0 } });
    expect(s3).toEqual({ abc: { hs: 2, as: 0, st: 1, min: 55 }, def: { st: 0 } });
    // Earlier states are untouched (atoms hold immutable values).
    expect(s1).toEqual({ abc: { hs: 0, as: 0, st: 1 } });
    expect(s2.abc).toEqual({ hs: 1, as: 0, st: 1 });
  });

  it("returns the same state when nothing usable arrived", () => {
    const s = mergeTopic({}, { abc: { hs: 1 } });
    expect(mergeTopic(s, {})).toBe(s);
    expect(mergeTopic(s, { abc: null as unknown as Record<string, unknown> })).toBe(s);
  });
});

describe("topic wants", () => {
  it("counts one entry per page so a topic stays wanted until the last page leaves", () => {
    let w = addTopicWant({}, "match:abc", 3000);
    w = addTopicWant(w, "match:abc");
    expect(w).toEqual({ "match:abc": [3000, 0] });
    w = removeTopicWant(w, "match:abc", 3000);
    expect(w).toEqual({ "match:abc": [0] });
    w = removeTopicWant(w, "match:abc");
    expect(w).toEqual({});
    expect(removeTopicWant(w, "match:abc")).toBe(w);
  });
});
