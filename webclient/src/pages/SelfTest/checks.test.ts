import { describe, expect, it } from "vitest";
import { clockSkewMs, clockVerdict, latencyVerdict, measureSocket, median, playbackVerdict } from "./checks";

describe("the connection self-test's measurements", () => {
  it("reads the clock's offset from the server's Date header", () => {
    const server = Date.parse("Sun, 29 Nov 2026 09:00:00 GMT");
    // Sent 200 ms before, answered 200 ms after the server's second started (+500 ms: its middle).
    expect(clockSkewMs("Sun, 29 Nov 2026 09:00:00 GMT", server - 200, server + 200)).toBe(500);
    // A device 40 s behind.
    expect(clockSkewMs("Sun, 29 Nov 2026 09:00:00 GMT", server - 40_000, server - 40_000)).toBe(40_500);
    expect(clockSkewMs(null, 0, 0)).toBeNull();
    expect(clockSkewMs("not a date", 0, 0)).toBeNull();
  });

  it("gives verdicts a fan can act on", () => {
    expect(clockVerdict(1_000)).toBe("ok");
    expect(clockVerdict(-12_000)).toBe("warn");
    expect(clockVerdict(45_000)).toBe("fail");
    expect(clockVerdict(null)).toBe("warn");
    expect(latencyVerdict(40)).toBe("ok");
    expect(latencyVerdict(400)).toBe("warn");
    expect(latencyVerdict(900)).toBe("fail");
    expect(latencyVerdict(null)).toBe("fail");
    expect(playbackVerdict(1_800)).toBe("ok");
    expect(playbackVerdict(9_000)).toBe("warn");
    expect(playbackVerdict(null)).toBe("fail");
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it("pings the gateway one round trip after another", async () => {
    const sent: string[] = [];
    class FakeSocket {
      onopen: (() => void) | null = null;
      onmessage: ((ev: { data: string }) => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(public url: string) {
        setTimeout(() => this.onopen?.(), 1);
      }
      send(data: string) {
        sent.push(data);
        setTimeout(() => this.onmessage?.({ data: JSON.stringify({ t: "pong" }) }), 1);
      }
      close() {}
    }
    const r = await measureSocket("ws://gw/ws?v=1", 3, 1_000, FakeSocket as unknown as typeof WebSocket);
    expect(r.rtts).toHaveLength(3);
    expect(sent).toEqual(Array(3).fill('{"t":"ping"}'));
  });

  it("fails when the gateway does not answer", async () => {
    class SilentSocket {
      onopen: (() => void) | null = null;
      onmessage = null;
      onerror = null;
      constructor() {
        setTimeout(() => this.onopen?.(), 1);
      }
      send() {}
      close() {}
    }
    await expect(measureSocket("ws://gw/ws?v=1", 3, 20, SilentSocket as unknown as typeof WebSocket)).rejects.toThrow("no pong");
  });
});
