import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { initI18n } from "../../i18n";
import type { RoomEvent } from "../../realtime/protocol";
import { ChatBadges } from "./ChatBadges";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
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
});

const line = (over: Partial<RoomEvent>): RoomEvent => ({ seq: 1, k: "chat", ts: 0, uid: "u1", name: "Ana", text: "hi", ...over });
const badges = async (ev: RoomEvent) => {
  await act(async () => root.render(<ChatBadges ev={ev} />));
  return Array.from(container.querySelectorAll<HTMLElement>('[data-testid="chat-badge"]')).map((b) => `${b.dataset.badge}:${b.textContent}`);
};

describe("chat line badges", () => {
  it("shows the sender's standing in the room, then the membership", async () => {
    expect(await badges(line({ role: "streamer" }))).toEqual(["streamer:Streamer"]);
    expect(await badges(line({ role: "mod", tier: 2 }))).toEqual(["mod:Mod", "svip:SVIP"]);
    expect(await badges(line({ role: "staff" }))).toEqual(["staff:Staff"]);
    expect(await badges(line({ tier: 1 }))).toEqual(["vip:VIP"]);
  });

  it("shows none for an ordinary viewer", async () => {
    expect(await badges(line({}))).toEqual([]);
  });
});
