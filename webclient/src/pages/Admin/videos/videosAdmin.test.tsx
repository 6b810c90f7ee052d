// The videos' staff screen against a stubbed network: loading, a failed load with Retry and the
// no-data picture; the list follows a transcoding video's progress (polling without blinking) and
// stops asking once nothing is in progress; hiding a video asks for the list again.
import { act } from "react";
import { describe, expect, it } from "vitest";
import { adminScreen, fail, ok } from "../../../test/adminScreen";
import { VideosAdmin } from ".";
import type { StaffVideo } from "../../../api/videos";

let answer: (path: string, body?: Record<string, unknown>) => Response | Promise<Response>;
const { calls, q, all, until, click, render } = adminScreen({ answer: (path, body) => answer(path, body), token: "tok" });

const video = (v: Partial<StaffVideo>): StaffVideo => ({
  id: 1, kind: "highlight", title: "Late winner", gameId: 202, game: "soccer", state: "ready", durationSec: 95, renditions: ["720p"],
  views: 0, createdAt: 1, progress: 100, ...v,
});
const listed = (list: StaffVideo[], transcoder = true) => ok({ list, total: list.length, pageIndex: 1, pageSize: 20, transcoder });
const listCalls = () => calls.filter((c) => c.path === "/java/admin/videos").length;

describe("VideosAdmin", () => {
  it("shows loading, a failed load with Retry, then the no-data picture", async () => {
    let letGo = () => undefined as void;
    answer = () => new Promise<Response>((resolve) => (letGo = () => resolve(fail(1004, "Videos unavailable"))));
    await render(<VideosAdmin />);
    expect(q('[data-testid="loading"]')).not.toBeNull();
    expect(q('[data-testid="video-upload-form"]')).not.toBeNull(); // the form does not wait for the list
    await act(async () => letGo());
    await until(() => q('[data-testid="load-error"]')?.textContent?.includes("Videos unavailable") === true);
    answer = () => listed([], false);
    await click(q('[data-testid="load-error"] button'));
    await until(() => q('[data-testid="no-data"]') !== null);
    expect(q('[data-testid="no-data"]')!.textContent).toContain("No videos yet");
    expect(q<HTMLButtonElement>('[data-testid="upload-submit"]')!.disabled).toBe(true); // no transcoder
  }, 60_000);

  it("follows a transcoding video until it is ready, then stops polling", async () => {
    const steps = [video({ state: "processing", jobState: "running", progress: 40 }), video({ state: "processing", jobState: "running", progress: 80 }), video({})];
    let step = 0;
    answer = () => listed([steps[Math.min(step++, steps.length - 1)]!]);
    await render(<VideosAdmin />);
    await until(() => q('[data-testid="video-progress"]')?.getAttribute("data-progress") === "40");
    await until(() => q('[data-testid="video-progress"]')?.getAttribute("data-progress") === "80");
    expect(q('[data-testid="loading"]')).toBeNull(); // a poll keeps the list on screen
    await until(() => q('[data-testid="video-state"]')?.getAttribute("data-state") === "ready");
    const asked = listCalls();
    await act(() => new Promise((r) => setTimeout(r, 2000)));
    expect(listCalls()).toBe(asked);
  }, 60_000);

  it("hides a ready video and shows the list as the server then has it", async () => {
    let state: StaffVideo["state"] = "ready";
    answer = (path, body) => {
      if (path === "/java/admin/videos") return listed([video({ state })]);
      if (path === "/java/admin/videos/1/state") {
        state = body?.state as StaffVideo["state"];
        return ok(video({ state }));
      }
      return fail(1004, "not found");
    };
    await render(<VideosAdmin />);
    await until(() => all('[data-testid="admin-video"]').length === 1);
    await click(q('[data-testid="admin-hide"]'));
    await until(() => q('[data-testid="video-state"]')?.getAttribute("data-state") === "hidden");
    expect(calls.find((c) => c.path === "/java/admin/videos/1/state")?.body).toEqual({ state: "hidden" });
    expect(q('[data-testid="admin-show"]')).not.toBeNull();
    expect(listCalls()).toBe(2);
  }, 60_000);
});
