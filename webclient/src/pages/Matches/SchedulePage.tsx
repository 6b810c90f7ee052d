// /schedule (spec §2, issue 18): the matches of today and the next six days across every game,
// one day at a time (the week strip), grouped by competition with its crest. Game, competition
// and day are in the URL (scheduleFilters.ts). Rows are the match list's own MatchRow, so live
// clocks, "Watch live" and booking (the favourite) behave as everywhere else.
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { matchesApi, type LeagueCount } from "../../api/matches";
import { HTML_LANG } from "../../i18n/locales";
import { useScheduleT } from "../../i18n/schedule";
import { localeAtom } from "../../state/locale";
import { Loadable, useResource } from "../../data";
import { catalogueIndex, gameLabel, useCatalogue } from "../../features/matches/hooks";
import { CompetitionList } from "./CompetitionList";
import { LIST_MIN_HEIGHT } from "../../features/matches/MatchList";
import { WeekStrip } from "../../features/matches/WeekStrip";
import { dayFrom, isoDay, tzOffsetMinutes } from "../../features/matches/format";
import { competitionOptions, readFilters, writeFilters, type ScheduleFilters } from "./scheduleFilters";
import styles from "../../features/matches/Schedule.module.css";
import listStyles from "../../features/matches/Matches.module.css";

const PAGE = 100;

