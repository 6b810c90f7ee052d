// @vitest-environment node
import { describe, expect, it } from "vitest";
import { addGap, applyAck, applyBatch, EMPTY_LOG, type RoomLog } from "./roomLog";
import type { RoomEvent } from "./protocol";

const ev = (seq: number, extra: Partial<RoomEvent> = {}): RoomEvent => ({ seq, k: "chat", ts: 0, id: `m${seq}`, uid: `u${seq}`, name: `N${seq}`, text: `t${seq}`, ...extra });
const seqs = (l: RoomLog) => l.lines.map((x) => x.seq);

describe("applyBatch", () => {
  it("keeps lines in seq order", () => {
    const l = applyBatch(EMPTY_LOG, [ev(3), ev(4), ev(5)]);
    expect(seqs(l)).toEqual([3, 4, 5]);
    expect(l.batchHigh).toBe(5);
  });

  it("skips batch events at or below the highest batch seq (replays, duplicate frames)", () => {
    const l1 = applyBatch(EMPTY_LOG, [ev(10), ev(11)]);
    const l2 = applyBatch(l1, [ev(9), ev(11), ev(12)]);
    expect(seqs(l2)).toEqual([10, 11, 12]);
    expect(applyBatch(l2, [ev(12)])).toBe(l2);
  });

  it("removes a deleted message and does not show the del itself", () => {
    const l = applyBatch(EMPTY_LOG, [ev(1), ev(2), ev(3, { k: "del", msg: "m1", by: "mod" })]);
    expect(seqs(l)).toEqual([2]);
  });

  it("ignores a del of a message never seen, and never shows that message later", () => {
    const l1 = applyBatch(EMPTY_LOG, [ev(5, { k: "del", msg: "m4" })]);
    expect(l1.lines).toEqual([]);
    // The sender's own ack of m4 arriving late must not bring it back.
    const l2 = applyAck(l1, ev(4));
    expect(l2.lines).toEqual([]);
  });

  it("shows moderation events as lines naming the target from earlier chat", () => {
    const l = applyBatch(EMPTY_LOG, [ev(1, { uid: "u42", name: "Alice" }), { seq: 2, k: "mute", ts: 0, uid: "u42", by: "m1", until: 99 }]);
    expect(l.lines[1]).toMatchObject({ seq: 2, names: { target: "Alice" } });
  });

  it("drops the oldest lines past the cap", () => {
    const l = applyBatch(EMPTY_LOG, [ev(1), ev(2), ev(3), ev(4)], 3);
    expect(seqs(l)).toEqual([2, 3, 4]);
  });
});

describe("applyAck", () => {
  it("shows our own event at once, and the batch that brings the same seq shows it once", () => {
    const afterAck = applyAck(EMPTY_LOG, ev(42, { text: "mine" }));
    expect(seqs(afterAck)).toEqual([42]);
    const afterBatch = applyBatch(afterAck, [ev(41), ev(42, { text: "mine" }), ev(43)]);
    expect(seqs(afterBatch)).toEqual([41, 42, 43]);
    expect(afterBatch.acked.size).toBe(0);
  });

  it("lets lower events of other viewers arrive after our ack, in seq order", () => {
    const l0 = applyBatch(EMPTY_LOG, [ev(40)]);
    const l1 = applyAck(l0, ev(43));
    const l2 = applyBatch(l1, [ev(41), ev(42)]);
    expect(seqs(l2)).toEqual([40, 41, 42, 43]);
    const l3 = applyBatch(l2, [ev(43), ev(44)]);
    expect(seqs(l3)).toEqual([40, 41, 42, 43, 44]);
  });

  it("ignores a second ack of the same seq and an ack the batches already passed", () => {
    const l1 = applyAck(EMPTY_LOG, ev(7));
    expect(applyAck(l1, ev(7))).toBe(l1);
    const l2 = applyBatch(EMPTY_LOG, [ev(8)]);
    expect(applyAck(l2, ev(8))).toBe(l2);
  });

  it("applies our own delete at once", () => {
    const l1 = applyBatch(EMPTY_LOG, [ev(1), ev(2)]);
    const l2 = applyAck(l1, ev(3, { k: "del", msg: "m2" }));
    expect(seqs(l2)).toEqual([1]);
    expect(seqs(applyBatch(l2, [ev(3, { k: "del", msg: "m2" })]))).toEqual([1]);
  });
});

describe("addGap", () => {
  it("puts the marker after the last event at or before the resume point", () => {
    const l = addGap(applyBatch(EMPTY_LOG, [ev(1), ev(2), ev(9)]), 2);
    expect(l.lines.map((x) => x.kind)).toEqual(["event", "event", "gap", "event"]);
  });
});
