// The videos parts of other pages on the data layer: the match's playback tab (recordings with
// loading, error + Retry, the no-data picture, a half-minute refresh; highlight clips only when
// there are some) and the home page's videos section (shown only once there are videos).
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminScreen, fail, ok, type Answer } from "../../test/adminScreen";
import { HomeVideos } from "./HomeVideos";
import { MatchRecordings } from "./MatchRecordings";

let answer: Answer;
const { q, all, render, click, text } = adminScreen({ answer: (p, b, u) => answer(p, b, u) });

const video = (id: number, kind = "recording") => ({
  id, kind, game: "lol", title: `Video ${id}`, poster: "", durationSec: 60, views: 3, createdAt: 0, state: "ready",
});
const session = (id: string, withVideo: boolean) => ({
  id, roomId: "r1", title: `Broadcast ${id}`, startedAt: 0, endedAt: 0, peakViewers: 5, video: withVideo ? video(Number(id.slice(1))) : undefined,
});
const page = (list: unknown[]) => ok({ list, total: list.length, pageIndex: 1, pageSize: 24 });

afterEach(() => {
  vi.useRealTimers();
});

describe("MatchRecordings", () => {
  /** Answers the recordings call with recs() and the highlights call with clips(). */
  const routes = (recs: () => Response, clips: () => Response = () => page([])): Answer => (path) =>
    path.endsWith("/liveRecord") ? recs() : clips();

  it("lists the recordings that have a video, and the match's clips above them", async () => {
    answer = routes(
      () => ok({ list: [session("s1", true), session("s2", false)] }),
      () => page([video(5, "highlight")]),
    );
    await render(<MatchRecordings matchId="m1" />);
    await vi.waitFor(() => expect(all('[data-testid="match-recording"]')).toHaveLength(1));
    expect(text()).toContain("Broadcast s1");
    expect(text()).not.toContain("Broadcast s2");
    expect(q('[data-testid="match-highlights"]')!.textContent).toContain("Video 5");
  });

  it("no recording with a video yet shows the no-data picture, and no clips section", async () => {
    answer = routes(() => ok({ list: [session("s2", false)] }));
    await render(<MatchRecordings matchId="m1" />);
    await vi.waitFor(() => expect(q('[data-testid="no-data"]')).not.toBeNull());
    expect(q('[data-testid="match-recordings"]')).toBeNull();
    expect(q('[data-testid="match-highlights"]')).toBeNull();
  });

  it("an error shows the message and Retry, which loads again", async () => {
    let down = true;
    answer = routes(() => (down ? fail(5000, "Recordings are resting") : ok({ list: [session("s1", true)] })));
    await render(<MatchRecordings matchId="m1" />);
    await vi.waitFor(() => expect(q('[data-testid="load-error"]')).not.toBeNull());
    expect(text()).toContain("Recordings are resting");
    down = false;
    await click(q('[data-testid="load-error"] button'));
    await vi.waitFor(() => expect(all('[data-testid="match-recording"]')).toHaveLength(1));
  });

  it("refreshes every half minute: a recording that finished appears without a reload", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let list = [session("s1", true)];
    answer = routes(() => ok({ list }));
    await render(<MatchRecordings matchId="m1" />);
    await vi.waitFor(() => expect(all('[data-testid="match-recording"]')).toHaveLength(1));
    list = [session("s2", true), session("s1", true)];
    await act(async () => vi.advanceTimersByTime(30_000));
    await vi.waitFor(() => expect(all('[data-testid="match-recording"]')).toHaveLength(2));
    expect(q('[data-testid="loading"]')).toBeNull();
  });
});

describe("HomeVideos", () => {
  it("shows the most watched videos of the kind, with the way to the list", async () => {
    const kinds: string[] = [];
    answer = (_p, _b, u) => {
      kinds.push(u.searchParams.get("kind") ?? "");
      return page([video(1, "highlight"), video(2, "highlight")]);
    };
    await render(<HomeVideos kind="highlight" count={4} />);
    await vi.waitFor(() => expect(all('[data-testid="home-videos-highlight"] li')).toHaveLength(2));
    expect(q('[data-testid="home-videos-all"]')!.getAttribute("href")).toBe("/videos/videoList?kind=highlight");
    expect(kinds).toEqual(["highlight"]);
  });

  it("draws nothing while loading, on an empty answer, or when the call fails", async () => {
    answer = () => page([]);
    await render(<HomeVideos />);
    expect(text()).toBe("");
    await vi.waitFor(() => expect(q('[data-testid="home-videos"]')).toBeNull());
    answer = () => fail(5000, "resting");
    await render(<HomeVideos count={8} />);
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(text()).toBe("");
  });
});
