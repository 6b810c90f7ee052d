// Home (spec §2): the match tabs Hot, Live, By time, Today, Yesterday, Tomorrow, highlights
// (latest results), match preview (next to start), match data (leagues with their counts,
// into the data library) and a calendar, over the game groups. Lists come from the Matches
// calls; live scores arrive over the scoreboard topics and a changed score flashes.
import { lazy, Suspense, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { TabList } from "../../components/TabList/TabList";
import { useTranslation } from "react-i18next";
import { GAME_GROUPS, type GameGroup } from "../../components/Header";
import { matchesApi, type MatchQuery } from "../../api/matches";
import { usePaged } from "../../data";
import { LIST_MIN_HEIGHT, PagedPanel } from "../../features/matches/MatchList";
import { tzOffsetMinutes } from "../../features/matches/format";
import { useNewsT } from "../../i18n/news";
import { useFavouriteOrder } from "../../session/prefs";
import styles from "./Home.module.css";
// The heading's classes are the frame's (in the entry's sheet: the first HTML's shell draws it too).
import frame from "../../components/Layout.module.css";

// The blocks around the match list (the live rooms of the Live tab, the preview articles, the
// videos under the list) are chunks of their own, so the first frame needs only the list
// (initial-JS budget, e2e/bundle-budget.test.mjs); they show when their chunk has arrived.
const LiveRoomsColumn = lazy(async () => ({ default: (await import("../../features/live/LiveColumn")).LiveRoomsColumn }));
const MatchPreviews = lazy(async () => ({ default: (await import("../../components/Article/MatchPreviews")).MatchPreviews }));
const HomeVideos = lazy(async () => ({ default: (await import("../../features/videos/HomeVideos")).HomeVideos }));
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
  // The Live tab's rows sit beside the live rooms: MatchRow's narrow columns.
  return <PagedPanel paged={paged} items={items} narrow={tab === "live"} showDate={tab === "byTime" || tab === "highlights" || tab === "preview" || tab === "hot"} />;
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
    <section data-testid="home">
      {/* The first HTML's static shell draws this heading as it is here (api/siteshell.go): keep both alike. */}
      <h1 className={frame.homeTitle}>
        {t("home.title")} <span className={frame.homeTitleGroup}>· {t(`nav.${game}`)}</span>
        <Link to="/news" className={frame.homeTitleNews} data-testid="home-news-link">{nt("homeLink")} ›</Link>
      </h1>
      <TabList
        items={GAME_GROUPS.map((g) => ({ key: g, label: t(`nav.${g}`), testId: `group-${g}` }))}
        selected={game}
        onSelect={selectGroup}
        label={t("nav.label")}
        className={styles.homeGroups}
        tabClassName={styles.homeChip}
        selectedClassName={styles.homeChipOn}
      />
      <TabList
        items={HOME_TABS.map((k) => ({ key: k, label: t(`home.tabs.${k}`), id: `tab-${k}`, controls: "home-panel", testId: `tab-${k}` }))}
        selected={tab}
        onSelect={select}
        label={t("home.title")}
        className={styles.homeTabs}
        tabClassName={styles.homeTab}
        selectedClassName={styles.homeTabOn}
      />
      <div id="home-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className={styles.homePanel} data-testid="match-list">
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
          <div className={styles.homeLive}>
            <div className={styles.homeLiveScores}>
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
