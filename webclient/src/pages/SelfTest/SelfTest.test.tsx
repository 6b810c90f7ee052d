// /test against a stubbed network: the room the video check plays is read through src/data, and
// with no live room (or no answer) the check says so instead of waiting for a picture.
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { StateProvider } from "../../state/hooks";
import { initI18n } from "../../i18n";
import { testRoot } from "../../test/root";
import SelfTest from "./SelfTest";

let rooms: () => Response;
const asked: string[] = [];

beforeAll(async () => {
  await initI18n("en_US");
});
afterEach(() => {
  asked.length = 0;
  vi.unstubAllGlobals();
});

function stubServer() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const u = new URL(input, "http://t");
      asked.push(u.pathname);
      if (u.pathname.endsWith("/live/rooms")) return rooms();
      return new Response(JSON.stringify({ status: "success", result: { gateways: [] } }), { status: 200, headers: { Date: new Date().toUTCString() } });
    }),
  );
  // The socket check never connects here; it is not what this test reads.
  vi.stubGlobal("WebSocket", class { close() {} addEventListener() {} });
}

const root = testRoot();
const show = () =>
  root.render(
    <StateProvider>
      <MemoryRouter initialEntries={["/test"]}>
        <SelfTest />
      </MemoryRouter>
    </StateProvider>,
  );
const video = () => root.q('[data-testid="selftest-video"]');
const until = (cond: () => boolean) => vi.waitFor(() => expect(cond()).toBe(true), { timeout: 3000 });

describe("the self-test's video check", () => {
  it("says no room is live when none is", async () => {
    rooms = () => new Response(JSON.stringify({ status: "success", result: { list: [{ roomId: "r1", live: false, viewers: 9, title: "Off air" }] } }));
    stubServer();
    await show();
    await until(() => video()?.getAttribute("data-verdict") === "warn");
    expect(video()?.textContent).toContain("no room is live right now to test with");
    expect(asked.filter((p) => p.endsWith("/live/rooms"))).toHaveLength(1);
  });

  it("says the same when the room list cannot be read", async () => {
    rooms = () => new Response(JSON.stringify({ status: "fail", errorMsg: "down" }), { status: 500 });
    stubServer();
    await show();
    await until(() => video()?.getAttribute("data-verdict") === "warn");
  });
});
