// The demo clock against a stubbed network: loading, only the simulator's matches (live and next),
// a step plays a match ahead and the list is read again once the match actor had time to apply it,
// a failed load offers Retry, and a site without the simulator says why the list is empty.
import { act } from "react";
import { describe, expect, it } from "vitest";
import type { MatchItem } from "../../api/matches";
import { adminScreen, fail, ok, type Answer } from "../../test/adminScreen";
import DemoMatches from "./DemoMatches";

let answer: Answer;
const { calls, q, all, until, click, render } = adminScreen({ answer: (path, body, url) => answer(path, body, url) });
const match = (id: string, source: string, homeScore = 0): Partial<MatchItem> => ({
  id, source, homeName: `Home ${id}`, awayName: `Away ${id}`, leagueName: "Demo League", startTime: 1764000000000,
  status: 2, statusName: "1H", homeScore, awayScore: 0, periodName: "1st half",
});
const page = (list: Partial<MatchItem>[]) => ok({ list, total: list.length, pageIndex: 1, pageSize: 20 });
const rows = () => all('[data-testid="admin-demo-match"]');
const LIVE = "/java/v2/match/getPCLiveGameMatch";

describe("back office: demo clock", () => {
  it("lists the simulator's matches, plays one ahead and reads the list again", async () => {
    let score = 0;
    let release = () => {};
    let first = true;
    answer = (path, body) => {
      if (path === "/java/admin/demo/matches/advance") {
        score = 1;
        return ok({ matchId: body?.matchId, minutesAhead: body?.minutes });
      }
      if (path !== LIVE) return page([match("m3", "simulator")]);
      const live = page([match("m1", "simulator", score), match("m2", "provider")]);
      if (!first) return live;
      first = false;
      return new Promise((res) => (release = () => res(live)));
    };
    await render(<DemoMatches />);
    expect(q('[data-testid="loading"]')).not.toBeNull();
    await act(async () => release());
    await until(() => rows().length === 2);
    expect(rows().map((r) => r.querySelector("strong")!.textContent)).toEqual(["Home m1 – Away m1", "Home m3 – Away m3"]);
    await click(rows()[0]!.querySelector('[data-testid="admin-demo-advance-5"]'));
    await until(() => !!q('[data-testid="admin-demo-done"]'));
    expect(calls.find((c) => c.path.endsWith("/advance"))?.body).toEqual({ matchId: "m1", minutes: 5 });
    expect(rows()[0]!.textContent).toContain("0 – 0"); // read again only once the actor had its time
    await act(() => new Promise((res) => setTimeout(res, 1700)));
    await until(() => rows()[0]!.textContent!.includes("1 – 0"));
    expect(calls.filter((c) => c.path === LIVE)).toHaveLength(2);
  }, 60_000);

  it("offers Retry when the matches cannot be read, and says why the list is empty without the simulator", async () => {
    let refuse = true;
    answer = (path) => (refuse && path === LIVE ? fail(1001, "Matches are away") : page([match("m2", "provider")]));
    await render(<DemoMatches />);
    await until(() => !!q('[data-testid="load-error"]'));
    expect(q('[data-testid="load-error"]')!.textContent).toContain("Matches are away");
    refuse = false;
    await click(q('[data-testid="load-error"] button'));
    await until(() => !!q('[data-testid="no-data"]'));
    expect(q('[data-testid="no-data"]')!.textContent).toContain("No match here comes from the demo simulator");
  }, 60_000);
});
