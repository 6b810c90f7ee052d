// /videos/videoList on the data layer: loading, then the first page; an error with Retry; the
// no-data picture on an empty list; "More" appends the next page (a row that moved is shown once)
// and a failed "More" keeps the pages read and tries again; a kind chip asks for that kind.
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { adminScreen, fail, ok, type Answer } from "../../test/adminScreen";
import VideoList from "./VideoList";

let answer: Answer;
const { q, all, render, click, text, calls } = adminScreen({ answer: (p, b, u) => answer(p, b, u) });

const video = (id: number) => ({
  id, kind: "highlight", game: "lol", title: `Video ${id}`, poster: "", durationSec: 60, views: 3, createdAt: 0, state: "ready",
});
const page = (ids: number[], total: number) => ok({ list: ids.map(video), total, pageIndex: 1, pageSize: 24 });
const shown = () => all('[data-testid="video-grid"] li').length;

describe("VideoList", () => {
  it("shows loading, then the first page; More appends the next, a moved row once", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    answer = async (_p, _b, u) => {
      if (u.searchParams.get("pageIndex") === "1") {
        await held;
        return page([1, 2], 3);
      }
      return page([2, 3], 3);
    };
    await render(<VideoList />);
    expect(q('[data-testid="loading"]')).not.toBeNull();
    await act(async () => release());
    await vi.waitFor(() => expect(shown()).toBe(2));
    expect(q('[data-testid="loading"]')).toBeNull();
    await click(q('[data-testid="videos-more"]'));
    await vi.waitFor(() => expect(shown()).toBe(3));
    expect(text()).toContain("Video 3");
    expect(q('[data-testid="videos-more"]')).toBeNull();
  });

  it("an error shows the message and Retry, which loads again", async () => {
    let down = true;
    answer = () => (down ? fail(5000, "The videos are resting") : page([1], 1));
    await render(<VideoList />);
    await vi.waitFor(() => expect(q('[data-testid="load-error"]')).not.toBeNull());
    expect(text()).toContain("The videos are resting");
    down = false;
    await click(q('[data-testid="load-error"] button'));
    await vi.waitFor(() => expect(shown()).toBe(1));
    expect(q('[data-testid="load-error"]')).toBeNull();
  });

  it("an empty list shows the no-data picture", async () => {
    answer = () => page([], 0);
    await render(<VideoList />);
    await vi.waitFor(() => expect(q('[data-testid="no-data"]')).not.toBeNull());
    expect(q('[data-testid="video-grid"]')).toBeNull();
  });

  it("a failed More keeps the pages read; More again loads the page and clears the error", async () => {
    let downMore = true;
    answer = (_p, _b, u) => (u.searchParams.get("pageIndex") === "1" ? page([1, 2], 4) : downMore ? fail(5000, "Try later") : page([3, 4], 4));
    await render(<VideoList />);
    await vi.waitFor(() => expect(shown()).toBe(2));
    await click(q('[data-testid="videos-more"]'));
    await vi.waitFor(() => expect(q('[data-testid="more-error"]')?.textContent).toBe("Try later"));
    expect(shown()).toBe(2);
    downMore = false;
    await click(q('[data-testid="videos-more"]'));
    await vi.waitFor(() => expect(shown()).toBe(4));
    expect(q('[data-testid="more-error"]')).toBeNull();
  });

  it("a kind chip asks the server for that kind, from page 1", async () => {
    answer = (_p, _b, u) => page(u.searchParams.get("kind") === "replay" ? [9] : [1, 2], u.searchParams.get("kind") === "replay" ? 1 : 2);
    await render(<VideoList />);
    await vi.waitFor(() => expect(shown()).toBe(2));
    await click(q('[data-testid="kind-replay"]'));
    await vi.waitFor(() => expect(shown()).toBe(1));
    expect(text()).toContain("Video 9");
    const last = calls[calls.length - 1]!;
    expect(new URLSearchParams(last.query).get("kind")).toBe("replay");
    expect(new URLSearchParams(last.query).get("pageIndex")).toBe("1");
  });
});
