// /:game (spec §2 /{game}, issue 18): one game's page: its matches in play, today's matches by
// competition and its leagues, with links to the full schedule, the match list and the library.
// :game is a catalogue abbr (/soccer, /lol); the route table only lets game slugs through, and
// a slug the catalogue does not know shows the not-found page. /:game/:id stays the match page.
import { useMemo } from "react";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { matchesApi } from "../../api/matches";
import { useScheduleT } from "../../i18n/schedule";
import { useGameDataT } from "../../i18n/gamedata";
import { GAME_SLUGS } from "../../seo/games";
import NotFound from "../../components/ErrorPages/NotFound";
import { Loadable, useResource } from "../../data";
import { catalogueIndex, gameLabel, useCatalogue } from "../../features/matches/hooks";
import { LIST_MIN_HEIGHT, LiveMatchList, LoadError, Loading } from "../../features/matches/MatchList";
import { TeamLogo } from "../../features/matches/MatchRow";
import { CompetitionList } from "./CompetitionList";
import { LeagueGrid } from "../../features/matches/LeagueGrid";
import { dayFrom, isoDay, tzOffsetMinutes } from "../../features/matches/format";
import styles from "../../features/matches/Schedule.module.css";
import listStyles from "../../features/matches/Matches.module.css";

/**
 * The live panel while it loads: about the no-data picture's height, the usual answer outside
 * the busiest hours, so the sections below it do not jump (issue 19).
 */
const LIVE_MIN_HEIGHT = 140;

export default function GamePage() {
  const { game = "" } = useParams();
  const slug = game.toLowerCase();
  const cat = useCatalogue();
  if (!GAME_SLUGS.has(slug)) return <NotFound />;
  if (cat.status === "loading" || cat.status === "idle") return <Loading />;
  if (cat.status === "error") return <LoadError message={cat.message} />;
  const info = catalogueIndex(cat.value).byAbbr.get(slug);
  if (!info) return <NotFound />;
  return <Game gameId={info.id} slug={slug} />;
}

function Game({ gameId, slug }: { gameId: number; slug: string }) {
  const { t } = useTranslation();
  const { t: st } = useScheduleT();
  const { t: gt } = useGameDataT();
  const cat = useCatalogue();
  const info = catalogueIndex(cat.status === "ready" ? cat.value : undefined).byId.get(gameId);
  const name = gameLabel(t, info, slug);
  const today = useMemo(() => isoDay(dayFrom(new Date(), 0)), []);
  const live = useResource(`game-live|${gameId}`, (signal) => matchesApi.live({ gameId, pageSize: 100 }, signal), { refreshMs: 30_000 });
  const day = useResource(
    `game-day|${gameId}|${today}`,
    (signal) => matchesApi.sevenDayMatches({ gameId, date: today, tzOffset: tzOffsetMinutes(), pageSize: 100 }, signal),
    { refreshMs: 60_000 },
  );
  const leagues = useResource(`game-leagues|${gameId}`, () => matchesApi.libraryLeagues(gameId));
  const leagueById = useMemo(() => new Map((leagues.value ?? []).map((l) => [l.id, { ...l, live: 0, upcoming: 0, total: 0 }])), [leagues.value]);
  return (
    <section data-testid="game-page" data-game={slug}>
      <header className={styles.gamepageHead}>
        <TeamLogo src={info?.logo} name={name} className={styles.gamepageLogo} />
        <h1>{name}</h1>
        <nav className={listStyles.mlistGames}>
          <Link className={listStyles.mlistGame} to={`/schedule?game=${encodeURIComponent(slug)}`} data-testid="game-schedule-link">
            {st("gamePage.fullSchedule")}
          </Link>
          <Link className={listStyles.mlistGame} to={`/match/${encodeURIComponent(slug)}`}>
            {t("matches.list.title")}
          </Link>
          <Link className={listStyles.mlistGame} to={`/${encodeURIComponent(slug)}/data`} data-testid="game-data-link">
            {gt("link")}
          </Link>
        </nav>
      </header>

      <div className={styles.gamepageSection} data-testid="game-live">
        <h2>{st("gamePage.live")}</h2>
        <div className={`${listStyles.mlistPanel} ${styles.gamepagePanel}`}>
          <Loadable resource={live} empty={(v) => v.list.length === 0} emptyLabel={st("gamePage.noLive")} minHeight={LIVE_MIN_HEIGHT}>
            {(v) => <LiveMatchList items={v.list} />}
          </Loadable>
        </div>
      </div>

      <div className={styles.gamepageSection} data-testid="game-today">
        <h2>{st("gamePage.today")}</h2>
        <div className={`${listStyles.mlistPanel} ${styles.gamepagePanel}`}>
          <Loadable resource={day} minHeight={LIST_MIN_HEIGHT}>
            {(v) => <CompetitionList items={v.list} leagues={leagueById} />}
          </Loadable>
        </div>
      </div>

      <div className={styles.gamepageSection} data-testid="game-leagues">
        <h2>
          {st("gamePage.leagues")}
          <Link to={`/leagueLibrary?game=${gameId}`}>{t("matches.library.leagues")} →</Link>
        </h2>
        <LeagueGrid leagues={leagues} cardTestId="game-league" />
      </div>
    </section>
  );
}
