import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { StateProvider } from "../../state/hooks";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { appStore } from "../../state/store";
import { EMPTY_ROOM, connStatusAtom, type RoomView } from "../../state/realtime";
import SignedInChatInput from "./SignedInChatInput";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const input = () => container.querySelector<HTMLInputElement>('[data-testid="chat-input"]')!;
const NOW = Date.UTC(2026, 10, 29, 20, 0, 0);

async function render(view: RoomView) {
  await act(async () =>
    root.render(
      <StateProvider>
        <SignedInChatInput room="1001" view={view} />
      </StateProvider>,
    ),
  );
}

beforeAll(async () => {
  await initI18n("en_US");
});
beforeEach(() => {
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  appStore.set(connStatusAtom, { state: "connected", attempt: 0 });
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe("ChatInput of a muted viewer", () => {
  it("is disabled, counts the time left down and unlocks when the mute ends", async () => {
    await render({ ...EMPTY_ROOM, joined: true, you: { mod: false, streamer: false, mutedUntil: NOW + 2_000 } });
    expect(input().disabled).toBe(true);
    expect(input().placeholder).toBe("You are muted · 0:02 left");
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(input().placeholder).toBe("You are muted · 0:01 left");
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(input().disabled).toBe(false);
    expect(input().placeholder).toBe("Say something…");
  });

  it("is an ordinary input when the mute is over or lifted", async () => {
    await render({ ...EMPTY_ROOM, joined: true, you: { mod: false, streamer: false, mutedUntil: 0 } });
    expect(input().disabled).toBe(false);
    expect(container.querySelector('[data-testid="muted-hint"]')).toBeNull();
  });
});
