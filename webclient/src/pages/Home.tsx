// Home (spec §2): the match tabs Hot, Live, By time, Today, Yesterday, Tomorrow, highlights
// (latest results), match preview (next to start), match data (leagues with their counts,
// into the data library) and a calendar, over the game groups. Lists come from the Matches
// calls; live scores arrive over the scoreboard topics and a changed score flashes.
import { lazy, Suspense, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { GAME_GROUPS, type GameGroup } from "../components/Header";
import { matchesApi, type MatchQuery } from "../api/matches";
import { usePaged } from "../data";
import { LIST_MIN_HEIGHT, PagedPanel } from "./Matches/MatchList";
import { tzOffsetMinutes } from "./Matches/format";
import { useNewsT } from "../i18n/news";
import { useFavouriteOrder } from "../session/prefs";
import "./Home.css";
import "./Matches/Matches.css";

// The blocks around the match list (the live rooms of the Live tab, the preview articles, the
// videos under the list) are chunks of their own, so the first frame needs only the list
// (initial-JS budget, e2e/bundle-budget.test.mjs); they show when their chunk has arrived.
const LiveRoomsColumn = lazy(async () => ({ default: (await import("./Live/LiveColumn")).LiveRoomsColumn }));
const MatchPreviews = lazy(async () => ({ default: (await import("../components/Article/MatchPreviews")).MatchPreviews }));
const HomeVideos = lazy(async () => ({ default: (await import("./Videos/HomeVideos")).HomeVideos }));
// The Calendar and Data tabs (HomePanels.tsx) likewise.
const HomeCalendar = lazy(async () => ({ default: (await import("./HomePanels")).HomeCalendar }));
const HomeData = lazy(async () => ({ default: (await import("./HomePanels")).HomeData }));

export const HOME_TABS = ["hot", "live", "byTime", "today", "yesterday", "tomorrow", "highlights", "preview", "data", "calendar"] as const;
export type HomeTab = (typeof HOME_TABS)[number];

function isTab(v: string | null): v is HomeTab {
  return (HOME_TABS as readonly string[]).includes(v ?? "");
}

/** The list call behind each list tab. */
const CONDITION: Partial<Record<HomeTab, string>> = {
  hot: "hot",
  live: "live",
  byTime: "time",
  today: "today",
  yesterday: "yesterday",
  tomorrow: "tomorrow",
};

/** Rows per page of a list tab (the next page loads at the list's end). */
const PAGE_SIZE = 50;

/** How often a list tab reloads page 1 (matches that go live, new results). */
const REFRESH_MS = 60_000;

function HomeList({ tab, group }: { tab: HomeTab; group: GameGroup }) {
  const tz = tzOffsetMinutes();
  const base: MatchQuery = { group: group === "recommended" ? "recommended" : group, tzOffset: tz };
  const paged = usePaged(
    `${tab}|${group}|${tz}`,
    (pageIndex, signal) => {
      const q = { ...base, pageIndex, pageSize: PAGE_SIZE };
      if (tab === "highlights") return matchesApi.past(q, signal);
      if (tab === "preview") return matchesApi.upcoming(q, signal);
      return matchesApi.byCondition({ ...q, tab: CONDITION[tab] }, signal);
    },
    { refreshMs: REFRESH_MS, idOf: (m) => m.id },
  );
  // A signed-in user's favourite teams, leagues and games first (issue 23, /userInfo/preferences).
  const order = useFavouriteOrder();
  const items = useMemo(() => order(paged.items), [order, paged.items]);
  return <PagedPanel paged={paged} items={items} showDate={tab === "byTime" || tab === "highlights" || tab === "preview" || tab === "hot"} />;
}

export default function Home() {
  const { t } = useTranslation();
  const { t: nt } = useNewsT();
  const [params, setParams] = useSearchParams();
  const tab: HomeTab = isTab(params.get("tab")) ? (params.get("tab") as HomeTab) : "hot";
  const gameParam = params.get("game");
  const game: GameGroup = (GAME_GROUPS as readonly string[]).includes(gameParam ?? "") ? (gameParam as GameGroup) : "recommended";

  const select = (next: HomeTab) => {
    const p = new URLSearchParams(params);
    if (next === "hot") p.delete("tab");
    else p.set("tab", next);
    setParams(p);
  };
  const selectGroup = (g: GameGroup) => {
    const p = new URLSearchParams(params);
    if (g === "recommended") p.delete("game");
    else p.set("game", g);
    setParams(p);
  };

  return (
    <section className="home" data-testid="home">
      <h1 className="home__title">
        {t("home.title")} <span className="home__group">· {t(`nav.${game}`)}</span>
        <Link to="/news" className="home__news" data-testid="home-news-link">{nt("homeLink")} ›</Link>
      </h1>
      <div className="home__groups" role="tablist" aria-label={t("nav.label")}>
        {GAME_GROUPS.map((g) => (
          <button
            key={g}
            type="button"
            role="tab"
            aria-selected={game === g}
            className={`home__chip${game === g ? " home__chip--on" : ""}`}
            data-testid={`group-${g}`}
            onClick={() => selectGroup(g)}
          >
            {t(`nav.${g}`)}
          </button>
        ))}
      </div>
      <div className="home__tabs" role="tablist" aria-label={t("home.title")}>
        {HOME_TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`tab-${k}`}
            aria-selected={tab === k}
            aria-controls="home-panel"
            className={tab === k ? "home__tab home__tab--on" : "home__tab"}
            data-testid={`tab-${k}`}
            onClick={() => select(k)}
          >
            {t(`home.tabs.${k}`)}
          </button>
        ))}
      </div>
      <div id="home-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="home__panel" data-testid="match-list">
        {tab === "calendar" ? (
          <Suspense fallback={<div style={{ minHeight: LIST_MIN_HEIGHT }} aria-busy="true" />}>
            <HomeCalendar group={game} />
          </Suspense>
        ) : tab === "data" ? (
          <Suspense fallback={<div style={{ minHeight: LIST_MIN_HEIGHT }} aria-busy="true" />}>
            <HomeData group={game} />
          </Suspense>
        ) : tab === "live" ? (
          // Live: the live scores beside the live rooms (issue 17).
          <div className="home-live">
            <div className="home-live__scores">
              <HomeList key={`${tab}|${game}`} tab={tab} group={game} />
            </div>
            <Suspense fallback={null}>
              <LiveRoomsColumn />
            </Suspense>
          </div>
        ) : tab === "preview" ? (
          // Match preview: the latest preview articles above the next matches (issue 22).
          <>
            <Suspense fallback={null}>
              <MatchPreviews />
            </Suspense>
            <HomeList key={`${tab}|${game}`} tab={tab} group={game} />
          </>
        ) : tab === "highlights" ? (
          // Highlights: the highlight videos above the latest results (issue 22).
          <>
            <Suspense fallback={null}>
              <HomeVideos kind="highlight" count={4} />
            </Suspense>
            <HomeList key={`${tab}|${game}`} tab={tab} group={game} />
          </>
        ) : (
          <HomeList key={`${tab}|${game}`} tab={tab} group={game} />
        )}
      </div>
      {tab !== "highlights" && (
        <Suspense fallback={null}>
          <HomeVideos count={4} />
        </Suspense>
      )}
    </section>
  );
}
