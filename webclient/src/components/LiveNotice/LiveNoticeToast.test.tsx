// The go-live toast: a `live` notice of the message centre shows the streamer and a Watch link to
// the room; other kinds of notice, and the room's own page, show nothing.
import { act } from "react";
import { StateProvider } from "../../state/hooks";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { appStore } from "../../state/store";
import { lastNoticeAtom } from "../../state/userarea";
import { LiveNoticeToast, roomOfLink } from "./LiveNoticeToast";
import { testRoot } from "../../test/root";

const ok = (result: unknown) => new Response(JSON.stringify({ status: "success", result }), { status: 200 });
const { root, host } = testRoot();

beforeAll(async () => {
  await initI18n("en_US");
});

beforeEach(() => {
  vi.stubGlobal("fetch", () =>
    Promise.resolve(ok({ roomId: "1001", title: "Lakers vs Celtics: watch-along", name: "HoopsHannah", avatar: "", live: true })),
  );
  appStore.set(lastNoticeAtom, null);
});

afterEach(async () => {
  vi.unstubAllGlobals();
});

async function render(path: string) {
  const router = createMemoryRouter([{ path: "*", element: <LiveNoticeToast /> }], { initialEntries: [path] });
  await act(async () =>
    root().render(
      <StateProvider>
        <RouterProvider router={router} />
      </StateProvider>,
    ),
  );
}
const settle = () => act(async () => new Promise((r) => setTimeout(r, 20)));
const toast = () => host().querySelector('[data-testid="live-notice"]');

describe("live notice toast", () => {
  it("reads the room of a notice's link", () => {
    expect(roomOfLink("/live/1001")).toBe("1001");
    expect(roomOfLink("/live/a%2021")).toBe("a 21");
    expect(roomOfLink("/soccer/m1")).toBeNull();
  });

  it("shows who went live with a Watch link to the room", async () => {
    await render("/live");
    await act(async () => appStore.set(lastNoticeAtom, { kind: "live", link: "/live/1001", at: Date.now() }));
    await settle();
    expect(toast()?.textContent).toContain("HoopsHannah is live now");
    expect(toast()?.textContent).toContain("Lakers vs Celtics: watch-along");
    expect(host().querySelector('[data-testid="live-notice-watch"]')?.getAttribute("href")).toBe("/live/1001");
  });

  it("ignores other notices and stays off the room's own page", async () => {
    await render("/live/1001");
    await act(async () => appStore.set(lastNoticeAtom, { kind: "order", link: "/userInfo/myOrder", at: Date.now() }));
    await settle();
    expect(toast()).toBeNull();
    await act(async () => appStore.set(lastNoticeAtom, { kind: "live", link: "/live/1001", at: Date.now() }));
    await settle();
    expect(toast()).toBeNull();
  });
});
