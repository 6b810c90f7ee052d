import { act } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import type { ChatLine } from "../../realtime/roomLog";
import { GiftOverlay, SCENE_MS, STILL_MS } from "./GiftOverlay";
import type { GiftInfo } from "./giftFx";
import { testRoot } from "../../test/root";

const { root, host } = testRoot();
const q = (id: string) => host().querySelector<HTMLElement>(`[data-testid="${id}"]`);
const all = (id: string) => [...host().querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];

const CATALOGUE: ReadonlyMap<string, GiftInfo> = new Map([
  ["3", { id: "3", name: "Whistle", icon: "gift/whistle.svg", currency: "gold", price: 5 }],
  ["8", { id: "8", name: "Golden Boot", icon: "gift/boot.svg", currency: "gold", price: 520 }],
  ["11", { id: "11", name: "Sports Car", icon: "gift/car.svg", currency: "score", price: 200 }],
]);
const gift = (seq: number, ts: number, g: string, uid = "u1"): ChatLine => ({
  kind: "event",
  seq,
  ev: { seq, k: "gift", ts, uid, name: uid === "u1" ? "Mia" : "Leo", gift: g, count: 1, text: CATALOGUE.get(g)!.name },
});

async function show(lines: ChatLine[], joined = true) {
  await act(async () => root().render(<GiftOverlay lines={lines} joined={joined} catalogue={CATALOGUE} />));
  // the lazy scene module
  await act(async () => {
    await vi.dynamicImportSettled();
  });
}

beforeAll(async () => {
  await initI18n("en_US");
});

afterEach(async () => {
  vi.useRealTimers();
});

describe("GiftOverlay", () => {
  it("does not replay the history a join brings", async () => {
    const history = [gift(1, 1000, "8")];
    await show(history, false);
    await show(history, true);
    expect(q("gift-fx")).toBeNull();
  });

  it("plays big gifts one after another; Skip and the end of a scene play the next", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const base = [gift(1, 1000, "3", "u9")];
    await show(base);
    await show([...base, gift(2, 2000, "8"), gift(3, 2100, "11", "u2")]);
    await vi.waitFor(() => expect(q("gift-scene")?.dataset.gift).toBe("8"));
    expect(q("gift-scene")?.dataset.scene).toBe("kick");
    expect(q("gift-overlay")?.dataset.waiting).toBe("1");
    expect(q("gift-fx-skip")?.textContent).toBe("Skip · 1 more");

    await act(async () => q("gift-fx-skip")!.click());
    await vi.waitFor(() => expect(q("gift-scene")?.dataset.gift).toBe("11"));
    expect(q("gift-scene")?.dataset.scene).toBe("drive");

    await act(async () => vi.advanceTimersByTime(SCENE_MS + 10));
    expect(q("gift-fx")).toBeNull();
  });

  it("shows a still card, for a shorter time, when the system asks for reduced motion", async () => {
    vi.stubGlobal("matchMedia", (q: string) => ({ matches: q.includes("reduce"), media: q, addEventListener() {}, removeEventListener() {} }));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const base = [gift(1, 1000, "3", "u9")];
    await show(base);
    await show([...base, gift(2, 2000, "11")]);
    await vi.waitFor(() => expect(q("gift-scene")).not.toBeNull());
    expect(q("gift-scene")!.dataset.still).toBe("true");
    expect(q("gift-scene-confetti")).toBeNull();
    await act(async () => vi.advanceTimersByTime(STILL_MS + 10));
    expect(q("gift-fx")).toBeNull();
    vi.unstubAllGlobals();
  });

  it("counts a repeated big gift up on the playing scene and small ones on one banner", async () => {
    const base = [gift(1, 1000, "3", "u9")];
    await show(base);
    const l = [...base, gift(2, 2000, "8"), gift(3, 2500, "3"), gift(4, 3000, "8"), gift(5, 3200, "3"), gift(6, 3300, "3")];
    await show(l.slice(0, 3));
    await show(l);
    await vi.waitFor(() => expect(q("gift-scene-combo")?.textContent).toBe("combo ×2"));
    expect(q("gift-overlay")?.dataset.waiting).toBe("0");
    // Leo's whistle and Mia's three whistles on one banner
    expect(all("gift-banner").map((b) => b.dataset.combo)).toEqual(["1", "3"]);
    expect(q("gift-banner-combo")?.textContent).toBe("×3");
  });
});
