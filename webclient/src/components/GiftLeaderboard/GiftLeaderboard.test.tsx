import { act } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { GiftLeaderboard } from "./GiftLeaderboard";
import { testRoot } from "../../test/root";

const { root, host } = testRoot();
const rows = () => [...host().querySelectorAll('[data-testid="gift-lb-row"]')].map((r) => r.textContent);
const ok = (result: unknown) => new Response(JSON.stringify({ status: "success", result }), { status: 200 });

beforeAll(async () => {
  await initI18n("en_US");
});

afterEach(async () => {
  vi.unstubAllGlobals();
});

describe("GiftLeaderboard", () => {
  it("loads each period of the room and shows names where the profile is readable", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string) => {
        const u = new URL(input, "http://t");
        if (u.pathname.startsWith("/java/gift/leaderboard/")) {
          asked.push(`${u.pathname.split("/").pop()}?room=${u.searchParams.get("room")}`);
          const week = u.pathname.endsWith("/week");
          return ok({ room: "7", type: "day", list: week ? [{ rank: 1, userId: 12, score: 5000 }] : [{ rank: 1, userId: 11, score: 1200 }, { rank: 2, userId: 12, score: 90 }] });
        }
        if (u.pathname === "/java/user/info") {
          return u.searchParams.get("userId") === "11" ? ok({ userId: "u11", uid: "u11", name: "alice" }) : new Response("{}", { status: 500 });
        }
        return new Response("{}", { status: 404 });
      }),
    );
    await act(async () => root().render(<GiftLeaderboard room="7" />));
    await vi.waitFor(() => expect(rows()).toEqual(["1alice1,200 coins", "2User 1290 coins"]));
    expect(asked).toEqual(["day?room=7"]);

    await act(async () => host().querySelector<HTMLButtonElement>('[data-testid="gift-lb-week"]')!.click());
    await vi.waitFor(() => expect(rows()).toEqual(["1User 125,000 coins"]));
    expect(asked).toEqual(["day?room=7", "week?room=7"]);
  });

  it("shows the no-data picture for an empty ranking and the error when it cannot load", async () => {
    let served = false;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        if (!served) {
          served = true;
          return ok({ room: "7", type: "day", list: [] });
        }
        return new Response(JSON.stringify({ status: "fail", errorMsg: "boom" }), { status: 500 });
      }),
    );
    await act(async () => root().render(<GiftLeaderboard room="7" />));
    await vi.waitFor(() => expect(host().querySelector('[data-testid="no-data"]')?.textContent).toBe("No gifts yet"));
    await act(async () => host().querySelector<HTMLButtonElement>('[data-testid="gift-lb-all"]')!.click());
    await vi.waitFor(() => expect(host().querySelector('[data-testid="gift-lb-error"]')?.textContent).toBe("The ranking could not be loaded: boom"));
  });
});
