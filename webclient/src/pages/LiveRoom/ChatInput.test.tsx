import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { StateProvider } from "../../state/hooks";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { appStore } from "../../state/store";
import { EMPTY_ROOM, connStatusAtom, wsUserAtom, type RoomView } from "../../state/realtime";
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
  appStore.set(wsUserAtom, { id: "u5", name: "Low", guest: false, level: 2, roles: [] });
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

describe("ChatInput in a room with a minimum level", () => {
  const room = (minLevel: number, you = { mod: false, streamer: false, mutedUntil: 0 }): RoomView => ({ ...EMPTY_ROOM, joined: true, minLevel, you });
  const hint = () => container.querySelector('[data-testid="level-hint"]');

  it("is disabled and says which level is needed when ours is lower", async () => {
    await render(room(6));
    expect(input().disabled).toBe(true);
    expect(input().placeholder).toBe("Level too low: level 6 needed");
    expect(hint()?.textContent).toBe("Chat in this room opens at level 6; you are level 2. Watching, gifts and following stay open.");
    expect(container.querySelector<HTMLButtonElement>('[data-testid="chat-send"]')!.disabled).toBe(true);
  });

  it("is open at the level needed, to the room's moderators and streamer, and to administrators", async () => {
    appStore.set(wsUserAtom, { id: "u5", name: "Six", guest: false, level: 6, roles: [] });
    await render(room(6));
    expect(input().disabled).toBe(false);
    expect(hint()).toBeNull();
    act(() => appStore.set(wsUserAtom, { id: "u5", name: "Low", guest: false, level: 2, roles: [] }));
    await render(room(6, { mod: true, streamer: false, mutedUntil: 0 }));
    expect(input().disabled).toBe(false);
    await render(room(6, { mod: true, streamer: true, mutedUntil: 0 }));
    expect(input().disabled).toBe(false);
    act(() => appStore.set(wsUserAtom, { id: "u1", name: "Staff", guest: false, level: 0, roles: ["admin"] }));
    await render(room(6));
    expect(input().disabled).toBe(false);
  });

  it("says it in the reader's language", async () => {
    await act(async () => initI18n("de"));
    try {
      await render(room(6));
      expect(input().placeholder).toBe("Stufe zu niedrig: Stufe 6 erforderlich");
    } finally {
      await act(async () => initI18n("en_US"));
    }
  });

  it("shows a muted viewer's time left before the level", async () => {
    await render(room(6, { mod: false, streamer: false, mutedUntil: NOW + 5_000 }));
    expect(input().placeholder).toBe("You are muted · 0:05 left");
  });
});
