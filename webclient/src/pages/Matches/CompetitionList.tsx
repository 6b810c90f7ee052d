// A list of matches grouped by competition (the schedule and a game's page): each group headed by
// the competition's crest, name (to its library page), country and game, rows by kick-off, the
// earliest group first. Rows are MatchRow, virtualised over the window's scroll.
import { useMemo } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { GroupedVirtuoso } from "react-virtuoso";
import type { LeagueCount, MatchItem } from "../../api/matches";
import { NoData } from "../../components/NoData";
import { useRegionName } from "../../components/Region";
import { catalogueIndex, gameLabel, useCatalogue, useMatchRows } from "../../features/matches/hooks";
import { MatchRow, TeamLogo } from "../../features/matches/MatchRow";
import { groupByCompetition } from "./scheduleFilters";
import styles from "../../features/matches/Schedule.module.css";

/** A day's matches, grouped by competition, each group headed by its crest, name and country. */
export function CompetitionList({ items, leagues, empty }: { items: MatchItem[]; leagues: Map<string, LeagueCount>; empty?: string }) {
  const { t } = useTranslation();
  const regionOf = useRegionName();
  const cat = useCatalogue();
  const { byId } = catalogueIndex(cat.status === "ready" ? cat.value : undefined);
  const { live, rowProps } = useMatchRows(items);
  const groups = useMemo(() => groupByCompetition(live), [live]);
  const rows = useMemo(() => groups.flatMap((g) => g.items), [groups]);
  if (rows.length === 0) return <NoData label={empty} />;
  return (
    <GroupedVirtuoso
      useWindowScroll
      increaseViewportBy={400}
      groupCounts={groups.map((g) => g.items.length)}
      groupContent={(i) => {
        const g = groups[i]!;
        const l = leagues.get(g.leagueId);
        return (
          <div className={styles.schedGroup} data-testid="schedule-group" data-league={g.leagueId}>
            <TeamLogo src={l?.logo} name={g.leagueName} />
            {g.leagueId ? (
              <Link to={`/leagueLibrary/${encodeURIComponent(g.leagueId)}`} className={styles.schedGroupName}>
                {g.leagueName}
              </Link>
            ) : (
              <span className={styles.schedGroupName}>{g.leagueName}</span>
            )}
            <span className={styles.muted}>
              {[l?.country && regionOf(l.country, l.countryCode), gameLabel(t, byId.get(g.gameId))].filter(Boolean).join(" · ")}
            </span>
            <span className={styles.schedGroupCount}>{t("matches.list.count", { n: g.items.length })}</span>
          </div>
        );
      }}
      itemContent={(i) => <MatchRow {...rowProps(rows[i]!)} inGroup />}
    />
  );
}
