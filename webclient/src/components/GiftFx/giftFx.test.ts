import { describe, expect, it } from "vitest";
import type { ChatLine } from "../../realtime/roomLog";
import type { RoomEvent } from "../../realtime/protocol";
import { advance, COMBO_WINDOW_MS, EMPTY_QUEUE, enqueue, foldGiftCombos, freshGifts, fxItem, iconUrl, isBigGift, MAX_WAITING, sceneOf } from "./giftFx";

const gift = (seq: number, ts: number, uid = "u1", g = "7", count = 1): ChatLine => ({
  kind: "event",
  seq,
  ev: { seq, k: "gift", ts, uid, name: uid === "u1" ? "Mia" : "Leo", gift: g, count, text: g === "7" ? "Jersey" : "Trophy" },
});
const chat = (seq: number, ts: number): ChatLine => ({ kind: "event", seq, ev: { seq, k: "chat", ts, uid: "u3", text: "hi" } });
const ev = (l: ChatLine) => (l as { ev: RoomEvent }).ev;

describe("foldGiftCombos", () => {
  it("counts repeats of one gift by one sender on one line that moves to the newest place", () => {
    const { lines, combos } = foldGiftCombos([gift(1, 1000), chat(2, 1500), gift(3, 2000), gift(4, 3500)]);
    expect(lines.map((l) => l.seq)).toEqual([2, 4]);
    expect(combos.get(4)).toEqual({ n: 3, total: 3 });
    expect(combos.size).toBe(1);
  });

  it("adds up quantities and measures the window from the previous send", () => {
    const w = COMBO_WINDOW_MS;
    const { lines, combos } = foldGiftCombos([gift(1, 0, "u1", "7", 10), gift(2, w, "u1", "7", 10), gift(3, 2 * w, "u1", "7", 66)]);
    expect(lines.map((l) => l.seq)).toEqual([3]);
    expect(combos.get(3)).toEqual({ n: 3, total: 86 });
  });

  it("starts a new line after the window, for another gift and for another sender", () => {
    const { lines, combos } = foldGiftCombos([gift(1, 0), gift(2, COMBO_WINDOW_MS + 1), gift(3, COMBO_WINDOW_MS + 2, "u1", "9"), gift(4, COMBO_WINDOW_MS + 3, "u2")]);
    expect(lines.map((l) => l.seq)).toEqual([1, 2, 3, 4]);
    expect(combos.size).toBe(0);
  });

  it("leaves other lines and gaps alone", () => {
    const gap: ChatLine = { kind: "gap", seq: 5, key: "g5" };
    const { lines } = foldGiftCombos([chat(1, 0), gap, chat(6, 10)]);
    expect(lines.length).toBe(3);
  });
});

describe("big gifts", () => {
  it("are sends worth 500 coins or more, diamonds at 10 coins", () => {
    expect(isBigGift({ currency: "gold", price: 520 }, 1)).toBe(true);
    expect(isBigGift({ currency: "gold", price: 100 }, 1)).toBe(false);
    expect(isBigGift({ currency: "gold", price: 5 }, 99)).toBe(false);
    expect(isBigGift({ currency: "gold", price: 5 }, 520)).toBe(true);
    expect(isBigGift({ currency: "score", price: 50 }, 1)).toBe(true);
    expect(isBigGift({ currency: "score", price: 10 }, 1)).toBe(false);
    expect(isBigGift(undefined, 1000)).toBe(false);
  });

  it("pick a scene by the gift's picture", () => {
    expect(sceneOf({ icon: "gift/car.svg", name: "Sports Car" })).toBe("drive");
    expect(sceneOf({ icon: "gift/stadium.svg", name: "Stadium" })).toBe("rise");
    expect(sceneOf({ icon: "gift/boot.svg", name: "Golden Boot" })).toBe("kick");
    expect(sceneOf({ icon: "gift/jersey.svg", name: "Jersey" })).toBe("burst");
  });

  it("have icons resolved from the site root", () => {
    expect(iconUrl("gift/boot.svg")).toBe("/gift/boot.svg");
    expect(iconUrl("/x.svg")).toBe("/x.svg");
    expect(iconUrl("https://cdn.example/x.svg")).toBe("https://cdn.example/x.svg");
    expect(iconUrl("")).toBeUndefined();
  });
});

describe("the big-gift queue", () => {
  const item = (l: ChatLine) => fxItem(ev(l), undefined);

  it("plays one at a time in arrival order; the end or a skip plays the next", () => {
    let q = enqueue(EMPTY_QUEUE, item(gift(1, 0)));
    q = enqueue(q, item(gift(2, 100, "u2", "9")));
    q = enqueue(q, item(gift(3, 200, "u1", "9")));
    expect(q.playing?.key).toBe(1);
    expect(q.waiting.map((w) => w.key)).toEqual([2, 3]);
    q = advance(q);
    expect(q.playing?.key).toBe(2);
    q = advance(advance(q));
    expect(q.playing).toBeNull();
    expect(q.waiting).toEqual([]);
  });

  it("counts a combo up on the playing item or the waiting one instead of queueing it again", () => {
    let q = enqueue(EMPTY_QUEUE, item(gift(1, 0)));
    q = enqueue(q, item(gift(2, 100, "u2", "9")));
    q = enqueue(q, item(gift(3, 1000)));
    q = enqueue(q, item(gift(4, 1200, "u2", "9", 2)));
    expect(q.playing).toMatchObject({ key: 1, combo: 2, total: 2, ts: 1000 });
    expect(q.waiting).toHaveLength(1);
    expect(q.waiting[0]).toMatchObject({ key: 2, combo: 2, total: 3 });
  });

  it("goes on counting a combo whose scene already ended, in a new scene", () => {
    let q = advance(enqueue(EMPTY_QUEUE, item(gift(1, 0))));
    expect(q.playing).toBeNull();
    q = enqueue(q, item(gift(2, 3000)));
    expect(q.playing).toMatchObject({ key: 2, combo: 2, total: 2 });
    q = enqueue(advance(q), item(gift(3, 3000 + COMBO_WINDOW_MS + 1)));
    expect(q.playing).toMatchObject({ key: 3, combo: 1 });
  });

  it("keeps at most MAX_WAITING waiting, dropping the oldest", () => {
    let q = EMPTY_QUEUE;
    for (let i = 1; i <= MAX_WAITING + 5; i++) q = enqueue(q, item(gift(i, i, `u${i}`)));
    expect(q.playing?.key).toBe(1);
    expect(q.waiting).toHaveLength(MAX_WAITING);
    expect(q.waiting[0]!.key).toBe(6); // 2..17 waited; the newest 12 stay
  });
});

describe("freshGifts", () => {
  it("takes gifts after the seen seq and within 10 s of the newest line", () => {
    const lines = [gift(1, 0), gift(2, 50_000), chat(3, 55_000), gift(4, 56_000)];
    expect(freshGifts(lines, 1).map((e) => e.seq)).toEqual([2, 4]);
    expect(freshGifts(lines, 0, 10_000).map((e) => e.seq)).toEqual([2, 4]);
    expect(freshGifts(lines, 2).map((e) => e.seq)).toEqual([4]);
  });
});
