// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { Playback, PlaybackKind } from "../../api/anchor";
import { formatCountdown, initialPlayerState, playerReducer, trialSecondsLeft, type PlayerEvent, type PlayerState } from "./playerState";

const pb = (over: Partial<Playback> = {}): Playback => ({
  room: "a7",
  live: true,
  stalled: false,
  viewers: 3,
  proLocked: false,
  trial: false,
  sources: [
    { kind: "pro", url: "/media/a7.flv?s=1", expiresAt: 1e13 },
    { kind: "hls", url: "/media/a7/index.m3u8?s=1", expiresAt: 1e13 },
  ],
  ...over,
});

const run = (events: PlayerEvent[], from: PlayerState = initialPlayerState) => events.reduce(playerReducer, from);
const answer = (p: Playback, playable = p.sources.map((s) => s.kind), preferred: PlaybackKind | null = null, now = 1000): PlayerEvent => ({
  type: "playback",
  playback: p,
  playable,
  preferred,
  now,
});

describe("player state machine", () => {
  it("starts loading and plays the low-delay Pro stream first when it is offered and playable", () => {
    const s = run([answer(pb())]);
    expect(s.status).toBe("loading");
    expect(s.selected).toBe("pro");
    expect(run([{ type: "mediaPlaying" }], s).status).toBe("playing");
  });

  it("falls back to the standard stream when Pro is locked (not offered)", () => {
    const s = run([answer(pb({ proLocked: true, sources: [{ kind: "hls", url: "/media/a7/index.m3u8" }] }))]);
    expect(s.selected).toBe("hls");
  });

  it("keeps to the viewer's preferred source when it is offered", () => {
    const s = run([answer(pb(), ["pro", "hls"], "hls")]);
    expect(s.selected).toBe("hls");
  });

  it("is unsupported when no offered source can play in this browser", () => {
    const s = run([answer(pb({ sources: [{ kind: "hls", url: "/x.m3u8" }] }), [])]);
    expect(s.status).toBe("unsupported");
  });

  it("goes stalled on waiting and back to playing when media flows again", () => {
    const s = run([answer(pb()), { type: "mediaPlaying" }, { type: "mediaWaiting" }]);
    expect(s.status).toBe("stalled");
    expect(run([{ type: "mediaPlaying" }], s).status).toBe("playing");
  });

  it("ignores waiting while still loading (a slow start is not a stall)", () => {
    expect(run([answer(pb()), { type: "mediaWaiting" }]).status).toBe("loading");
  });

  it("says not live when the room never played, and ended once it had played", () => {
    expect(run([{ type: "notLive" }]).status).toBe("notLive");
    const s = run([answer(pb()), { type: "mediaPlaying" }, { type: "mediaEnded" }]);
    expect(s.status).toBe("loading");
    expect(run([{ type: "notLive" }], s).status).toBe("ended");
  });

  it("reconnects (loading) when the connection ends but the room is still live", () => {
    const s = run([answer(pb()), { type: "mediaPlaying" }, { type: "mediaEnded" }, answer(pb())]);
    expect(s.status).toBe("loading");
    expect(s.selected).toBe("pro");
  });

  it("keeps playing across a URL refresh of the same source", () => {
    const s = run([answer(pb()), { type: "mediaPlaying" }, answer(pb())]);
    expect(s.status).toBe("playing");
  });

  it("switches source on select and ignores sources that cannot play", () => {
    const s = run([answer(pb(), ["pro", "hls"]), { type: "mediaPlaying" }, { type: "select", kind: "hls" }]);
    expect(s).toMatchObject({ selected: "hls", status: "loading" });
    const t = run([answer(pb(), ["pro"]), { type: "select", kind: "hls" }]);
    expect(t.selected).toBe("pro");
  });

  it("ends a trial at its end time with the trialEnded state", () => {
    const s = run([answer(pb({ trial: true, trialEndsAt: 5000 }), undefined, null, 1000), { type: "mediaPlaying" }]);
    expect(run([{ type: "tick", now: 4999 }], s).status).toBe("playing");
    expect(run([{ type: "tick", now: 5000 }], s).status).toBe("trialEnded");
  });

  it("treats an already ended trial in the answer as trialEnded", () => {
    expect(run([answer(pb({ trial: true, trialEndsAt: 900 }), undefined, null, 1000)]).status).toBe("trialEnded");
  });

  it("turns a refusal after a trial into trialEnded, otherwise refused", () => {
    const refusal = { type: "refused", refusal: { message: "Trial ended", errorCode: 2110 } } as const;
    const trial = run([answer(pb({ trial: true, trialEndsAt: 5000 })), refusal]);
    expect(trial.status).toBe("trialEnded");
    const plain = run([refusal]);
    expect(plain).toMatchObject({ status: "refused", refusal: { message: "Trial ended" } });
  });

  it("retries one refused signed URL, then shows the refused error", () => {
    const once = run([answer(pb()), { type: "mediaRefused" }]);
    expect(once.status).toBe("loading");
    const twice = run([answer(pb()), { type: "mediaRefused" }], once);
    expect(twice).toMatchObject({ status: "refused", refusal: { urlRefused: true } });
  });

  it("stays in the final states when a late playback answer arrives", () => {
    const refused = run([answer(pb()), { type: "mediaRefused" }, { type: "mediaRefused" }, answer(pb())]);
    expect(refused.status).toBe("refused");
    const ended = run([answer(pb({ trial: true, trialEndsAt: 5000 })), { type: "tick", now: 6000 }, answer(pb({ trial: true, trialEndsAt: 5000 }), undefined, null, 1000)]);
    expect(ended.status).toBe("trialEnded");
  });

  it("forgets refused URLs once the stream plays", () => {
    const s = run([answer(pb()), { type: "mediaRefused" }, answer(pb()), { type: "mediaPlaying" }, { type: "mediaRefused" }]);
    expect(s.status).toBe("loading");
  });

  it("shows a stalled server stream as stalled while playing", () => {
    const s = run([answer(pb()), { type: "mediaPlaying" }, answer(pb({ stalled: true }))]);
    expect(s.status).toBe("stalled");
  });
});

describe("countdown", () => {
  it("counts whole seconds up and never below zero", () => {
    expect(trialSecondsLeft(10_500, 10_000)).toBe(1);
    expect(trialSecondsLeft(10_000, 20_000)).toBe(0);
    expect(trialSecondsLeft(null, 0)).toBe(0);
  });
  it("formats m:ss and h:mm:ss", () => {
    expect(formatCountdown(179)).toBe("2:59");
    expect(formatCountdown(5)).toBe("0:05");
    expect(formatCountdown(3725)).toBe("1:02:05");
  });
});
