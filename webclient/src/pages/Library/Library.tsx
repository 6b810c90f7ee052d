// The data library (spec §2): league, team and player pages and their index pages
// (/leagueLibrary, /squadLibrary, /playerLibrary, each with /:id). Each page's content is split
// into the component sub-pages of spec §2, tabs with their own URLs (/:id/config, teamTable,
// sortTable, dataModule, meansModule, scheduleTable; Sections.tsx says what each shows). League
// pages show the standings, the advancement chart (a bracket for cups and series), results,
// schedule, transfers and honours; team pages the club's fields of spec §3, squad, recent form
// (5/7/10/15/30), fixtures, transfers, honours; player pages the player's fields, the last 20
// matches with averages, transfers and honours.
import type { ReactNode } from "react";
import { useScheduleT } from "../../i18n/schedule";
import { useGameDataT } from "../../i18n/gamedata";
import { GAME_SLUGS } from "../../seo/games";
import { Link, useParams, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { Virtuoso } from "react-virtuoso";
import { matchesApi, type Honour, type LeaguePageData, type PlayerInfo, type PlayerPageData, type TeamInfo, type TeamPageData, type Transfer } from "../../api/matches";
import { NoData } from "../../components/NoData";
import { DataTable, type Column } from "../../components/DataTable";
import { FactList, type Fact } from "../../components/FactList";
import { Loadable, usePaged, useResource } from "../../data";
import { catalogueIndex, gameLabel, gameSlug, useCatalogue } from "../../features/matches/hooks";
import { LIST_MIN_HEIGHT } from "../../features/matches/MatchList";
import { SimulatedBadge, TeamLogo } from "../../features/matches/MatchRow";
import { StandingsTable } from "../../features/matches/DetailTabs";
import { formatCompactMoney, formatDate, useLocaleTag } from "../../i18n/format";
import { Region } from "../../components/Region";
import NotFound from "../../components/ErrorPages/NotFound";
import { isLibraryTab, type LibraryTab } from "./stats";
import { LeagueSection, LibraryTabs, PlayerSection, TeamSection, type LibraryKind } from "./Sections";
import styles from "./Library.module.css";
import listStyles from "../../features/matches/Matches.module.css";
import detailStyles from "../../features/matches/MatchDetail.module.css";
import cardStyles from "../../features/matches/LeagueGrid.module.css";
import tableStyles from "../../components/DataTable.module.css";

/** The bare page (/leagueLibrary/:id) shows this sub-page; its tab is marked as the current one. */
const DEFAULT_TAB: Record<LibraryKind, LibraryTab> = { league: "teamTable", team: "teamTable", player: "config" };

/**
 * The sub-page of the URL (/:id/:libraryTab), the kind's default on the bare page, or null for a
 * name that is not a sub-page (the not-found page; the server answers 404 for it too).
 */
function useLibraryTab(kind: LibraryKind): LibraryTab | null {
  const { libraryTab } = useParams();
  if (libraryTab === undefined) return DEFAULT_TAB[kind];
  return isLibraryTab(libraryTab) ? libraryTab : null;
}

/** A date of the library (birth, founding, transfer) in the reader's language. */
function LibDate({ iso }: { iso: string | undefined }) {
  return <>{formatDate(iso, useLocaleTag())}</>;
}

/** A fee or prize sum: the demo and the providers give whole US dollars. */
function Money({ usd }: { usd: number }) {
  return <>{formatCompactMoney(usd, "USD", useLocaleTag())}</>;
}

function LibraryNav() {
  const { t } = useTranslation();
  return (
    <nav className={styles.libNav} data-testid="library-nav">
      <Link to="/leagueLibrary">{t("matches.library.leagues")}</Link>
      <Link to="/squadLibrary">{t("matches.library.teams")}</Link>
      <Link to="/playerLibrary">{t("matches.library.players")}</Link>
    </nav>
  );
}

/** The game filter of the index pages (?game=<id>). */
function useGameFilter() {
  const [params, setParams] = useSearchParams();
  const raw = params.get("game");
  const gameId = raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const set = (id?: number) => {
    const p = new URLSearchParams(params);
    if (id === undefined) p.delete("game");
    else p.set("game", String(id));
    setParams(p, { replace: true });
  };
  return [gameId, set] as const;
}

function GameFilter({ value, onChange }: { value?: number; onChange: (id?: number) => void }) {
  const { t } = useTranslation();
  const cat = useCatalogue();
  if (cat.status !== "ready") return null;
  const games = cat.value.games.filter((g) => g.simulated || g.id === value);
  return (
    <div className={listStyles.mlistGames} aria-label={t("matches.library.game")}>
      <button type="button" className={`${listStyles.mlistGame}${value === undefined ? ` ${listStyles.mlistGameOn}` : ""}`} onClick={() => onChange(undefined)}>
        {t("matches.all")}
      </button>
      {games.map((g) => (
        <button key={g.id} type="button" className={`${listStyles.mlistGame}${value === g.id ? ` ${listStyles.mlistGameOn}` : ""}`} onClick={() => onChange(g.id)}>
          {gameLabel(t, g)}
        </button>
      ))}
    </div>
  );
}

/** The filtered game's data hub (/:game/data, decision 0016): its competitions, teams and players. */
function GameHubLink({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const { t: gt } = useGameDataT();
  const cat = useCatalogue();
  const { byId } = catalogueIndex(cat.status === "ready" ? cat.value : undefined);
  const info = byId.get(gameId);
  if (!info || !GAME_SLUGS.has(info.abbr)) return null;
  return (
    <p className={styles.libHub}>
      <Link to={`/${encodeURIComponent(info.abbr)}/data`} data-testid="library-game-data">
        {gt("libraryLink", { game: gameLabel(t, info) })} →
      </Link>
    </p>
  );
}

/** The frame of an index page: the library links, the title and the game filter above the list. */
function IndexPage({ testId, title, children }: { testId: string; title: string; children: (gameId: number | undefined) => ReactNode }) {
  const [gameId, setGame] = useGameFilter();
  return (
    <section className={styles.lib} data-testid={testId}>
      <LibraryNav />
      <h1>{title}</h1>
      <GameFilter value={gameId} onChange={setGame} />
      {gameId !== undefined && <GameHubLink gameId={gameId} />}
      {children(gameId)}
    </section>
  );
}

export function LeagueIndex() {
  const { t } = useTranslation();
  return (
    <IndexPage testId="league-index" title={t("matches.library.leagues")}>
      {(gameId) => <LeagueGrid gameId={gameId} />}
    </IndexPage>
  );
}

function LeagueGrid({ gameId }: { gameId?: number }) {
  const { t } = useTranslation();
  const cat = useCatalogue();
  const { byId } = catalogueIndex(cat.status === "ready" ? cat.value : undefined);
  const leagues = useResource(`leagues|${gameId}`, () => matchesApi.libraryLeagues(gameId));
  return (
    <Loadable resource={leagues} empty={(list) => list.length === 0} minHeight={LIST_MIN_HEIGHT}>
      {(list) => (
        <ul className={`${cardStyles.leagueGrid} ${styles.libGrid}`}>
          {list.map((l) => (
            <li key={l.id}>
              <Link to={`/leagueLibrary/${encodeURIComponent(l.id)}`} className={cardStyles.leagueCard} data-testid="library-league">
                <span className={cardStyles.leagueCardGame}>{gameLabel(t, byId.get(l.gameId))}</span>
                <span className={cardStyles.leagueCardName}>{l.name}</span>
                <span className={cardStyles.leagueCardCounts}>
                  <Region name={l.country} code={l.countryCode} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Loadable>
  );
}

const INDEX_PAGE = 50;

/** A paged index's rows: the first page on mount, the next ones as the page scrolls to the end. */
function PagedRows<T extends { id: string }>({
  kind,
  load,
  gameId,
  row,
}: {
  kind: "teams" | "players";
  load: (q: { gameId?: number; pageIndex: number; pageSize: number }) => Promise<T[]>;
  gameId?: number;
  row: (x: T) => ReactNode;
}) {
  const paged = usePaged(
    `${kind}|${gameId ?? ""}`,
    async (pageIndex) => {
      const list = await load({ gameId, pageIndex, pageSize: INDEX_PAGE });
      // The index calls give no total: a full page says there may be another one.
      return { list, total: (pageIndex - 1) * INDEX_PAGE + list.length + (list.length === INDEX_PAGE ? 1 : 0) };
    },
    { idOf: (x) => x.id },
  );
  return (
    <Loadable resource={{ ...paged, value: paged.items }} empty={(items) => items.length === 0} minHeight={LIST_MIN_HEIGHT}>
      {(items) => <Virtuoso useWindowScroll data={items} endReached={paged.more} computeItemKey={(_, x) => x.id} itemContent={(_, x) => row(x)} />}
    </Loadable>
  );
}

/** One row of an index: picture, name and two details, linking to the entry's page. */
function IndexRow({ to, testId, image, name, details }: { to: string; testId: string; image: string; name: string; details: [ReactNode, ReactNode] }) {
  return (
    <Link className={styles.libRow} to={to} data-testid={testId}>
      <TeamLogo src={image} name={name} />
      <span className={styles.libRowName}>{name}</span>
      <span className={styles.muted}>{details[0]}</span>
      <span className={styles.muted}>{details[1]}</span>
    </Link>
  );
}

export function TeamIndex() {
  const { t } = useTranslation();
  const row = (x: TeamInfo) => (
    <IndexRow
      to={`/squadLibrary/${encodeURIComponent(x.id)}`}
      testId="library-team"
      image={x.logo}
      name={x.name}
      details={[<Region name={x.country} code={x.countryCode} />, x.worldRanking > 0 ? `#${x.worldRanking}` : ""]}
    />
  );
  return (
    <IndexPage testId="team-index" title={t("matches.library.teams")}>
      {(gameId) => <PagedRows kind="teams" load={matchesApi.libraryTeams} gameId={gameId} row={row} />}
    </IndexPage>
  );
}

export function PlayerIndex() {
  const { t } = useTranslation();
  const row = (x: PlayerInfo) => (
    <IndexRow to={`/playerLibrary/${encodeURIComponent(x.id)}`} testId="library-player" image={x.photo} name={x.name} details={[x.position, <Region name={x.nationality} code={x.nationalityCode} />]} />
  );
  return (
    <IndexPage testId="player-index" title={t("matches.library.players")}>
      {(gameId) => <PagedRows kind="players" load={matchesApi.libraryPlayers} gameId={gameId} row={row} />}
    </IndexPage>
  );
}

const teamLink = (id: string, name: string | undefined) => (id ? <Link to={`/squadLibrary/${encodeURIComponent(id)}`}>{name || id}</Link> : "–");

const TRANSFER_COLUMNS: Column<Transfer>[] = [
  { header: "matches.library.date", cell: (x) => <LibDate iso={x.date} /> },
  {
    header: "matches.detail.player",
    className: tableStyles.dtableLeft,
    cell: (x) => <Link to={`/playerLibrary/${encodeURIComponent(x.playerId)}`}>{x.playerName || x.playerId}</Link>,
  },
  { header: "matches.library.from", className: tableStyles.dtableLeft, cell: (x) => teamLink(x.fromTeamId, x.fromTeamName) },
  { header: "matches.library.to", className: tableStyles.dtableLeft, cell: (x) => teamLink(x.toTeamId, x.toTeamName) },
  { header: "matches.library.fee", cell: (x, t) => (x.fee > 0 ? <Money usd={x.fee} /> : t("matches.library.undisclosed")) },
];

function TransfersTable({ list }: { list: Transfer[] }) {
  // A league's list holds a move once per club involved; a reader wants each move once.
  const seen = new Set<string>();
  const moves = list.filter((x) => {
    const k = `${x.playerId}|${x.date}|${x.fromTeamId}|${x.toTeamId}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  if (moves.length === 0) return <NoData />;
  return <DataTable testId="transfers" columns={TRANSFER_COLUMNS} rows={moves} rowKey={(x, i) => `${x.playerId}-${x.date}-${i}`} />;
}

function HonoursList({ list }: { list: Honour[] }) {
  if (list.length === 0) return <NoData />;
  return (
    <ul className={styles.lineup} data-testid="honours">
      {list.map((h, i) => (
        <li key={`${h.title}-${h.season}-${i}`}>
          🏆 {h.title} <span className={styles.muted}>· {h.season || h.year}</span>
        </li>
      ))}
    </ul>
  );
}

/** A titled block of a config sub-page (advancement, transfers, honours). */
function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.libBlock}>
      <h3>{title}</h3>
      {children}
    </div>
  );
}

function Advancement({ p }: { p: LeaguePageData }) {
  const cat = useCatalogue();
  const { byId } = catalogueIndex(cat.status === "ready" ? cat.value : undefined);
  if (p.advancement.kind === "table" || !p.advancement.rounds?.length) return <StandingsTable rows={p.standings} />;
  return (
    <div className={styles.bracket} data-testid="bracket">
      {p.advancement.rounds.map((r) => (
        <div key={r.id} className={styles.bracketRound}>
          <h4>{r.name}</h4>
          {r.matches.map((m) => (
            <Link key={m.id} to={`/${gameSlug(m.gameId, byId)}/${encodeURIComponent(m.id)}`} className={styles.bracketMatch}>
              <span className={m.status === 5 && m.homeScore > m.awayScore ? styles.bracketWin : undefined}>
                {m.homeName} <b>{m.status === 0 || m.status === 8 ? "" : m.homeScore}</b>
              </span>
              <span className={m.status === 5 && m.awayScore > m.homeScore ? styles.bracketWin : undefined}>
                {m.awayName} <b>{m.status === 0 || m.status === 8 ? "" : m.awayScore}</b>
              </span>
            </Link>
          ))}
        </div>
      ))}
    </div>
  );
}

export function LeagueLibraryPage() {
  const tab = useLibraryTab("league");
  return tab ? <LeaguePage tab={tab} /> : <NotFound />;
}

function LeaguePage({ tab }: { tab: LibraryTab }) {
  const { id = "" } = useParams();
  const entry = useResource(`league|${id}`, () => matchesApi.libraryLeague(id));
  return (
    <Loadable resource={entry} notFound="page" minHeight={LIST_MIN_HEIGHT}>
      {(p) => <LeagueBody tab={tab} id={id} p={p} />}
    </Loadable>
  );
}

function LeagueBody({ tab, id, p }: { tab: LibraryTab; id: string; p: LeaguePageData }) {
  const { t } = useTranslation();
  const { t: st } = useScheduleT();
  const current = p.seasons.find((s) => s.current);
  return (
    <section className={styles.lib} data-testid="league-page">
      <LibraryNav />
      <header className={styles.libHead}>
        <TeamLogo src={p.league.logo} name={p.league.name} className={styles.libHeadLogo} />
        <div>
          <h1>{p.league.name}</h1>
          <p className={styles.muted}>
            <Region name={p.league.country} code={p.league.countryCode} /> {current && `· ${t("matches.library.season")}: ${current.name}`} {p.league.source === "simulator" && <SimulatedBadge />}
          </p>
        </div>
      </header>
      <LibraryTabs kind="league" id={id} current={tab} />
      <div className={detailStyles.mdetailPanel} data-testid={`libpanel-${tab}`}>
        <LeagueSection
          tab={tab}
          p={p}
          config={
            <div data-testid="config">
              <FactList
                className={styles.libFacts}
                facts={[
                  [t("matches.library.country"), <Region name={p.league.country} code={p.league.countryCode} />],
                  [st("lib.format"), st(`lib.kinds.${p.league.kind}` as "lib.kinds.league", { defaultValue: p.league.kind || "–" })],
                  [st("lib.tier"), p.league.tier > 0 ? String(p.league.tier) : "–"],
                  [t("matches.library.season"), current?.name ?? "–"],
                  [st("lib.seasons"), p.seasons.map((s) => s.name).join(", ") || "–"],
                  [st("lib.stages"), p.stages.map((s) => s.name).join(", ") || "–"],
                ]}
              />
              {p.advancement.kind === "bracket" && (
                <Block title={t("matches.library.advancement")}>
                  <Advancement p={p} />
                </Block>
              )}
              <Block title={t("matches.library.honours")}>
                <HonoursList list={p.honours} />
              </Block>
            </div>
          }
          transfers={
            <Block title={t("matches.library.transfers")}>
              <TransfersTable list={p.transfers} />
            </Block>
          }
        />
      </div>
    </section>
  );
}

const SQUAD_COLUMNS: Column<PlayerInfo>[] = [
  { header: "matches.library.shirt", cell: (x) => x.shirt || "" },
  {
    header: "matches.detail.player",
    className: tableStyles.dtableLeft,
    cell: (x) => <Link to={`/playerLibrary/${encodeURIComponent(x.id)}`}>{x.name}</Link>,
  },
  { header: "matches.library.position", cell: (x) => x.position },
  { header: "matches.library.nationality", cell: (x) => <Region name={x.nationality} code={x.nationalityCode} /> },
  { header: "matches.library.powerValue", cell: (x) => x.powerValue || "–" },
];

export function TeamLibraryPage() {
  const tab = useLibraryTab("team");
  return tab ? <TeamPage tab={tab} /> : <NotFound />;
}

function TeamPage({ tab }: { tab: LibraryTab }) {
  const { id = "" } = useParams();
  const entry = useResource(`team|${id}`, () => matchesApi.libraryTeam(id));
  return (
    <Loadable resource={entry} notFound="page" minHeight={LIST_MIN_HEIGHT}>
      {(p) => <TeamBody tab={tab} id={id} p={p} />}
    </Loadable>
  );
}

function TeamBody({ tab, id, p }: { tab: LibraryTab; id: string; p: TeamPageData }) {
  const { t } = useTranslation();
  const tm = p.team;
  const facts: Fact[] = [
    [t("matches.library.fullName"), tm.fullName || tm.name],
    [t("matches.library.country"), <Region name={tm.country} code={tm.countryCode} />],
    [t("matches.library.headCoach"), tm.headCoach || "–"],
    [t("matches.library.assistantCoach"), tm.assistantCoach || "–"],
    [t("matches.library.averageAge"), tm.averageAge ? tm.averageAge.toFixed(1) : "–"],
    [t("matches.library.prizeMoney"), <Money usd={tm.prizeMoney} />],
    [t("matches.library.founded"), <LibDate iso={tm.founded} />],
    [t("matches.library.worldRanking"), tm.worldRanking > 0 ? `#${tm.worldRanking}` : "–"],
    [t("matches.library.members"), String(p.squad.length)],
  ];
  return (
    <section className={styles.lib} data-testid="team-page">
      <LibraryNav />
      <header className={styles.libHead}>
        <TeamLogo src={tm.logo} name={tm.name} className={styles.libHeadLogo} />
        <div>
          <h1>{tm.name}</h1>
          {tm.source === "simulator" && <SimulatedBadge />}
        </div>
      </header>
      <LibraryTabs kind="team" id={id} current={tab} />
      <div className={detailStyles.mdetailPanel} data-testid={`libpanel-${tab}`}>
        <TeamSection
          tab={tab}
          p={p}
          squad={p.squad.length === 0 ? <NoData /> : <DataTable testId="squad" columns={SQUAD_COLUMNS} rows={p.squad} rowKey={(x) => x.id} />}
          config={
            <div data-testid="config">
              <FactList facts={facts} className={styles.libFacts} />
              <Block title={t("matches.library.transfers")}>
                <TransfersTable list={p.transfers} />
              </Block>
              <Block title={t("matches.library.honours")}>
                <HonoursList list={p.honours} />
              </Block>
            </div>
          }
        />
      </div>
    </section>
  );
}

export function PlayerLibraryPage() {
  const tab = useLibraryTab("player");
  return tab ? <PlayerPage tab={tab} /> : <NotFound />;
}

function PlayerPage({ tab }: { tab: LibraryTab }) {
  const { id = "" } = useParams();
  const entry = useResource(`player|${id}`, () => matchesApi.libraryPlayer(id));
  return (
    <Loadable resource={entry} notFound="page" minHeight={LIST_MIN_HEIGHT}>
      {(p) => <PlayerBody tab={tab} id={id} p={p} />}
    </Loadable>
  );
}

function PlayerBody({ tab, id, p }: { tab: LibraryTab; id: string; p: PlayerPageData }) {
  const { t } = useTranslation();
  const pl = p.player;
  const facts: Fact[] = [
    [t("matches.library.fullName"), pl.fullName || pl.name],
    [t("matches.library.nationality"), <Region name={pl.nationality} code={pl.nationalityCode} />],
    [t("matches.library.position"), pl.position || "–"],
    [t("matches.library.shirt"), pl.shirt ? String(pl.shirt) : "–"],
    [t("matches.library.birth"), <LibDate iso={pl.birth} />],
    ...(pl.height ? [[t("matches.library.height"), t("matches.library.heightCm", { cm: pl.height })] as Fact] : []),
    ...(pl.marketValue ? [[t("matches.library.marketValue"), <Money usd={pl.marketValue} />] as Fact] : []),
    [t("matches.library.powerValue"), pl.powerValue ? String(pl.powerValue) : "–"],
    // KDA belongs to esports players; a footballer or a tennis player has none to show.
    ...(pl.kda ? [[t("matches.library.kda"), pl.kda.toFixed(2)] as Fact] : []),
  ];
  return (
    <section className={styles.lib} data-testid="player-page">
      <LibraryNav />
      <header className={styles.libHead}>
        <TeamLogo src={pl.photo} name={pl.name} className={styles.libHeadLogo} />
        <div>
          <h1>{pl.name}</h1>
          <p className={styles.muted}>
            {t("matches.library.team")}: {p.team ? <Link to={`/squadLibrary/${encodeURIComponent(p.team.id)}`}>{p.team.name}</Link> : "–"}{" "}
            {pl.source === "simulator" && <SimulatedBadge />}
          </p>
        </div>
      </header>
      <LibraryTabs kind="player" id={id} current={tab} />
      <div className={detailStyles.mdetailPanel} data-testid={`libpanel-${tab}`}>
        <PlayerSection
          tab={tab}
          p={p}
          config={
            <div data-testid="config">
              <FactList facts={facts} className={styles.libFacts} />
              <Block title={t("matches.library.transfers")}>
                <TransfersTable list={p.transfers} />
              </Block>
              <Block title={t("matches.library.honours")}>
                <HonoursList list={p.honours} />
              </Block>
            </div>
          }
        />
      </div>
    </section>
  );
}
