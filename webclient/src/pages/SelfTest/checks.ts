// The connection self-test's measurements (/test, decision 0016), apart from the page so they can be
// tested: clock skew from the server's Date header, WebSocket round trips to the gateway, and the
// verdicts a fan (or support) reads.

/** A check's verdict: ok, works but worse than a fan should have (warn), or not working (fail). */
export type Verdict = "ok" | "warn" | "fail";

/**
 * The clock's offset from the server, in ms (positive: this device is behind): the server's Date
 * header (second precision) against the middle of the request's round trip. Null without a Date.
 */
export function clockSkewMs(dateHeader: string | null, sentAt: number, receivedAt: number): number | null {
  if (!dateHeader) return null;
  const server = Date.parse(dateHeader);
  if (Number.isNaN(server)) return null;
  // The header is truncated to the second: its middle is half a second later.
  return server + 500 - (sentAt + receivedAt) / 2;
}

/** Verification codes and the back office's one-time codes allow 30 s of drift; a few seconds shows in chat times. */
export function clockVerdict(skewMs: number | null): Verdict {
  if (skewMs === null) return "warn";
  const off = Math.abs(skewMs);
  return off <= 5_000 ? "ok" : off <= 30_000 ? "warn" : "fail";
}

/** Chat feels instant below ~150 ms round trip; above ~600 ms it visibly lags. */
export function latencyVerdict(medianMs: number | null): Verdict {
  if (medianMs === null) return "fail";
  return medianMs <= 150 ? "ok" : medianMs <= 600 ? "warn" : "fail";
}

/** A live stream should show its first picture within a few seconds. */
export function playbackVerdict(firstFrameMs: number | null): Verdict {
  if (firstFrameMs === null) return "fail";
  return firstFrameMs <= 5_000 ? "ok" : "warn";
}

export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Opens a WebSocket to url, sends `pings` application pings one after another ({"t":"ping"}, the
 * gateway answers {"t":"pong"}) and returns the time to open and each round trip. Rejects when the
 * socket does not open or a pong does not come within timeoutMs.
 */
export function measureSocket(url: string, pings = 5, timeoutMs = 5_000, Ws: typeof WebSocket = WebSocket): Promise<{ openMs: number; rtts: number[] }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const ws = new Ws(url);
    let openMs = 0;
    let sentAt = 0;
    const rtts: number[] = [];
    let timer = setTimeout(() => fail(new Error("timeout")), timeoutMs);
    const fail = (e: Error) => {
      clearTimeout(timer);
      ws.close();
      reject(e);
    };
    const ping = () => {
      clearTimeout(timer);
      timer = setTimeout(() => fail(new Error("no pong")), timeoutMs);
      sentAt = performance.now();
      ws.send(JSON.stringify({ t: "ping" }));
    };
    ws.onopen = () => {
      openMs = performance.now() - started;
      ping();
    };
    ws.onerror = () => fail(new Error("socket error"));
    ws.onmessage = (ev) => {
      let frame: { t?: string } | null;
      try {
        frame = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (frame?.t !== "pong") return;
      rtts.push(performance.now() - sentAt);
      if (rtts.length < pings) return ping();
      clearTimeout(timer);
      ws.close();
      resolve({ openMs, rtts });
    };
  });
}
