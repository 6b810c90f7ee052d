// The search page against a fake search call: groups in the server's order with their headings and
// totals, each hit a link to its page, a match's score and state, "see all" only when a group has
// more, the close-spellings notice, and the no-data picture.
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { testRoot } from "../../test/root";
import type { SearchResults } from "../../api/search";
import SearchPage from "./SearchPage";
import styles from "./Search.module.css";

const answer = vi.hoisted(() => ({ value: null as unknown }));
const calls = vi.hoisted(() => [] as unknown[][]);
vi.mock("../../api/search", async (orig) => ({
  ...(await orig<typeof import("../../api/search")>()),
  searchApi: {
    all: (...args: unknown[]) => {
      calls.push(args.slice(0, 3));
      return Promise.resolve(answer.value);
    },
    suggest: () => Promise.resolve({ list: [] }),
  },
}));

const { render, q, all } = testRoot();

async function show(path: string, res: SearchResults) {
  answer.value = res;
  await render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/search/:text" element={<SearchPage />} />
      </Routes>
    </MemoryRouter>,
  );
  await vi.waitFor(() => expect(q("[data-testid=loading]")).toBeNull());
}

beforeAll(() => initI18n("en_US"));

describe("SearchPage", () => {
  it("shows each kind's group with its hits linked to their pages", async () => {
    await show("/search/barc", {
      q: "barc",
      kind: "",
      page: 1,
      typo: false,
      groups: [
        { kind: "match", total: 1, list: [{ kind: "match", id: "m1", title: "Barcelona vs Real", target: "/soccer/m1", time: "2026-05-01T18:00:00Z", meta: { status: 5, homeScore: 2, awayScore: 1, game: "soccer" } }] },
        { kind: "team", total: 7, list: [{ kind: "team", id: "t1", title: "Barcelona", subtitle: "Spain", target: "/squadLibrary/t1" }] },
      ],
    });
    expect(calls.at(-1)).toEqual(["barc", "", 1]);
    expect(q("h1")!.textContent).toBe("Results for “barc”");
    expect(all("[data-testid^=search-group-] h2").map((h) => h.textContent)).toEqual(["Matches 1", "Teams 7"]);
    expect(all("[data-testid=search-hit]").map((a) => a.getAttribute("href"))).toEqual(["/soccer/m1", "/squadLibrary/t1"]);
    expect(q("[data-testid=search-score]")!.textContent).toBe("2 – 1");
    expect(q("[data-testid=search-group-match]")!.textContent).toContain("Finished");
    // Only the team group has more than it shows.
    expect(all("[data-testid=search-more]").map((a) => [a.getAttribute("href"), a.textContent])).toEqual([["/search/barc?kind=team", "See all 7"]]);
    expect(q("[data-testid=search-typo]")).toBeNull();
  });

  it("asks for one kind and page, and says when hits are close spellings", async () => {
    await show("/search/barcelonna?kind=team&page=2", {
      q: "barcelonna",
      kind: "team",
      page: 2,
      typo: true,
      groups: [{ kind: "team", total: 45, list: [{ kind: "team", id: "t1", title: "Barcelona", target: "/squadLibrary/t1" }] }],
    });
    expect(calls.at(-1)).toEqual(["barcelonna", "team", 2]);
    expect(q("[data-testid=search-typo]")).not.toBeNull();
    expect(q("[data-testid=search-more]")).toBeNull();
    expect(q(`.${styles.searchPagePager}`)!.textContent).toContain("Page 2 of 3");
  });

  it("shows the no-data picture when nothing is found", async () => {
    await show("/search/zzz", { q: "zzz", kind: "", page: 1, typo: false, groups: [] });
    expect(q("[data-testid=no-data]")!.textContent).toContain("Nothing found for “zzz”");
  });
});