/** "Europe/Paris (UTC+01:00)": the zone the kick-off times are shown in. */
export function zoneLabel(at: Date = new Date()): string {
  const off = tzOffsetMinutes(at);
  const abs = Math.abs(off);
  const utc = `UTC${off < 0 ? "−" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  const name = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return name && !/^(Etc\/)?UTC$/.test(name) ? `${name} (${utc})` : utc;
}

/** Every competition of the window (esports and sports answer on two calls), for the filter and the crests. */
function useCompetitions(gameId: number | undefined) {
  return useResource(`schedule-leagues|${gameId ?? ""}`, () =>
    Promise.all([matchesApi.leagues(true, gameId), matchesApi.leagues(false, gameId)]).then(([e, s]) => [...e, ...s]),
  );
}

/**
 * The filter bar: the game (grouped as the home page's game tabs) and the competition of that
 * game, both selects over the URL's filters, and a way back to everything. The bar keeps one size
 * (issue 19): the selects have fixed widths, Clear keeps its place (hidden while nothing is
 * filtered), and until the game catalogue (and the competitions) arrive the selects are disabled
 * and show the URL's choice rather than "All games".
 */
export function ScheduleFilterBar({
  filters,
  leagues,
  leaguesLoading = false,
  onChange,
}: {
  filters: ScheduleFilters;
  leagues: LeagueCount[];
  /** The competitions are on their way: their select waits, disabled. */
  leaguesLoading?: boolean;
  onChange: (change: Partial<ScheduleFilters>) => void;
}) {
  const { t } = useTranslation();
  const { t: st } = useScheduleT();
  const cat = useCatalogue();
  const { byAbbr, byId, groups } = catalogueIndex(cat.status === "ready" ? cat.value : undefined);
  // A failed catalogue leaves the selects usable (every game), as before.
  const catLoading = cat.status === "idle" || cat.status === "loading";
  const gameId = byAbbr.get(filters.game)?.id;
  const options = competitionOptions(leagues, gameId, filters.league);
  const leagueWaits = catLoading || leaguesLoading;
  const filtered = !!(filters.game || filters.league);
  return (
    <div className={styles.schedFilters} data-testid="schedule-filters">
      <label className={`${styles.schedLeague} ${styles.schedGame}`}>
        <span>{st("game")}</span>
        <select
          value={catLoading || gameId !== undefined ? filters.game : ""}
          disabled={catLoading}
          aria-busy={catLoading || undefined}
          onChange={(e) => onChange({ game: e.target.value })}
          data-testid="schedule-game"
        >
          {catLoading && filters.game ? (
            <option value={filters.game}>{t(`matches.game.${filters.game}` as "matches.game.lol", { defaultValue: filters.game.toUpperCase() })}</option>
          ) : (
            <option value="">{st("allGames")}</option>
          )}
          {groups
            .filter((g) => g.id !== "recommended")
            .map((g) => (
              <optgroup key={g.id} label={t(`nav.${g.id}` as "nav.soccer", { defaultValue: g.id })}>
                {g.games.map((id) => {
                  const game = byId.get(id);
                  return game ? (
                    <option key={id} value={game.abbr.toLowerCase()}>
                      {gameLabel(t, game)}
                    </option>
                  ) : null;
                })}
              </optgroup>
            ))}
        </select>
      </label>
      <label className={`${styles.schedLeague} ${styles.schedCompetition}`}>
        <span>{st("competition")}</span>
        <select
          value={filters.league}
          disabled={leagueWaits}
          aria-busy={leagueWaits || undefined}
          onChange={(e) => onChange({ league: e.target.value })}
          data-testid="schedule-league"
        >
          {leagueWaits && filters.league ? (
            <option value={filters.league}>{t("common.loading")}</option>
          ) : (
            <option value="">{st("allCompetitions")}</option>
          )}
          {!leagueWaits &&
            options.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
                {gameId === undefined ? ` · ${gameLabel(t, byId.get(l.gameId))}` : ""}
              </option>
            ))}
        </select>
      </label>
      {/* Always there, so that choosing a game never widens or wraps the bar. */}
      <button
        type="button"
        className={`${styles.schedClear}${filtered ? "" : ` ${styles.schedClearIdle}`}`}
        disabled={!filtered}
        onClick={() => onChange({ game: "", league: "" })}
        data-testid="schedule-clear"
      >
        {st("clear")}
      </button>
    </div>
  );
}

export default function SchedulePage() {
  const { t: st } = useScheduleT();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const locale = useAtomValue(localeAtom);
  const cat = useCatalogue();
  const { byAbbr } = catalogueIndex(cat.status === "ready" ? cat.value : undefined);
  const gameId = byAbbr.get(filters.game)?.id;
  // An unknown game waits for the catalogue rather than loading every game for a moment.
  const waiting = filters.game !== "" && gameId === undefined && cat.status !== "ready" && cat.status !== "error";
  const today = useMemo(() => dayFrom(new Date(), 0), []);
  const date = isoDay(dayFrom(today, filters.day));
  const [pages, setPages] = useState(1);
  const key = `schedule|${gameId ?? ""}|${filters.league}|${date}|${pages}`;
  // An unknown game waits for the catalogue: no key, nothing loads meanwhile.
  const day = useResource(
    waiting ? null : key,
    (signal) =>
      Promise.all(
        Array.from({ length: pages }, (_, i) =>
          matchesApi.sevenDayMatches(
            { gameId, leagueId: filters.league || undefined, date, tzOffset: tzOffsetMinutes(), pageIndex: i + 1, pageSize: PAGE },
            signal,
          ),
        ),
      ).then((all) => ({ ...all[0]!, list: all.flatMap((p) => p.list) })),
    { refreshMs: 60_000 },
  );
  const comps = useCompetitions(gameId);
  const leagues = useMemo(() => comps.value ?? [], [comps.value]);
  const leagueById = useMemo(() => new Map(leagues.map((l) => [l.id, l])), [leagues]);
  const change = (c: Partial<ScheduleFilters>) => {
    setPages(1);
    setParams(writeFilters(params, c), { replace: c.day !== undefined });
  };
  const longDay = new Intl.DateTimeFormat(HTML_LANG[locale] ?? "en-US", { weekday: "long", day: "numeric", month: "long" });
  return (
    <section data-testid="schedule-page">
      <div className={listStyles.mlistHead}>
        <h1 className={listStyles.mlistTitle}>{st("title")}</h1>
        <p className={`${styles.muted} ${styles.schedIntro}`}>{st("intro", { zone: zoneLabel() })}</p>
      </div>
      <ScheduleFilterBar filters={filters} leagues={leagues} leaguesLoading={comps.status === "loading" && !comps.value} onChange={change} />
      <div className={listStyles.mlistPanel} data-testid="schedule-list">
        <WeekStrip
          today={today}
          first={0}
          selected={filters.day}
          counts={day.value?.days}
          onSelect={(offset) => change({ day: offset })}
        />
        <h2 className={styles.schedDay} data-testid="schedule-day">
          {longDay.format(dayFrom(today, filters.day))}
        </h2>
        <Loadable resource={waiting ? { ...day, status: "loading" } : day} minHeight={LIST_MIN_HEIGHT}>
          {(v) => (
            <>
              <CompetitionList items={v.list} leagues={leagueById} empty={st("empty")} />
              {v.list.length < v.total && (
                <button type="button" className={styles.schedMore} onClick={() => setPages((n) => n + 1)} data-testid="schedule-more">
                  {st("more")}
                </button>
              )}
            </>
          )}
        </Loadable>
      </div>
    </section>
  );
}
