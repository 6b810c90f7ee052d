import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import type { Chatter } from "../../api/chatroom";
import type { RoomEvent } from "../../realtime/protocol";
import { EMPTY_ROOM } from "../../state/realtime";
import { formatLeft, selfStanding } from "../../realtime/selfMute";
import { ChatterCard } from "./ChatterCard";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const q = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const ok = (result: unknown) => new Response(JSON.stringify({ status: "success", result }), { status: 200 });
const EV: RoomEvent = { seq: 9, k: "chat", ts: 1, id: "1001-9", uid: "u42", name: "loudfan", lvl: 7, text: "ref you are blind" };
const NOW = Date.UTC(2026, 10, 29, 20, 0, 0);

const viewerCard: Chatter = { name: "loudfan", level: 7, badges: ["vip"], self: false, you: { moderate: false, mute: false, appoint: false }, now: NOW };
const modCard = (mutedUntil: number): Chatter => ({
  ...viewerCard,
  you: { moderate: true, mute: true, appoint: true },
  moderation: { mutedUntil, platformUntil: 0, mutes: 2, reports: 3 },
});

/** Serves the card calls; records the operations and deletes. */
function serve(cards: Chatter[]) {
  const sent: { path: string; body?: unknown; query: Record<string, string> }[] = [];
  let n = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const u = new URL(input, "http://t");
      const query = Object.fromEntries(u.searchParams);
      if (u.pathname === "/java/chatroom/userInfo") return ok(cards[Math.min(n++, cards.length - 1)]);
      if (u.pathname === "/java/user/hasFollowUser") return ok({ following: false });
      sent.push({ path: u.pathname, query, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (u.pathname === "/java/chatroom/operate") return ok({ op: "mute", seq: 12, until: NOW + 600_000 });
      if (u.pathname === "/java/chatroom/delete") return ok({ msgId: query.msgId, seq: 13 });
      return new Response("{}", { status: 404 });
    }),
  );
  return sent;
}

async function render(onClose = vi.fn(), onReport = vi.fn()) {
  await act(async () => root.render(<ChatterCard room="1001" ev={EV} onClose={onClose} onReport={onReport} />));
  await vi.waitFor(() => expect(q("card-level")).not.toBeNull());
  return { onClose, onReport };
}

beforeAll(async () => {
  await initI18n("en_US");
});
beforeEach(() => {
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("ChatterCard", () => {
  it("shows a viewer the plain card: name, level, badges, follow and report, no moderation and no id", async () => {
    serve([viewerCard]);
    const { onReport } = await render();
    expect(q("card-name")!.textContent).toBe("loudfan");
    expect(q("card-level")!.textContent).toBe("Level 7");
    expect(q("card-badge-vip")!.textContent).toBe("VIP");
    expect(q("card-record")).toBeNull();
    expect(q("card-mute-actions")).toBeNull();
    expect(q("card-delete")).toBeNull();
    expect(q("card-make-mod")).toBeNull();
    await vi.waitFor(() => expect(q("card-follow")!.textContent).toBe("Follow"));
    expect(container.textContent).not.toContain("u42");
    await act(async () => q("card-report")!.click());
    expect(onReport).toHaveBeenCalledWith(EV);
  });

  it("gives a moderator the record and the mute, unmute and delete actions through the REST calls", async () => {
    const sent = serve([modCard(0), modCard(NOW + 600_000)]);
    const { onClose } = await render();
    expect(q("card-mute-state")!.textContent).toBe("Not muted");
    expect(q("card-mutes")!.textContent).toBe("2");
    expect(q("card-reports")!.textContent).toBe("3");
    await act(async () => q("card-mute-600")!.click());
    await vi.waitFor(() => expect(q("card-mute-state")!.textContent).toBe("Muted here · 10:00 left"));
    expect(sent[0]).toMatchObject({ path: "/java/chatroom/operate", body: { roomId: "1001", uid: "u42", op: "mute", secs: 600 } });
    expect(q("card-unmute")).not.toBeNull();
    await act(async () => q("card-delete")!.click());
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[1]).toMatchObject({ path: "/java/chatroom/delete", query: { roomId: "1001", msgId: "1001-9" } });
  });

  it("asks the streamer to type the member id before making a moderator", async () => {
    const sent = serve([modCard(0)]);
    await render();
    await act(async () => q("card-make-mod")!.click());
    expect((q("card-confirm") as HTMLButtonElement).disabled).toBe(true);
    const input = q("card-confirm-input") as HTMLInputElement;
    await act(async () => {
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
      set.call(input, "u42");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await act(async () => q("card-confirm")!.click());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ op: "addMod", uid: "u42", confirm: "u42" });
  });
});

describe("our own mute", () => {
  it("follows mute and unmute events that name us, and formats the time left", () => {
    const muted = selfStanding(EMPTY_ROOM, [{ seq: 3, k: "mute", ts: 1, uid: "u7", until: NOW + 3_600_000 }], "u7");
    expect(muted.you.mutedUntil).toBe(NOW + 3_600_000);
    expect(selfStanding(EMPTY_ROOM, [{ seq: 3, k: "mute", ts: 1, uid: "u8", until: NOW + 1 }], "u7")).toBe(EMPTY_ROOM);
    expect(selfStanding(muted, [{ seq: 4, k: "unmute", ts: 2, uid: "u7" }], "u7").you.mutedUntil).toBe(0);
    expect(formatLeft(600_000)).toBe("10:00");
    expect(formatLeft(86_400_000)).toBe("24:00:00");
    expect(formatLeft(59_001)).toBe("1:00");
  });

  it("gives a viewer made moderator the tools at once and takes them back with unmod, but never the streamer's", () => {
    const made = selfStanding(EMPTY_ROOM, [{ seq: 5, k: "mod", ts: 1, uid: "u7" }], "u7");
    expect(made.you.mod).toBe(true);
    expect(selfStanding(EMPTY_ROOM, [{ seq: 5, k: "mod", ts: 1, uid: "u8" }], "u7").you.mod).toBe(false);
    expect(selfStanding(made, [{ seq: 6, k: "unmod", ts: 2, uid: "u7" }], "u7").you.mod).toBe(false);
    const streamer = { ...EMPTY_ROOM, you: { mod: true, streamer: true, mutedUntil: 0 } };
    expect(selfStanding(streamer, [{ seq: 6, k: "unmod", ts: 2, uid: "u7" }], "u7").you.mod).toBe(true);
  });
});
