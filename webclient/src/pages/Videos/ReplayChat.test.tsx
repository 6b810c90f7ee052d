// The replayed chat on the data layer: the first load reads the player's minute and the next; a
// seek to a minute not loaded adds it while the lines on screen stay; a minute that fails shows the
// error with Retry, which loads it again; a minute cut by the server's cap is loaded on.
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { adminScreen, fail, ok, type Answer } from "../../test/adminScreen";
import type { ReplayLine } from "../../api/videos";
import { CHUNK_MS, ReplayChat, loadMinutes, wantedMinutes } from "./Replay";

let answer: Answer;
const { q, all, render, click, calls } = adminScreen({ answer: (p, b, u) => answer(p, b, u) });

const line = (seq: number, offsetMs: number): ReplayLine => ({ seq, offsetMs, kind: "chat", id: `r-${seq}`, uid: "u2", name: "Ann", text: `line ${seq}` });
/** Two lines a minute, at 10 s and 40 s into it. */
const minuteOf = (from: number) => [line(from / 1000 + 10, from + 10_000), line(from / 1000 + 40, from + 40_000)];
const chatAnswer = (u: URL) => {
  const from = Number(u.searchParams.get("from"));
  return ok({ videoId: 7, fromMs: from, toMs: Number(u.searchParams.get("to")), lines: minuteOf(from), nextMs: -1 });
};
const chatCalls = () => calls.filter((c) => c.path.endsWith("/videos/replay/7/chat")).map((c) => Number(new URLSearchParams(c.query).get("from")));

/** A stand-in for the player: its current time and the events the chat listens to. */
function player(seconds: number) {
  const v = Object.assign(new EventTarget(), { currentTime: seconds });
  const seek = async (to: number) => {
    v.currentTime = to;
    await act(async () => v.dispatchEvent(new Event("seeked")));
  };
  return { ref: { current: v as unknown as HTMLVideoElement }, seek };
}
const shown = () => all('[data-testid="replay-line"]').map((el) => Number(el.getAttribute("data-offset")));

describe("wantedMinutes", () => {
  it("asks for the current minute and the next, neither loaded nor just failed", () => {
    const have = { chunks: new Map([[3, []]]), failed: new Set([4]) };
    expect(wantedMinutes(have, 3)).toEqual([]);
    expect(wantedMinutes(have, 5)).toEqual([5, 6]);
    expect(wantedMinutes({ chunks: new Map(), failed: new Set() }, 0)).toEqual([0, 1]);
  });
});

describe("loadMinutes", () => {
  it("adds the minutes not loaded yet, follows a cut window, and marks a failed minute", async () => {
    answer = (_p, _b, u) => {
      const from = Number(u.searchParams.get("from"));
      if (from === 2 * CHUNK_MS) return fail(5000, "down");
      // Minute 1 comes in two windows: the server cut the first at 90 s.
      if (from === CHUNK_MS) return ok({ videoId: 7, fromMs: from, toMs: 2 * CHUNK_MS, lines: [line(1, 70_000)], nextMs: 90_000 });
      return ok({ videoId: 7, fromMs: from, toMs: 2 * CHUNK_MS, lines: [line(2, 95_000)], nextMs: -1 });
    };
    const have = { chunks: new Map([[0, [line(0, 1_000)]]]), failed: new Set<number>() };
    const got = await loadMinutes(7, 1, have, new AbortController().signal);
    expect(got.chunks.get(0)!.map((l) => l.seq)).toEqual([0]);
    expect(got.chunks.get(1)!.map((l) => l.seq)).toEqual([1, 2]);
    expect(got.chunks.has(2)).toBe(false);
    expect([...got.failed]).toEqual([2]);
  });
});

describe("ReplayChat", () => {
  it("shows the lines up to the player's time; a seek adds the new minutes and keeps the lines meanwhile", async () => {
    let release!: () => void;
    let held: Promise<void> | null = null;
    answer = async (_p, _b, u) => {
      if (held) await held;
      return chatAnswer(u);
    };
    const p = player(45);
    await render(<ReplayChat videoId={7} videoRef={p.ref} />);
    await vi.waitFor(() => expect(shown()).toEqual([10_000, 40_000]));
    expect(chatCalls().sort((a, b) => a - b)).toEqual([0, CHUNK_MS]);

    // Into the next minute: already loaded, so minute 2 is fetched ahead and nothing blinks.
    held = new Promise<void>((r) => (release = r));
    await p.seek(75);
    expect(shown()).toEqual([10_000, 40_000, 70_000]);
    await vi.waitFor(() => expect(chatCalls()).toContain(2 * CHUNK_MS));
    await act(async () => release());
    held = null;

    // A seek into minute 2 shows the lines of minute 1 and of minute 2 up to the player's time.
    await p.seek(135);
    await vi.waitFor(() => expect(shown()).toEqual([70_000, 100_000, 130_000]));
    expect(q('[data-testid="replay-chat-state"]')).toBeNull();
  });

  it("a minute that fails shows the error and Retry, which loads it again", async () => {
    let down = true;
    answer = (_p, _b, u) => (down ? fail(5000, "down") : chatAnswer(u));
    const p = player(15);
    await render(<ReplayChat videoId={7} videoRef={p.ref} />);
    await vi.waitFor(() => expect(q('[data-testid="replay-chat-state"][role="alert"]')).not.toBeNull());
    expect(shown()).toEqual([]);
    down = false;
    await click(q('[data-testid="replay-chat-state"] button'));
    await vi.waitFor(() => expect(shown()).toEqual([10_000]));
    expect(q('[data-testid="replay-chat-state"]')).toBeNull();
  });

  it("an empty minute says so instead of loading", async () => {
    answer = (_p, _b, u) => ok({ videoId: 7, fromMs: Number(u.searchParams.get("from")), toMs: 0, lines: [], nextMs: -1 });
    await render(<ReplayChat videoId={7} videoRef={player(5).ref} />);
    await vi.waitFor(() => expect(q('[data-testid="replay-chat-state"]')?.getAttribute("data-state")).toBe("empty"));
  });
});
