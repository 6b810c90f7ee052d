// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createStore } from "jotai";
import { forgetTopicAtom, mergeTopic, topicAtom } from "./realtime";
import { createScoreboardAtom } from "./matches";

describe("createScoreboardAtom", () => {
  it("merges several scoreboards into one match map", () => {
    const store = createStore();
    store.set(topicAtom("scores:1"), (s) => mergeTopic(s, { a: { h: 1 } }));
    store.set(topicAtom("scores:202"), (s) => mergeTopic(s, { b: { a: 2 } }));
    expect(store.get(createScoreboardAtom("scores:1,scores:202"))).toEqual({ a: { h: 1 }, b: { a: 2 } });
  });

  it("follows updates of its topics", () => {
    const store = createStore();
    const board = createScoreboardAtom("scores:7");
    store.set(topicAtom("scores:7"), (s) => mergeTopic(s, { x: { h: 1 } }));
    expect(store.get(board)).toEqual({ x: { h: 1 } });
    store.set(topicAtom("scores:7"), (s) => mergeTopic(s, { x: { h: 2 } }));
    expect(store.get(board)).toEqual({ x: { h: 2 } });
  });

  it("made again after the bridge forgot a topic, reads the topic's new atom", () => {
    const store = createStore();
    const first = createScoreboardAtom("scores:9,scores:10");
    store.set(topicAtom("scores:9"), (s) => mergeTopic(s, { x: { h: 1 } }));
    expect(store.get(first)).toEqual({ x: { h: 1 } });
    // The page left (the bridge forgets the topic), came back, and the bridge writes anew.
    forgetTopicAtom("scores:9");
    const second = createScoreboardAtom("scores:9,scores:10");
    store.set(topicAtom("scores:9"), (s) => mergeTopic(s, { x: { h: 3 } }));
    expect(store.get(second)).toEqual({ x: { h: 3 } });
  });
});
