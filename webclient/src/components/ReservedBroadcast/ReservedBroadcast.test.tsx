import { act } from "react";
import { StateProvider } from "../../state/hooks";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { appStore } from "../../state/store";
import { tokenAtom, userInfoAtom, type UserInfo } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { ReservedBroadcast } from "./ReservedBroadcast";
import { testRoot } from "../../test/root";

const { root, host } = testRoot();
const q = (id: string) => host().querySelector<HTMLElement>(`[data-testid="${id}"]`);
const ok = (result: unknown) => new Response(JSON.stringify({ status: "success", result }), { status: 200 });
const ANN = { id: 7, roomId: "a21", anchorId: "u21", title: "Derby preview", startTime: Date.UTC(2026, 11, 1, 19), reservations: 2, reserved: false, bookable: true };

/** A server that answers the announcement and records reservations. */
function server() {
  const calls: string[] = [];
  let reserved = false;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://x");
    calls.push(`${init?.method ?? "GET"} ${url.pathname}${url.search.includes("id=") ? "?id=" + url.searchParams.get("id") : ""}`);
    if (url.pathname.endsWith("/anchor/reservation")) reserved = true;
    if (url.pathname.endsWith("/anchor/cancelReservation")) reserved = false;
    return ok(url.pathname.endsWith("/anchor/announcement") ? { announcement: { ...ANN, reserved, reservations: ANN.reservations + (reserved ? 1 : 0) } } : {});
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
}

async function render() {
  await act(async () =>
    root().render(
      <StateProvider>
        <ReservedBroadcast roomId="a21" />
      </StateProvider>,
    ),
  );
}

beforeAll(async () => {
  await initI18n("en_US");
});

beforeEach(() => {
  appStore.set(loginModalAtom, { open: false, mode: LoginMode.Password });
});

afterEach(async () => {
  appStore.set(tokenAtom, "");
  appStore.set(userInfoAtom, null);
  vi.unstubAllGlobals();
});

describe("ReservedBroadcast", () => {
  it("shows the announcement to a guest and opens the login modal on Reserve", async () => {
    const calls = server();
    await render();
    await vi.waitFor(() => expect(q("teaser-title")?.textContent).toBe("Derby preview"));
    expect(q("teaser-count")?.textContent).toBe("2 reserved");
    await act(async () => q("teaser-reserve")!.click());
    expect(appStore.get(loginModalAtom).open).toBe(true);
    expect(calls.some((c) => c.includes("/anchor/reservation"))).toBe(false);
  });

  it("reserves and cancels for a signed-in viewer", async () => {
    const calls = server();
    appStore.set(tokenAtom, "tok");
    appStore.set(userInfoAtom, { uid: "u50", username: "fan" } as UserInfo);
    await render();
    await vi.waitFor(() => expect(q("teaser-reserve")).not.toBeNull());
    await act(async () => q("teaser-reserve")!.click());
    await vi.waitFor(() => expect(q("teaser-reserved")?.textContent).toBe("Reserved"));
    expect(q("teaser-count")?.textContent).toBe("3 reserved");
    expect(calls).toContain("POST /java/anchor/reservation");
    await act(async () => q("teaser-cancel")!.click());
    await vi.waitFor(() => expect(q("teaser-reserve")).not.toBeNull());
    expect(calls).toContain("GET /java/anchor/cancelReservation?id=7");
  });

  it("shows no Reserve button to the streamer and nothing without an announcement", async () => {
    server();
    appStore.set(tokenAtom, "tok");
    appStore.set(userInfoAtom, { uid: "u21", username: "host" } as UserInfo);
    await render();
    await vi.waitFor(() => expect(q("teaser-title")).not.toBeNull());
    expect(q("teaser-reserve")).toBeNull();
    await act(async () => root().render(null)); // unmounts what is shown, as a reload would
    vi.stubGlobal("fetch", vi.fn(async () => ok({ announcement: null })));
    await render();
    await new Promise((r) => setTimeout(r, 20));
    expect(q("reserved-broadcast")).toBeNull();
  });
});
