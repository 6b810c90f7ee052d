// A card's Latin title and names on a right-to-left page: each carries its own direction, so a long
// one is cut at its own end ("Harbor City Com…"), not at its start ("…r City Comets").
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { initI18n } from "../../i18n";
import type { LiveCard } from "../../api/live";
import type { MatchItem } from "../../api/matches";
import { testRoot } from "../../test/root";
import { LiveCardList, LiveCardView } from "./LiveCardView";

const card: LiveCard = {
  roomId: "a1", title: "Harbor City Comets vs Blue Lake Hawks: courtside watch-along", anchorId: "u7", name: "HoopsHannah",
  avatar: "", followers: 12, coverUrl: "", matchId: "m1", gameId: 5, customTag: "", live: true, liveSince: 1, viewers: 40,
};
const match = { id: "m1", homeName: "Harbor City Comets", awayName: "Blue Lake Hawks", homeScore: 82, awayScore: 86 } as MatchItem;

describe("live card", () => {
  const r = testRoot();
  beforeAll(async () => {
    await initI18n("ar");
  });
  it("gives the title, the streamer's name and both teams their own direction", async () => {
    r.host().setAttribute("dir", "rtl");
    await r.render(
      <MemoryRouter>
        <LiveCardList>
          <LiveCardView card={card} match={match} gameName="كرة السلة" />
        </LiveCardList>
      </MemoryRouter>,
    );
    const title = r.q(`p[title="${card.title}"]`);
    expect(title?.getAttribute("dir")).toBe("auto");
    expect(r.q('[data-testid="live-card-name"]')?.getAttribute("dir")).toBe("auto");
    const teams = r.all('[data-testid="live-card-score"] span');
    expect(teams.map((t) => [t.textContent, t.getAttribute("dir")])).toEqual([
      ["Harbor City Comets", "auto"],
      ["Blue Lake Hawks", "auto"],
    ]);
  });
});
