import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../api/client";
import { CHUNK_BYTES, uploadVideo, videosApi } from "../../api/videos";
import { formatDuration } from "./format";
import { renditionUrl } from "./HlsVideo";
import { videoPath } from "./VideoCard";

afterEach(() => vi.restoreAllMocks());

describe("videos", () => {
  it("formats lengths", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(75.4)).toBe("1:15");
    expect(formatDuration(3700)).toBe("1:01:40");
  });

  it("builds page and rendition addresses", () => {
    expect(videoPath({ id: 7, game: "soccer" })).toBe("/videos/soccer/7");
    expect(videoPath({ id: 7, game: "" })).toBe("/videos/7");
    expect(renditionUrl("/java/videos/files/7/master.m3u8", "360p")).toBe("/java/videos/files/7/360p/index.m3u8");
  });

  it("uploads a file in parts at the offsets the server acknowledges, then completes it", async () => {
    const sent: [number, number][] = [];
    vi.spyOn(videosApi, "startUpload").mockResolvedValue({ id: 9, maxBytes: 1 << 30 });
    vi.spyOn(videosApi, "chunk").mockImplementation(async (_id, offset, part) => {
      sent.push([offset, part.size]);
      return { received: offset + part.size };
    });
    const complete = vi.spyOn(videosApi, "complete").mockResolvedValue({} as never);
    const progress: number[] = [];
    const size = CHUNK_BYTES * 2 + 100;
    const id = await uploadVideo({ title: "t", kind: "clip", gameId: 202, matchId: "" }, new Blob([new Uint8Array(size)]), (f) => progress.push(f));
    expect(id).toBe(9);
    expect(sent).toEqual([[0, CHUNK_BYTES], [CHUNK_BYTES, CHUNK_BYTES], [CHUNK_BYTES * 2, 100]]);
    expect(progress.at(-1)).toBe(1);
    expect(complete).toHaveBeenCalledWith(9);
  });

  it("sends a Blob body as it is, application/octet-stream", async () => {
    const calls: RequestInit[] = [];
    vi.stubGlobal("fetch", vi.fn(async (_url: string, init: RequestInit) => {
      calls.push(init);
      return new Response(JSON.stringify({ status: "success", result: { received: 3 }, code: 200 }), { headers: { "Content-Type": "application/json" } });
    }));
    const client = createApiClient({ token: () => "", locale: () => "en_US", toast: () => {}, fallbackMessage: () => "x", now: () => 1, retryDelayMs: () => 0, progressStart: () => {}, progressDone: () => {} });
    const part = new Blob([new Uint8Array([1, 2, 3])]);
    await client.post("/admin/videos/1/chunk", part, { query: { offset: 0 } });
    expect(new Headers(calls[0]!.headers).get("Content-Type")).toBe("application/octet-stream");
    expect(calls[0]!.body).toBe(part);
    vi.unstubAllGlobals();
  });
});
