// The visible chat of one room, following the "Client rules for sequence numbers" of
// docs/protocol.md:
//
//   * events reach us by two paths: batches (shared by every viewer) and, for our own
//     commands, the ack. An acked event shows at once and its seq is remembered, so the
//     batch that brings the same seq later is skipped;
//   * the highest seq seen IN BATCHES is kept; batch events at or below it are skipped
//     (resume replays and duplicate frames). Acks never move it: a batch may still bring
//     lower events of other viewers after our ack, and those go in seq order;
//   * a `del` removes its message wherever it is; a `del` naming a message we never saw
//     is remembered for a while, so the message cannot appear after its deletion.
//
// Pure functions over an immutable value: the bridge stores the result in the room's atom.
import type { RoomEvent } from "./protocol";

/** Lines kept per room; older ones drop off the top (they stay in the server's history). */
export const MAX_LINES = 2000;
/** Deleted message ids remembered per room. */
const MAX_DELETED = 512;

/** Who an event names, resolved from chat lines seen so far (events carry only user ids). */
export interface Names {
  target?: string;
  by?: string;
}

export type ChatLine =
  | { kind: "event"; seq: number; ev: RoomEvent; names?: Names }
  | { kind: "gap"; seq: number; key: string };

export interface RoomLog {
  lines: ChatLine[];
  /** Highest seq seen in batches (0 before any). */
  batchHigh: number;
  /** Seqs shown from acks and not yet passed by batchHigh. */
  acked: ReadonlySet<number>;
  /** Ids of deleted messages, newest last (bounded). */
  deleted: readonly string[];
  /** uid -> display name of recent speakers, to name the target of moderation events. */
  names: ReadonlyMap<string, string>;
}

export const EMPTY_LOG: RoomLog = { lines: [], batchHigh: 0, acked: new Set(), deleted: [], names: new Map() };

/** Event kinds shown as lines; others (del) only change the log. */
const SHOWN = new Set(["chat", "gift", "sys", "mute", "unmute", "mod", "unmod", "slow", "open", "close", "paid"]);
const MAX_NAMES = 1000;

function insertIndex(lines: ChatLine[], seq: number): number {
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid]!.seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A log under change: copies are made once per apply, not per event. */
class Draft {
  lines: ChatLine[];
  acked: Set<number>;
  deleted: string[];
  names: Map<string, string>;
  batchHigh: number;
  private namesCopied = false;
  changed = false;

  constructor(private readonly base: RoomLog) {
    this.lines = base.lines.slice();
    this.acked = new Set(base.acked);
    this.deleted = base.deleted.slice();
    this.names = base.names as Map<string, string>;
    this.batchHigh = base.batchHigh;
  }

  private learnName(uid: string | undefined, name: string | undefined): void {
    if (!uid || !name || this.names.get(uid) === name) return;
    if (!this.namesCopied) {
      this.names = new Map(this.names);
      this.namesCopied = true;
    }
    this.names.delete(uid);
    this.names.set(uid, name);
    if (this.names.size > MAX_NAMES) this.names.delete(this.names.keys().next().value!);
  }

  add(ev: RoomEvent): void {
    this.changed = true;
    if (ev.k === "del") {
      if (!ev.msg) return;
      const i = this.lines.findIndex((l) => l.kind === "event" && l.ev.id === ev.msg);
      if (i >= 0) this.lines.splice(i, 1);
      this.deleted.push(ev.msg);
      if (this.deleted.length > MAX_DELETED) this.deleted.splice(0, this.deleted.length - MAX_DELETED);
      return;
    }
    if (ev.k === "unpin") {
      // A removed paid message: its line goes, and the pinned bar forgets it ("pin:<id>").
      if (!ev.pin) return;
      this.lines = this.lines.filter((l) => !(l.kind === "event" && l.ev.k === "paid" && l.ev.pin === ev.pin));
      this.deleted.push(`pin:${ev.pin}`);
      if (this.deleted.length > MAX_DELETED) this.deleted.splice(0, this.deleted.length - MAX_DELETED);
      return;
    }
    if (!SHOWN.has(ev.k)) return;
    if (ev.k === "paid" && ev.pin && this.deleted.includes(`pin:${ev.pin}`)) return;
    if (ev.id && this.deleted.includes(ev.id)) return;
    if (ev.k === "chat" || ev.k === "gift" || ev.k === "paid") this.learnName(ev.uid, ev.name);
    const names: Names | undefined =
      ev.k === "chat" || ev.k === "gift" || ev.k === "paid" || ev.k === "sys"
        ? undefined
        : { target: ev.uid ? this.names.get(ev.uid) : undefined, by: ev.by ? this.names.get(ev.by) : undefined };
    const line: ChatLine = names ? { kind: "event", seq: ev.seq, ev, names } : { kind: "event", seq: ev.seq, ev };
    const last = this.lines[this.lines.length - 1];
    if (!last || last.seq <= ev.seq) this.lines.push(line);
    else this.lines.splice(insertIndex(this.lines, ev.seq), 0, line);
  }

  finish(max: number): RoomLog {
    if (!this.changed) return this.base;
    if (this.lines.length > max) this.lines.splice(0, this.lines.length - max);
    return { lines: this.lines, batchHigh: this.batchHigh, acked: this.acked, deleted: this.deleted, names: this.names };
  }
}

/** Applies the events of one `batch` frame. */
export function applyBatch(log: RoomLog, events: readonly RoomEvent[], max = MAX_LINES): RoomLog {
  const d = new Draft(log);
  for (const ev of events) {
    if (!Number.isFinite(ev.seq) || ev.seq <= d.batchHigh) continue;
    d.batchHigh = ev.seq;
    d.changed = true;
    if (d.acked.delete(ev.seq)) continue; // shown already from our own ack
    d.add(ev);
  }
  // Acked seqs the batches have passed can never come again.
  for (const s of d.acked) if (s <= d.batchHigh) d.acked.delete(s);
  return d.finish(max);
}

/** Applies the event of an `ack` of our own command (shown at once, once). */
export function applyAck(log: RoomLog, ev: RoomEvent, max = MAX_LINES): RoomLog {
  if (!Number.isFinite(ev.seq) || ev.seq <= log.batchHigh || log.acked.has(ev.seq)) return log;
  const d = new Draft(log);
  d.acked.add(ev.seq);
  d.add(ev);
  return d.finish(max);
}

/** Marks that events before `seq` could not be replayed (joined.gap). */
export function addGap(log: RoomLog, seq: number): RoomLog {
  const lines = log.lines.slice();
  lines.splice(insertIndex(lines, seq), 0, { kind: "gap", seq, key: `gap-${seq}-${lines.length}` });
  return { ...log, lines };
}
