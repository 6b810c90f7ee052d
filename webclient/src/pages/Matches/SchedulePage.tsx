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
import { catalogueIndex, gameLabel, useCatalogue } from "./hooks";
import { CompetitionList } from "./CompetitionList";
import { LIST_MIN_HEIGHT } from "./MatchList";
import { WeekStrip } from "./WeekStrip";
import { dayFrom, isoDay, tzOffsetMinutes } from "./format";
import { competitionOptions, readFilters, writeFilters, type ScheduleFilters } from "./scheduleFilters";
import "./Matches.css";
import "./Schedule.css";

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
 * game, both selects over the URL's filters, and a way back to everything.
 */
export function ScheduleFilterBar({
  filters,
  leagues,
  onChange,
}: {
  filters: ScheduleFilters;
  leagues: LeagueCount[];
  onChange: (change: Partial<ScheduleFilters>) => void;
}) {
  const { t } = useTranslation();
  const { t: st } = useScheduleT();
  const cat = useCatalogue();
  const { byAbbr, byId, groups } = catalogueIndex(cat.status === "ready" ? cat.value : undefined);
  const gameId = byAbbr.get(filters.game)?.id;
  const options = competitionOptions(leagues, gameId, filters.league);
  return (
    <div className="sched__filters" data-testid="schedule-filters">
      <label className="sched__league">
        <span>{st("game")}</span>
        <select value={gameId === undefined ? "" : filters.game} onChange={(e) => onChange({ game: e.target.value })} data-testid="schedule-game">
          <option value="">{st("allGames")}</option>
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
      <label className="sched__league">
        <span>{st("competition")}</span>
        <select value={filters.league} onChange={(e) => onChange({ league: e.target.value })} data-testid="schedule-league">
          <option value="">{st("allCompetitions")}</option>
          {options.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
              {gameId === undefined ? ` · ${gameLabel(t, byId.get(l.gameId))}` : ""}
            </option>
          ))}
        </select>
      </label>
      {(filters.game || filters.league) && (
        <button type="button" className="week__today" onClick={() => onChange({ game: "", league: "" })} data-testid="schedule-clear">
          {st("clear")}
        </button>
      )}
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
    <section className="mlist sched" data-testid="schedule-page">
      <div className="mlist__head">
        <h1 className="mlist__title">{st("title")}</h1>
        <p className="muted sched__intro">{st("intro", { zone: zoneLabel() })}</p>
      </div>
      <ScheduleFilterBar filters={filters} leagues={leagues} onChange={change} />
      <div className="mlist__panel" data-testid="schedule-list">
        <WeekStrip
          today={today}
          first={0}
          selected={filters.day}
          counts={day.value?.days}
          onSelect={(offset) => change({ day: offset })}
        />
        <h2 className="sched__day" data-testid="schedule-day">
          {longDay.format(dayFrom(today, filters.day))}
        </h2>
        <Loadable resource={waiting ? { ...day, status: "loading" } : day} minHeight={LIST_MIN_HEIGHT}>
          {(v) => (
            <>
              <CompetitionList items={v.list} leagues={leagueById} empty={st("empty")} />
              {v.list.length < v.total && (
                <button type="button" className="load-error__retry sched__more" onClick={() => setPages((n) => n + 1)} data-testid="schedule-more">
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
