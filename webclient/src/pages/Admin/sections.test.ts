import { describe, expect, it } from "vitest";
import { isStaff, SECTIONS, visibleSections } from "./sections";

describe("the back office's sections", () => {
  it("shows each staff member the screens their permissions open", () => {
    const labels = (perms: string[]) => visibleSections(perms).map((s) => s.label);
    expect(labels(["backOffice", "manageOrders", "manageShop"])).toEqual(["dashboard", "users", "shopOrders", "shopProducts", "money"]); // finance
    expect(labels(["backOffice", "editContent"])).toEqual(["dashboard", "news", "newsReview", "comments", "videos", "proclamations", "pages"]); // editor
    expect(labels(["backOffice", "mutePlatform", "handleReports", "reviewStreamers"])).toEqual(["dashboard", "users", "streamers", "reports", "comments"]);
    expect(labels(SECTIONS.flatMap((s) => s.permission.split("|")))).toEqual(SECTIONS.map((s) => s.label));
    expect(labels(["backOffice", "manageRooms", "moderationRules"])).toEqual(["dashboard", "liveRooms", "words"]);
    expect(labels([])).toEqual([]);
  });

  it("opens the door to staff roles only, never to a banned account", () => {
    expect(isStaff(["user", "moderator"])).toBe(true);
    expect(isStaff(["user", "vip", "streamer"])).toBe(false);
    expect(isStaff(["user", "admin", "banned"])).toBe(false);
    expect(isStaff(undefined)).toBe(false);
  });
});
