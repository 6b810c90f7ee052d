// The Calendar and Data tabs of the home page (Home.tsx loads them lazily): a week strip over
// the chosen day's matches, and the leagues with their counts, into the data library.
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { GameGroup } from "../../components/Header";
import { matchesApi, type GameInfo, type LeagueCount } from "../../api/matches";
import { NoData } from "../../components/NoData";
import { Loadable, useResource } from "../../data";
import { LIST_MIN_HEIGHT, LiveMatchList } from "../../features/matches/MatchList";
import { catalogueIndex, gameLabel, useCatalogue } from "../../features/matches/hooks";
import { WeekStrip } from "../../features/matches/WeekStrip";
import { dayFrom, formatCount, isoDay, tzOffsetMinutes } from "../../features/matches/format";
import { useFavouriteOrder } from "../../session/prefs";
import styles from "./Home.module.css";
import cardStyles from "../../features/matches/LeagueGrid.module.css";

export function HomeCalendar({ group }: { group: GameGroup }) {
  const today = useMemo(() => dayFrom(new Date(), 0), []);
  const [offset, setOffset] = useState(0);
  const date = isoDay(dayFrom(today, offset));
  const order = useFavouriteOrder();
  const day = useResource(`${group}|${date}`, (signal) => matchesApi.sevenDayMatches({ group, date, tzOffset: tzOffsetMinutes(), pageSize: 100 }, signal));
  return (
    <>
      <WeekStrip today={today} first={0} selected={offset} counts={day.value?.days} onSelect={setOffset} />
      <Loadable resource={day} minHeight={LIST_MIN_HEIGHT}>
        {(v) => <LiveMatchList items={order(v.list)} />}
      </Loadable>
    </>
  );
}

export function HomeData({ group }: { group: GameGroup }) {
  const cat = useCatalogue();
  const { byId, groups } = catalogueIndex(cat.status === "ready" ? cat.value : undefined);
  const games = new Set(groups.find((g) => g.id === group)?.games ?? []);
  const leagues = useResource("leagues", async () => {
    const [sports, esports] = await Promise.all([matchesApi.leagues(false), matchesApi.leagues(true)]);
    return [...sports, ...esports];
  });
  return (
    <Loadable resource={leagues} minHeight={LIST_MIN_HEIGHT}>
      {(all) => <LeagueCards all={all} games={games} byId={byId} />}
    </Loadable>
  );
}

function LeagueCards({ all, games, byId }: { all: LeagueCount[]; games: Set<number>; byId: Map<number, GameInfo> }) {
  const { t } = useTranslation();
  const list = all.filter((l) => games.size === 0 || games.has(l.gameId)).sort((a, b) => b.live - a.live || b.total - a.total);
  return (
    <div className={styles.homeData}>
      <div className={styles.homeDataLinks}>
        <span>{t("matches.home.library")}:</span>
        <Link to="/leagueLibrary">{t("matches.library.leagues")}</Link>
        <Link to="/squadLibrary">{t("matches.library.teams")}</Link>
        <Link to="/playerLibrary">{t("matches.library.players")}</Link>
      </div>
      {list.length === 0 ? (
        <NoData />
      ) : (
        <ul className={cardStyles.leagueGrid} data-testid="league-list">
          {list.map((l) => (
            <li key={l.id}>
              <Link to={`/leagueLibrary/${encodeURIComponent(l.id)}`} className={cardStyles.leagueCard}>
                <span className={cardStyles.leagueCardGame}>{gameLabel(t, byId.get(l.gameId))}</span>
                <span className={cardStyles.leagueCardName}>{l.name}</span>
                <span className={cardStyles.leagueCardCounts}>
                  {l.live > 0 && <span className={cardStyles.leagueCardLive}>{t("matches.liveCount", { count: l.live })}</span>}
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

