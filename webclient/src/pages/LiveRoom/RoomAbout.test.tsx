import { act } from "react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { initI18n } from "../../i18n";
import type { RoomCard } from "../../api/live";
import { testRoot } from "../../test/root";
import { RoomAbout } from "./RoomAbout";

const { render, q, all } = testRoot();

const card = (over: Partial<RoomCard> = {}): RoomCard => ({
  roomId: "a42",
  title: "Derby night",
  anchorId: "u42",
  name: "Hannah",
  avatar: "",
  followers: 3,
  coverUrl: "",
  matchId: "",
  gameId: 0,
  customTag: "",
  live: false,
  liveSince: 0,
  viewers: 0,
  teaser: "Derby preview at 8 pm",
  detailIntro: "Tactics board\nand the away end's songs",
  detailPicUrls: ["/java/anchor/upload/7", "/java/anchor/upload/9"],
  ...over,
});

const show = (c: RoomCard) =>
  render(
    <MemoryRouter>
      <RoomAbout card={c} />
    </MemoryRouter>,
  );

beforeAll(async () => {
  await initI18n("en_US");
});

describe("RoomAbout", () => {
  it("shows an offline room's teaser, the intro, the pictures and the streamer page", async () => {
    await show(card());
    expect(q('[data-testid="room-teaser"]')!.textContent).toBe("Before the broadcastDerby preview at 8 pm");
    expect(q('[data-testid="room-intro"]')!.textContent).toBe("Tactics board\nand the away end's songs");
    const pics = all('[data-testid="room-pic"]') as HTMLImageElement[];
    expect(pics.map((p) => p.getAttribute("src"))).toEqual(["/java/anchor/upload/7", "/java/anchor/upload/9"]);
    for (const p of pics) {
      // lazy, and square before it loads (spec §5: 1:1 pictures): no shift when it arrives
      expect([p.getAttribute("loading"), p.getAttribute("width"), p.getAttribute("height")]).toEqual(["lazy", "200", "200"]);
    }
    const link = q<HTMLAnchorElement>('[data-testid="room-about-streamer"]')!;
    expect(link.getAttribute("href")).toBe("/anchor/42");
    expect(link.textContent).toBe("Hannah's streamer page");
    expect(q("h2")!.textContent).toBe("About this live");
  });

  it("leaves the teaser out while the room is live", async () => {
    await show(card({ live: true }));
    expect(q('[data-testid="room-teaser"]')).toBeNull();
    expect(q('[data-testid="room-intro"]')).not.toBeNull();
  });

  it("shows nothing for a room without teaser, intro or pictures", async () => {
    await show(card({ teaser: "  ", detailIntro: "", detailPicUrls: [] }));
    expect(q('[data-testid="room-about"]')).toBeNull();
    await show(card({ live: true, detailIntro: "", detailPicUrls: [] }));
    expect(q('[data-testid="room-about"]')).toBeNull();
  });

  it("reads right to left in Arabic", async () => {
    await initI18n("ar");
    try {
      await show(card());
      expect(q('[data-testid="room-about-streamer"]')!.textContent).toBe("صفحة البث الخاصة بـ Hannah");
      expect(document.documentElement.dir).toBe("rtl");
    } finally {
      await act(async () => initI18n("en_US"));
    }
  });
});
