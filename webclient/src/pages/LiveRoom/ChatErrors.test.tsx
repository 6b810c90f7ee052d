// The chat's refusals where the viewer types (spec §8, issue 17): the room's input, fed by the real
// RealtimeBridge and connection, shows 'Content non-compliance' when the room refuses a banned word,
// 'Failed to Send' when it answers so or when the socket is lost before the answer, and locks with the
// level needed after a refusal for a level too low. Only the socket is the test's (it speaks for the
// gateway).
import { act } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { StateProvider, useAtomValue } from "../../state/hooks";
import { appStore } from "../../state/store";
import { roomAtom, roomWantsAtom } from "../../state/realtime";
import { tokenAtom } from "../../state/session";
import { RealtimeBridge } from "../../realtime/RealtimeBridge";
import { initI18n } from "../../i18n";
import { testRoot } from "../../test/root";
import { FakeSocket } from "../../test/fakeSocket";
import { ChatInput } from "./ChatInput";

const ROOM = "1001";

function Room() {
  const view = useAtomValue(roomAtom(ROOM));
  return <ChatInput room={ROOM} view={view} signedIn />;
}

const { render, q } = testRoot();
const input = () => q<HTMLInputElement>('[data-testid="chat-input"]');
const errorText = () => q('[data-testid="chat-error"]')?.textContent ?? null;

/** Types text the way React hears it (the input's value setter, then an input event). */
function type(text: string) {
  const el = input()!;
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(el, text);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** Types and sends a line; answers the chat frame the input sent. */
async function say(ws: FakeSocket, text: string) {
  type(text);
  await act(async () => q<HTMLButtonElement>('[data-testid="chat-send"]')!.click());
  const frame = ws.sent[ws.sent.length - 1] as { t: string; text: string; nonce: string };
  expect(frame).toMatchObject({ t: "chat", room: ROOM, text });
  return frame;
}

beforeAll(async () => {
  await initI18n("en_US");
});

beforeEach(() => {
  FakeSocket.last = null;
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ status: "success", result: { gateways: ["ws://gw.test:9/ws"] } }))));
  appStore.set(tokenAtom, "tok");
});

afterEach(() => {
  act(() => appStore.set(roomWantsAtom, {}));
  appStore.set(tokenAtom, "");
  vi.unstubAllGlobals();
});

/** The room on screen, connected and joined as a signed-in viewer of level 2. */
async function joined(): Promise<FakeSocket> {
  await render(
    <StateProvider>
      <RealtimeBridge />
      <Room />
    </StateProvider>,
  );
  await act(async () => appStore.set(roomWantsAtom, { [ROOM]: 1 }));
  await act(() => vi.waitFor(() => expect(FakeSocket.last).not.toBeNull()));
  const ws = FakeSocket.last!;
  act(() => {
    ws.readyState = 1;
    ws.onopen?.();
  });
  expect(ws.sent[0]).toMatchObject({ t: "auth", token: "tok" });
  ws.server({ t: "welcome", v: 1, sid: "s", user: { id: "u5", name: "Low", guest: false, level: 2, roles: [] } });
  ws.server({ t: "joined", room: ROOM, seq: 3, open: true, presence: 2, you: { mod: false, streamer: false } });
  // The signed-in input is its own chunk: let it arrive and render inside act.
  await act(async () => {
    await import("./SignedInChatInput");
    await new Promise((r) => setTimeout(r, 10));
  });
  expect(input()?.disabled).toBe(false);
  return ws;
}

describe("the chat's refusals in the room", () => {
  it("shows 'Content non-compliance' under the input, until the viewer types again", async () => {
    const ws = await joined();
    const line = await say(ws, "you BadWord");
    ws.server({ t: "error", nonce: line.nonce, room: ROOM, code: 4004, key: "chat.nonCompliant", msg: "Content non-compliance" });
    expect(errorText()).toBe("Content non-compliance");
    expect(q('[data-testid="chat-error"]')!.getAttribute("role")).toBe("alert");
    type("you good sport");
    expect(errorText()).toBeNull();
  });

  it("shows 'Failed to Send' when the room answers so, and when the socket is lost before the answer", async () => {
    const ws = await joined();
    const line = await say(ws, "first");
    ws.server({ t: "error", nonce: line.nonce, room: ROOM, code: 4000, key: "chat.failed", msg: "Failed to Send" });
    expect(errorText()).toBe("Failed to Send");

    type("second");
    expect(errorText()).toBeNull();
    await say(ws, "second");
    // The connection fails the unanswered line locally (no message from the server): the input's own text.
    act(() => {
      ws.readyState = 3;
      ws.onclose?.();
    });
    expect(errorText()).toBe("Failed to Send");
  });

  it("locks the input with the level needed after a refusal for a level too low", async () => {
    const ws = await joined();
    const line = await say(ws, "hello");
    ws.server({ t: "error", nonce: line.nonce, room: ROOM, code: 4006, key: "chat.levelTooLow", msg: "Level too low: level 6 needed", level: 6 });
    expect(input()!.disabled).toBe(true);
    expect(input()!.placeholder).toBe("Level too low: level 6 needed");
    expect(q('[data-testid="level-hint"]')!.textContent).toContain("you are level 2");
  });
});
