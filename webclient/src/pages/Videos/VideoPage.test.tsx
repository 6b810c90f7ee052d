// /videos/:id on the data layer: loading, then the video; a video the server does not know shows the
// not-found page; another failure the error with Retry; an id that cannot be a video asks nothing.
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { adminScreen, fail, ok, type Answer } from "../../test/adminScreen";
import VideoPage from "./VideoPage";

let answer: Answer;
const { q, render, click, text, calls } = adminScreen({ answer: (p, b, u) => answer(p, b, u) });

const video = (id: number) => ({
  id, kind: "highlight", game: "lol", title: `Video ${id}`, poster: "", durationSec: 60, views: 3, createdAt: 0, state: "ready",
});
/** The detail answer, or an empty list for what the page's parts load beside it (comments). */
const detail = (res: () => Response | Promise<Response>): Answer => (path) =>
  path.endsWith("/videos/detail/7") ? res() : ok({ list: [], total: 0, pageIndex: 1, pageSize: 20 });

describe("VideoPage", () => {
  it("shows loading, then the video with its related videos", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    answer = detail(async () => {
      await held;
      return ok({ video: video(7), related: [video(8)] });
    });
    await render(<VideoPage id="7" />);
    expect(q('[data-testid="loading"]')).not.toBeNull();
    await act(async () => release());
    await vi.waitFor(() => expect(q('[data-testid="video-page"]')?.getAttribute("data-video")).toBe("7"));
    expect(q("h1")!.textContent).toBe("Video 7");
    expect(text()).toContain("Video 8");
  });

  it("a video the server does not know shows the not-found page", async () => {
    answer = detail(() => new Response("", { status: 404 }));
    await render(<VideoPage id="7" />);
    await vi.waitFor(() => expect(text()).toContain("404"));
    expect(q('[data-testid="load-error"]')).toBeNull();
    expect(q('[data-testid="video-page"]')).toBeNull();
  });

  it("another failure shows the error and Retry, which loads again", async () => {
    let down = true;
    answer = detail(() => (down ? fail(5000, "The videos are resting") : ok({ video: video(7), related: [] })));
    await render(<VideoPage id="7" />);
    await vi.waitFor(() => expect(q('[data-testid="load-error"]')).not.toBeNull());
    expect(text()).toContain("The videos are resting");
    down = false;
    await click(q('[data-testid="load-error"] button'));
    await vi.waitFor(() => expect(q('[data-testid="video-page"]')).not.toBeNull());
  });

  it("an id that cannot be a video shows the not-found page without asking", async () => {
    answer = () => ok({});
    await render(<VideoPage id="abc" />);
    expect(text()).toContain("404");
    expect(calls.filter((c) => c.path.includes("/videos/detail"))).toHaveLength(0);
  });
});
