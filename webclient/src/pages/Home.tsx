// Home (spec §2): the match tabs Hot, Live, By time, Today, Yesterday, Tomorrow, highlights
// (latest results), match preview (next to start), match data (leagues with their counts,
// into the data library) and a calendar, over the game groups. Lists come from the Matches
// calls; live scores arrive over the scoreboard topics and a changed score flashes.
import { useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { GAME_GROUPS, type GameGroup } from "../components/Header";
import { matchesApi, type MatchQuery } from "../api/endpoints";
import { NoData } from "../components/NoData";
import { PagedPanel, LiveMatchList, LoadError, Loading } from "./Matches/MatchList";
import { catalogueIndex, gameLabel, useCatalogue, useFetch, usePagedMatches } from "./Matches/hooks";
import { WeekStrip } from "./Matches/WeekStrip";
import { dayFrom, formatCount, isoDay, tzOffsetMinutes } from "./Matches/format";
import { LiveRoomsColumn } from "./Live/LiveColumn";
import { MatchPreviews } from "../components/Article";
import { useNewsT } from "../i18n/news";
import { useFavouriteOrder } from "../session/prefs";
import { HomeVideos } from "./Videos";
import "./Home.css";
import "./Matches/Matches.css";

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

/** How often a list tab reloads page 1 (matches that go live, new results). */
const REFRESH_MS = 60_000;

function HomeList({ tab, group }: { tab: HomeTab; group: GameGroup }) {
  const tz = tzOffsetMinutes();
  const base: MatchQuery = { group: group === "recommended" ? "recommended" : group, tzOffset: tz };
  const paged = usePagedMatches(
    (p, signal) => {
      const q = { ...base, ...p };
      if (tab === "highlights") return matchesApi.past(q, signal);
      if (tab === "preview") return matchesApi.upcoming(q, signal);
      return matchesApi.byCondition({ ...q, tab: CONDITION[tab] }, signal);
    },
    `${tab}|${group}|${tz}`,
    REFRESH_MS,
  );
  // A signed-in user's favourite teams, leagues and games first (issue 23, /userInfo/preferences).
  const order = useFavouriteOrder();
  const shown = paged.state.status === "ready" ? { ...paged, state: { ...paged.state, items: order(paged.state.items) } } : paged;
  return <PagedPanel paged={shown} showDate={tab === "byTime" || tab === "highlights" || tab === "preview" || tab === "hot"} />;
}

function HomeCalendar({ group }: { group: GameGroup }) {
  const today = useMemo(() => dayFrom(new Date(), 0), []);
  const [offset, setOffset] = useState(0);
  const date = isoDay(dayFrom(today, offset));
  const order = useFavouriteOrder();
  const { state, reload } = useFetch(
    (signal) => matchesApi.sevenDayMatches({ group, date, tzOffset: tzOffsetMinutes(), pageSize: 100 }, signal),
    `${group}|${date}`,
  );
  return (
    <>
      <WeekStrip today={today} first={0} selected={offset} counts={state.status === "ready" ? state.value.days : undefined} onSelect={setOffset} />
      {state.status === "loading" && <Loading />}
      {state.status === "error" && <LoadError message={state.message} notServed={state.notServed} onRetry={reload} />}
      {state.status === "ready" && <LiveMatchList items={order(state.value.list)} />}
    </>
  );
}

function HomeData({ group }: { group: GameGroup }) {
  const { t } = useTranslation();
  const cat = useCatalogue();
  const { byId, groups } = catalogueIndex(cat.status === "ready" ? cat.value : undefined);
  const games = new Set(groups.find((g) => g.id === group)?.games ?? []);
  const { state, reload } = useFetch(
    async () => {
      const [sports, esports] = await Promise.all([matchesApi.leagues(false), matchesApi.leagues(true)]);
      return [...sports, ...esports];
    },
    "leagues",
  );
  if (state.status === "loading") return <Loading />;
  if (state.status === "error") return <LoadError message={state.message} notServed={state.notServed} onRetry={reload} />;
  const list = state.value.filter((l) => games.size === 0 || games.has(l.gameId)).sort((a, b) => b.live - a.live || b.total - a.total);
  return (
    <div className="home-data">
      <div className="home-data__links">
        <span>{t("matches.home.library")}:</span>
        <Link to="/leagueLibrary">{t("matches.library.leagues")}</Link>
        <Link to="/squadLibrary">{t("matches.library.teams")}</Link>
        <Link to="/playerLibrary">{t("matches.library.players")}</Link>
      </div>
      {list.length === 0 ? (
        <NoData />
      ) : (
        <ul className="league-grid" data-testid="league-list">
          {list.map((l) => (
            <li key={l.id}>
              <Link to={`/leagueLibrary/${encodeURIComponent(l.id)}`} className="league-card">
                <span className="league-card__game">{gameLabel(t, byId.get(l.gameId))}</span>
                <span className="league-card__name">{l.name}</span>
                <span className="league-card__counts">
                  {l.live > 0 && <span className="league-card__live">{t("matches.liveCount", { count: l.live })}</span>}
                  <span>{t("matches.home.upcoming", { count: l.upcoming })}</span>
                  <span>{t("matches.list.count", { n: formatCount(l.total) })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
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
          <HomeCalendar group={game} />
        ) : tab === "data" ? (
          <HomeData group={game} />
        ) : tab === "live" ? (
          // Live: the live scores beside the live rooms (issue 17).
          <div className="home-live">
            <div className="home-live__scores">
              <HomeList key={`${tab}|${game}`} tab={tab} group={game} />
            </div>
            <LiveRoomsColumn />
          </div>
        ) : tab === "preview" ? (
          // Match preview: the latest preview articles above the next matches (issue 22).
          <>
            <MatchPreviews />
            <HomeList key={`${tab}|${game}`} tab={tab} group={game} />
          </>
        ) : tab === "highlights" ? (
          // Highlights: the highlight videos above the latest results (issue 22).
          <>
            <HomeVideos kind="highlight" count={4} />
            <HomeList key={`${tab}|${game}`} tab={tab} group={game} />
          </>
        ) : (
          <HomeList key={`${tab}|${game}`} tab={tab} group={game} />
        )}
      </div>
      {tab !== "highlights" && <HomeVideos count={4} />}
    </section>
  );
}
