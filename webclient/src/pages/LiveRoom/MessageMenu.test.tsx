import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { StateProvider } from "../../state/hooks";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { appStore } from "../../state/store";
import { EMPTY_ROOM, realtimeCommandsAtom } from "../../state/realtime";
import type { CommandInput, CommandResult } from "../../realtime/connection";
import type { RoomEvent } from "../../realtime/protocol";
import { MessageMenu } from "./MessageMenu";
import { roomPowers } from "./LiveRoom";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const q = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const EV: RoomEvent = { seq: 7, k: "chat", ts: 1, id: "1001-7", uid: "g-9c1e", name: "Guest9C1E", text: "buy now" };

function commands(answer: (c: CommandInput) => CommandResult): CommandInput[] {
  const sent: CommandInput[] = [];
  appStore.set(realtimeCommandsAtom, {
    sendChat: () => true,
    reconnect: () => {},
    clearSendError: () => {},
    command: async (cmd) => {
      sent.push(cmd);
      return answer(cmd);
    },
  });
  return sent;
}

async function render(canModerate: boolean, onClose = vi.fn()) {
  await act(async () =>
    root.render(
      <StateProvider>
        <MessageMenu room="1001" ev={EV} canModerate={canModerate} signedIn onClose={onClose} />
      </StateProvider>,
    ),
  );
  return onClose;
}

beforeAll(async () => {
  await initI18n("en_US");
});
beforeEach(() => {
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  appStore.set(realtimeCommandsAtom, null);
});

describe("MessageMenu", () => {
  it("takes focus when it opens, closes on Escape without reaching the window, and gives focus back", async () => {
    commands(() => ({ ok: true }));
    const opener = document.createElement("button");
    document.body.appendChild(opener);
    opener.focus();
    const onWindow = vi.fn();
    window.addEventListener("keydown", onWindow);
    const onClose = await render(true);
    expect(document.activeElement).toBe(q("menu-report"));
    await act(async () => q("msg-menu")!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true })));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onWindow).not.toHaveBeenCalled();
    await act(async () => root.render(<></>));
    expect(document.activeElement).toBe(opener);
    window.removeEventListener("keydown", onWindow);
    opener.remove();
  });

  it("offers only Report to a signed-in viewer, with the six reasons of spec §6", async () => {
    const sent = commands(() => ({ ok: true, seq: 8 }));
    const onClose = await render(false);
    expect(q("menu-mute")).toBeNull();
    expect(q("menu-delete")).toBeNull();
    await act(async () => q("menu-report")!.click());
    const reasons = [...container.querySelectorAll('[data-testid^="report-"]')].map((b) => b.textContent);
    expect(reasons).toEqual(["Inappropriate speech", "Personal attack", "Nickname violation", "Advertising", "Avatar violation", "Malicious spamming"]);
    await act(async () => q("report-ads")!.click());
    expect(sent).toEqual([{ t: "report", room: "1001", msg: "1001-7", reason: "ads" }]);
    expect(onClose).toHaveBeenCalled();
  });

  it("mutes with the chosen duration and shows a refusal's message in the menu", async () => {
    const sent = commands(() => ({ ok: false, code: 4011, key: "mod.forbidden", msg: "Access Denied" }));
    const onClose = await render(true);
    await act(async () => q("menu-mute")!.click());
    expect([...container.querySelectorAll('[data-testid^="mute-"]')].map((b) => b.textContent)).toEqual(["10 minutes", "1 hour", "1 day", "7 days"]);
    await act(async () => q("mute-86400")!.click());
    expect(sent).toEqual([{ t: "mod", room: "1001", op: "mute", uid: "g-9c1e", secs: 86400 }]);
    expect(q("menu-error")?.textContent).toBe("Access Denied");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("deletes by message id", async () => {
    const sent = commands(() => ({ ok: true, seq: 9 }));
    const onClose = await render(true);
    await act(async () => q("menu-delete")!.click());
    expect(sent).toEqual([{ t: "mod", room: "1001", op: "delete", msg: "1001-7" }]);
    expect(onClose).toHaveBeenCalled();
  });
});

describe("roomPowers", () => {
  const user = (roles: string[] = [], guest = false) => ({ guest, roles });
  it("gives moderation to administrators and to users the room knows as moderators", () => {
    expect(roomPowers(EMPTY_ROOM, user(["admin"]), true)).toEqual({ signedIn: true, canModerate: true, canOpenClose: true });
    expect(roomPowers({ ...EMPTY_ROOM, you: { mod: true, streamer: false } }, user(), true)).toEqual({ signedIn: true, canModerate: true, canOpenClose: false });
    expect(roomPowers(EMPTY_ROOM, user(), true)).toEqual({ signedIn: true, canModerate: false, canOpenClose: false });
  });
  it("gives a guest nothing, whatever the room says", () => {
    expect(roomPowers({ ...EMPTY_ROOM, you: { mod: true, streamer: true } }, user(["admin"], true), false)).toEqual({ signedIn: false, canModerate: false, canOpenClose: false });
  });
});
