// The keyed loads of the match pages (useFetch): loading, then the answer; a failed background
// refresh keeps the answer on screen; a reload after a failure shows loading and then the error;
// a new key shows loading again.
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { testRoot } from "../../test/root";
import { useFetch, type Fetched } from "./hooks";

const { render } = testRoot();
let seen: Fetched<string>;
let reload: () => void;

function Probe({ load, k, refreshMs }: { load: () => Promise<string>; k: string; refreshMs?: number }) {
  const f = useFetch(load, k, refreshMs);
  seen = f.state;
  reload = f.reload;
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const refused = (msg: string) => new ApiError({ kind: "refused", userMessage: msg });

describe("useFetch", () => {
  it("keeps the answer on screen when a background refresh fails", async () => {
    const load = vi.fn<() => Promise<string>>().mockResolvedValueOnce("first").mockRejectedValue(refused("down"));
    await render(<Probe load={load} k="a" refreshMs={1000} />);
    expect(seen).toEqual({ status: "ready", value: "first" });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(load).toHaveBeenCalledTimes(2);
    expect(seen).toEqual({ status: "ready", value: "first" });

    // A reload forgets the answer: the failure now shows.
    await act(async () => reload());
    expect(load).toHaveBeenCalledTimes(3);
    expect(seen).toEqual({ status: "error", message: "down", notServed: false });
  });

  it("shows loading for a new key until its answer arrives", async () => {
    let answer!: (v: string) => void;
    const load = vi.fn<() => Promise<string>>().mockResolvedValueOnce("a").mockImplementationOnce(() => new Promise((r) => (answer = r)));
    await render(<Probe load={load} k="a" />);
    expect(seen).toEqual({ status: "ready", value: "a" });
    await render(<Probe load={load} k="b" />);
    expect(seen).toEqual({ status: "loading" });
    await act(async () => answer("b"));
    expect(seen).toEqual({ status: "ready", value: "b" });
  });

  it("says when the server does not serve the call", async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new ApiError({ kind: "http", userMessage: "Not Found", httpStatus: 404 }));
    await render(<Probe load={load} k="a" />);
    expect(seen).toEqual({ status: "error", message: "Not Found", notServed: true });
  });
});
