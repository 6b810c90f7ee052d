// /:game/data (spec §2 /{game}/data, decision 0016): a game's data hub, the library part of the
// game page: the game's competitions, and the first teams and players of the data library, each
// linking to its own library page, with "see all" to the library's indexes filtered to the game.
// As on /:game, the route table lets only game slugs through (the server answers 404 for others)
// and a slug the catalogue does not know shows the not-found page.
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { matchesApi, type PlayerInfo, type TeamInfo } from "../../api/matches";
import { Loadable, useResource, type Resource } from "../../data";
import { useGameDataT } from "../../i18n/gamedata";
import { GAME_SLUGS } from "../../seo/games";
import NotFound from "../../components/ErrorPages/NotFound";
import { catalogueIndex, gameLabel, useCatalogue } from "../../features/matches/hooks";
import { LoadError, Loading } from "../../features/matches/MatchList";
import { TeamLogo } from "../../features/matches/MatchRow";
import { LeagueGrid } from "../../features/matches/LeagueGrid";
import { Region } from "../../components/Region";
import listStyles from "../../features/matches/Matches.module.css";
import schedStyles from "../../features/matches/Schedule.module.css";
import styles from "./Library.module.css";

/** How many teams and players the hub shows before "see all". */
export const HUB_ROWS = 12;
/** The height of a full list of HUB_ROWS rows, reserved while it loads (issue 19: no jump). */
const HUB_LIST_HEIGHT = HUB_ROWS * 40;

export default function GameData() {
  const { game = "" } = useParams();
  const slug = game.toLowerCase();
  const { t } = useTranslation();
  const cat = useCatalogue();
  if (!GAME_SLUGS.has(slug)) return <NotFound />;
  if (cat.status === "loading" || cat.status === "idle") return <Loading />;
  if (cat.status === "error") return <LoadError message={cat.message} />;
  const info = catalogueIndex(cat.value).byAbbr.get(slug);
  if (!info) return <NotFound />;
  return <Hub gameId={info.id} slug={slug} name={gameLabel(t, info, slug)} logo={info.logo} />;
}

function Hub({ gameId, slug, name, logo }: { gameId: number; slug: string; name: string; logo?: string }) {
  const { t } = useGameDataT();
  const leagues = useResource(`hub-leagues|${gameId}`, () => matchesApi.libraryLeagues(gameId));
  const teams = useResource(`hub-teams|${gameId}`, () => matchesApi.libraryTeams({ gameId, pageIndex: 1, pageSize: HUB_ROWS }));
  const players = useResource(`hub-players|${gameId}`, () => matchesApi.libraryPlayers({ gameId, pageIndex: 1, pageSize: HUB_ROWS }));
  return (
    <section className={styles.lib} data-testid="game-data" data-game={slug}>
      <header className={schedStyles.gamepageHead}>
        <TeamLogo src={logo} name={name} className={schedStyles.gamepageLogo} />
        <h1>{t("title", { game: name })}</h1>
        <nav className={listStyles.mlistGames}>
          <Link className={listStyles.mlistGame} to={`/${slug}`} data-testid="game-data-game">
            {name}
          </Link>
        </nav>
      </header>
      <p className={styles.muted}>{t("intro", { game: name })}</p>

      <div className={schedStyles.gamepageSection} data-testid="game-data-leagues">
        <h2>
          {t("leagues")}
          <Link to={`/leagueLibrary?game=${gameId}`}>{t("seeAll")} →</Link>
        </h2>
        <LeagueGrid leagues={leagues} cardTestId="game-data-league" />
      </div>

      <Entries
        testId="game-data-teams"
        title={t("teams")}
        all={`/squadLibrary?game=${gameId}`}
        resource={teams}
        row={(x: TeamInfo) => (
          <Link key={x.id} className={styles.libRow} to={`/squadLibrary/${encodeURIComponent(x.id)}`} data-testid="game-data-team">
            <TeamLogo src={x.logo} name={x.name} />
            <span className={styles.libRowName}>{x.name}</span>
            <span className={styles.muted}><Region name={x.country} code={x.countryCode} /></span>
            <span className={styles.muted}>{x.worldRanking > 0 ? t("ranking", { n: x.worldRanking }) : ""}</span>
          </Link>
        )}
      />
      <Entries
        testId="game-data-players"
        title={t("players")}
        all={`/playerLibrary?game=${gameId}`}
        resource={players}
        row={(x: PlayerInfo) => (
          <Link key={x.id} className={styles.libRow} to={`/playerLibrary/${encodeURIComponent(x.id)}`} data-testid="game-data-player">
            <TeamLogo src={x.photo} name={x.name} />
            <span className={styles.libRowName}>{x.name}</span>
            <span className={styles.muted}>{x.position}</span>
            <span className={styles.muted}><Region name={x.nationality} code={x.nationalityCode} /></span>
          </Link>
        )}
      />
    </section>
  );
}

function Entries<T>({ testId, title, all, resource, row }: { testId: string; title: string; all: string; resource: Resource<T[]>; row: (x: T) => ReactNode }) {
  const { t } = useGameDataT();
  return (
    <div className={schedStyles.gamepageSection} data-testid={testId}>
      <h2>
        {title}
        <Link to={all}>{t("seeAll")} →</Link>
      </h2>
      <Loadable resource={resource} empty={(list) => list.length === 0} minHeight={HUB_LIST_HEIGHT}>
        {(list) => <div className={styles.gamedataRows}>{list.map(row)}</div>}
      </Loadable>
    </div>
  );
}
