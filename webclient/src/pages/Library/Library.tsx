// The data library (spec §2): league, team and player pages and their index pages
// (/leagueLibrary, /squadLibrary, /playerLibrary, each with /:id). League pages show the
// standings, the advancement chart (a bracket for cups and series, the table for leagues),
// results, schedule, transfers and honours; team pages the club's fields of spec §3, squad,
// recent form (5/7/10/15/30), fixtures, transfers, honours; player pages the player's fields,
// the last 20 matches with averages, transfers and honours.
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { Virtuoso } from "react-virtuoso";
import {
  matchesApi,
  type Honour,
  type LeaguePageData,
  type PlayerInfo,
  type PlayerPageData,
  type TeamInfo,
  type TeamPageData,
  type Transfer,
} from "../../api/endpoints";
import { NoData } from "../../components/NoData";
import { catalogueIndex, errorText, gameSlug, isNotServed, useCatalogue, useFetch } from "../Matches/hooks";
import { LiveMatchList, LoadError, Loading } from "../Matches/MatchList";
import { SimulatedBadge, TeamLogo } from "../Matches/MatchRow";
import { FormChips, StandingsTable, statLabel, WindowPicker } from "../Matches/DetailTabs";
import { formatCount, percent } from "../Matches/format";
import "../Matches/Matches.css";
import "../Matches/MatchDetail.css";
import "./Library.css";

const isoDate = (s: string | undefined) => (s && !s.startsWith("0001") ? s.slice(0, 10) : "–");
const money = (n: number) => (n > 0 ? `$${formatCount(n)}` : "–");

function LibraryNav() {
  const { t } = useTranslation();
  return (
    <nav className="lib-nav" data-testid="library-nav">
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
    <div className="mlist__games" aria-label={t("matches.library.game")}>
      <button type="button" className={`mlist__game${value === undefined ? " mlist__game--on" : ""}`} onClick={() => onChange(undefined)}>
        {t("matches.all")}
      </button>
      {games.map((g) => (
        <button key={g.id} type="button" className={`mlist__game${value === g.id ? " mlist__game--on" : ""}`} onClick={() => onChange(g.id)}>
          {g.name}
        </button>
      ))}
    </div>
  );
}

export function LeagueIndex() {
  const { t } = useTranslation();
  const [gameId, setGame] = useGameFilter();
  const cat = useCatalogue();
  const { byId } = catalogueIndex(cat.status === "ready" ? cat.value : undefined);
  const { state, reload } = useFetch(() => matchesApi.libraryLeagues(gameId), `leagues|${gameId}`);
  return (
    <section className="lib" data-testid="league-index">
      <LibraryNav />
      <h1>{t("matches.library.leagues")}</h1>
      <GameFilter value={gameId} onChange={setGame} />
      {state.status === "loading" && <Loading />}
      {state.status === "error" && <LoadError message={state.message} notServed={state.notServed} onRetry={reload} />}
      {state.status === "ready" &&
        (state.value.length === 0 ? (
          <NoData />
        ) : (
          <ul className="league-grid lib__grid">
            {state.value.map((l) => (
              <li key={l.id}>
                <Link to={`/leagueLibrary/${encodeURIComponent(l.id)}`} className="league-card" data-testid="library-league">
                  <span className="league-card__game">{byId.get(l.gameId)?.name ?? l.gameId}</span>
                  <span className="league-card__name">{l.name}</span>
                  <span className="league-card__counts">
                    {l.country} {l.source === "simulator" && <SimulatedBadge />}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

const INDEX_PAGE = 50;

/** A paged index (teams or players) loaded as the virtual list reaches its end. */
function usePagedIndex<T>(load: (q: { gameId?: number; pageIndex: number; pageSize: number }) => Promise<T[]>, gameId?: number) {
  const [items, setItems] = useState<T[]>([]);
  const [error, setError] = useState<{ message: string; notServed: boolean } | null>(null);
  const [loading, setLoading] = useState(true);
  const page = useRef(0);
  const done = useRef(false);
  const busy = useRef(false);
  const gen = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const next = useCallback(() => {
    if (busy.current || done.current) return;
    busy.current = true;
    const g = gen.current;
    loadRef.current({ gameId, pageIndex: page.current + 1, pageSize: INDEX_PAGE }).then(
      (list) => {
        if (g !== gen.current) return;
        page.current += 1;
        if (list.length < INDEX_PAGE) done.current = true;
        setItems((cur) => [...cur, ...list]);
        setLoading(false);
        busy.current = false;
      },
      (err: unknown) => {
        if (g !== gen.current) return;
        setError({ message: errorText(err), notServed: isNotServed(err) });
        setLoading(false);
        busy.current = false;
      },
    );
  }, [gameId]);
  useEffect(() => {
    gen.current++;
    page.current = 0;
    done.current = false;
    busy.current = false;
    setItems([]);
    setError(null);
    setLoading(true);
    next();
  }, [next]);
  return { items, error, loading, next };
}

export function TeamIndex() {
  const { t } = useTranslation();
  const [gameId, setGame] = useGameFilter();
  const { items, error, loading, next } = usePagedIndex<TeamInfo>(matchesApi.libraryTeams, gameId);
  return (
    <section className="lib" data-testid="team-index">
      <LibraryNav />
      <h1>{t("matches.library.teams")}</h1>
      <GameFilter value={gameId} onChange={setGame} />
      {loading && <Loading />}
      {error && items.length === 0 && <LoadError message={error.message} notServed={error.notServed} />}
      {!loading && !error && items.length === 0 && <NoData />}
      {items.length > 0 && (
        <Virtuoso
          useWindowScroll
          data={items}
          endReached={next}
          computeItemKey={(_, x) => x.id}
          itemContent={(_, x) => (
            <Link className="lib-row" to={`/squadLibrary/${encodeURIComponent(x.id)}`} data-testid="library-team">
              <TeamLogo src={x.logo} name={x.name} />
              <span className="lib-row__name">{x.name}</span>
              <span className="muted">{x.country}</span>
              <span className="muted">{x.worldRanking > 0 ? `#${x.worldRanking}` : ""}</span>
            </Link>
          )}
        />
      )}
    </section>
  );
}

export function PlayerIndex() {
  const { t } = useTranslation();
  const [gameId, setGame] = useGameFilter();
  const { items, error, loading, next } = usePagedIndex<PlayerInfo>(matchesApi.libraryPlayers, gameId);
  return (
    <section className="lib" data-testid="player-index">
      <LibraryNav />
      <h1>{t("matches.library.players")}</h1>
      <GameFilter value={gameId} onChange={setGame} />
      {loading && <Loading />}
      {error && items.length === 0 && <LoadError message={error.message} notServed={error.notServed} />}
      {!loading && !error && items.length === 0 && <NoData />}
      {items.length > 0 && (
        <Virtuoso
          useWindowScroll
          data={items}
          endReached={next}
          computeItemKey={(_, x) => x.id}
          itemContent={(_, x) => (
            <Link className="lib-row" to={`/playerLibrary/${encodeURIComponent(x.id)}`} data-testid="library-player">
              <TeamLogo src={x.photo} name={x.name} />
              <span className="lib-row__name">{x.name}</span>
              <span className="muted">{x.position}</span>
              <span className="muted">{x.nationality}</span>
            </Link>
          )}
        />
      )}
    </section>
  );
}

function TransfersTable({ list }: { list: Transfer[] }) {
  const { t } = useTranslation();
  if (list.length === 0) return <NoData />;
  return (
    <table className="dtable" data-testid="transfers">
      <thead>
        <tr>
          <th>{t("matches.library.date")}</th>
          <th className="dtable__left">{t("matches.detail.player")}</th>
          <th className="dtable__left">{t("matches.library.from")}</th>
          <th className="dtable__left">{t("matches.library.to")}</th>
          <th>{t("matches.library.fee")}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((x, i) => (
          <tr key={`${x.playerId}-${x.date}-${i}`}>
            <td>{isoDate(x.date)}</td>
            <td className="dtable__left">
              <Link to={`/playerLibrary/${encodeURIComponent(x.playerId)}`}>{x.playerName || x.playerId}</Link>
            </td>
            <td className="dtable__left">{x.fromTeamId ? <Link to={`/squadLibrary/${encodeURIComponent(x.fromTeamId)}`}>{x.fromTeamName || x.fromTeamId}</Link> : "–"}</td>
            <td className="dtable__left">{x.toTeamId ? <Link to={`/squadLibrary/${encodeURIComponent(x.toTeamId)}`}>{x.toTeamName || x.toTeamId}</Link> : "–"}</td>
            <td>{x.fee > 0 ? money(x.fee) : t("matches.library.undisclosed")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function HonoursList({ list }: { list: Honour[] }) {
  if (list.length === 0) return <NoData />;
  return (
    <ul className="lineup" data-testid="honours">
      {list.map((h, i) => (
        <li key={`${h.title}-${h.season}-${i}`}>
          🏆 {h.title} <span className="muted">· {h.season || h.year}</span>
        </li>
      ))}
    </ul>
  );
}

const LEAGUE_TABS = ["standings", "advancement", "results", "schedule", "transfers", "honours"] as const;
const TEAM_TABS = ["squad", "recentForm", "upcoming", "transfers", "honours"] as const;
const PLAYER_TABS = ["recentMatches", "transfers", "honours"] as const;

function Tabs<K extends string>({ tabs, value, onChange, label }: { tabs: readonly K[]; value: K; onChange: (k: K) => void; label: (k: K) => string }) {
  return (
    <div className="mdetail__tabs" role="tablist">
      {tabs.map((k) => (
        <button key={k} type="button" role="tab" aria-selected={value === k} className={`mdetail__tab${value === k ? " mdetail__tab--on" : ""}`} onClick={() => onChange(k)} data-testid={`ltab-${k}`}>
          {label(k)}
        </button>
      ))}
    </div>
  );
}

function Advancement({ p }: { p: LeaguePageData }) {
  const cat = useCatalogue();
  const { byId } = catalogueIndex(cat.status === "ready" ? cat.value : undefined);
  if (p.advancement.kind === "table" || !p.advancement.rounds?.length) return <StandingsTable rows={p.standings} />;
  return (
    <div className="bracket" data-testid="bracket">
      {p.advancement.rounds.map((r) => (
        <div key={r.id} className="bracket__round">
          <h4>{r.name}</h4>
          {r.matches.map((m) => (
            <Link key={m.id} to={`/${gameSlug(m.gameId, byId)}/${encodeURIComponent(m.id)}`} className="bracket__match">
              <span className={m.status === 5 && m.homeScore > m.awayScore ? "bracket__win" : undefined}>
                {m.homeName} <b>{m.status === 0 || m.status === 8 ? "" : m.homeScore}</b>
              </span>
              <span className={m.status === 5 && m.awayScore > m.homeScore ? "bracket__win" : undefined}>
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
  const { id = "" } = useParams();
  const { t } = useTranslation();
  const [tab, setTab] = useState<(typeof LEAGUE_TABS)[number]>("standings");
  const { state, reload } = useFetch(() => matchesApi.libraryLeague(id), `league|${id}`);
  if (state.status === "loading") return <Loading />;
  if (state.status === "error") return <LoadError message={state.message} notServed={state.notServed} onRetry={reload} />;
  const p = state.value;
  const current = p.seasons.find((s) => s.current);
  return (
    <section className="lib" data-testid="league-page">
      <LibraryNav />
      <header className="lib-head">
        <TeamLogo src={p.league.logo} name={p.league.name} />
        <div>
          <h1>{p.league.name}</h1>
          <p className="muted">
            {p.league.country} {current && `· ${t("matches.library.season")}: ${current.name}`} {p.league.source === "simulator" && <SimulatedBadge />}
          </p>
        </div>
      </header>
      <Tabs tabs={LEAGUE_TABS} value={tab} onChange={setTab} label={(k) => t(`matches.library.${k}`)} />
      <div className="mdetail__panel">
        {tab === "standings" && <StandingsTable rows={p.standings} />}
        {tab === "advancement" && <Advancement p={p} />}
        {tab === "results" && <LiveMatchList items={p.results} showDate />}
        {tab === "schedule" && <LiveMatchList items={p.schedule} showDate />}
        {tab === "transfers" && <TransfersTable list={p.transfers} />}
        {tab === "honours" && <HonoursList list={p.honours} />}
      </div>
    </section>
  );
}

function TeamForm({ p }: { p: TeamPageData }) {
  const { t } = useTranslation();
  const windows = p.form.windows.map((w) => w.window);
  const [n, setN] = useState(windows[2] ?? windows[0] ?? 10);
  const w = p.form.windows.find((x) => x.window === n);
  if (!w || w.played === 0) return <NoData />;
  return (
    <div data-testid="team-form">
      <WindowPicker windows={windows} value={n} onChange={setN} />
      <dl className="form-stats">
        <div>
          <dt>{t("matches.detail.played")}</dt>
          <dd>{w.played}</dd>
        </div>
        <div>
          <dt>
            {t("matches.detail.won")}/{t("matches.detail.drawn")}/{t("matches.detail.lost")}
          </dt>
          <dd>
            {w.won}/{w.drawn}/{w.lost}
          </dd>
        </div>
        <div>
          <dt>{t("matches.detail.winRate")}</dt>
          <dd>{percent(w.winRate)}</dd>
        </div>
        <div>
          <dt>{t("matches.detail.results")}</dt>
          <dd>
            <FormChips results={w.results} />
          </dd>
        </div>
      </dl>
      <LiveMatchList items={p.form.matches.slice(0, n)} showDate />
    </div>
  );
}

export function TeamLibraryPage() {
  const { id = "" } = useParams();
  const { t } = useTranslation();
  const [tab, setTab] = useState<(typeof TEAM_TABS)[number]>("squad");
  const { state, reload } = useFetch(() => matchesApi.libraryTeam(id), `team|${id}`);
  if (state.status === "loading") return <Loading />;
  if (state.status === "error") return <LoadError message={state.message} notServed={state.notServed} onRetry={reload} />;
  const p = state.value;
  const tm = p.team;
  const facts: [string, string][] = [
    [t("matches.library.fullName"), tm.fullName || tm.name],
    [t("matches.library.country"), tm.country || "–"],
    [t("matches.library.headCoach"), tm.headCoach || "–"],
    [t("matches.library.assistantCoach"), tm.assistantCoach || "–"],
    [t("matches.library.averageAge"), tm.averageAge ? tm.averageAge.toFixed(1) : "–"],
    [t("matches.library.prizeMoney"), money(tm.prizeMoney)],
    [t("matches.library.founded"), isoDate(tm.founded)],
    [t("matches.library.worldRanking"), tm.worldRanking > 0 ? `#${tm.worldRanking}` : "–"],
    [t("matches.library.members"), String(p.squad.length)],
  ];
  return (
    <section className="lib" data-testid="team-page">
      <LibraryNav />
      <header className="lib-head">
        <TeamLogo src={tm.logo} name={tm.name} />
        <div>
          <h1>{tm.name}</h1>
          {tm.source === "simulator" && <SimulatedBadge />}
        </div>
      </header>
      <dl className="form-stats lib-facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <Tabs tabs={TEAM_TABS} value={tab} onChange={setTab} label={(k) => t(`matches.library.${k}` as "matches.library.squad", { n: 30 })} />
      <div className="mdetail__panel">
        {tab === "squad" &&
          (p.squad.length === 0 ? (
            <NoData />
          ) : (
            <table className="dtable" data-testid="squad">
              <thead>
                <tr>
                  <th>{t("matches.library.shirt")}</th>
                  <th className="dtable__left">{t("matches.detail.player")}</th>
                  <th>{t("matches.library.position")}</th>
                  <th>{t("matches.library.nationality")}</th>
                  <th>{t("matches.library.powerValue")}</th>
                </tr>
              </thead>
              <tbody>
                {p.squad.map((x) => (
                  <tr key={x.id}>
                    <td>{x.shirt || ""}</td>
                    <td className="dtable__left">
                      <Link to={`/playerLibrary/${encodeURIComponent(x.id)}`}>{x.name}</Link>
                    </td>
                    <td>{x.position}</td>
                    <td>{x.nationality}</td>
                    <td>{x.powerValue || "–"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        {tab === "recentForm" && <TeamForm p={p} />}
        {tab === "upcoming" && <LiveMatchList items={p.upcoming} showDate />}
        {tab === "transfers" && <TransfersTable list={p.transfers} />}
        {tab === "honours" && <HonoursList list={p.honours} />}
      </div>
    </section>
  );
}

export function PlayerLibraryPage() {
  const { id = "" } = useParams();
  const { t } = useTranslation();
  const [tab, setTab] = useState<(typeof PLAYER_TABS)[number]>("recentMatches");
  const { state, reload } = useFetch(() => matchesApi.libraryPlayer(id), `player|${id}`);
  if (state.status === "loading") return <Loading />;
  if (state.status === "error") return <LoadError message={state.message} notServed={state.notServed} onRetry={reload} />;
  const p: PlayerPageData = state.value;
  const pl = p.player;
  const keys = Object.keys(p.averages).sort();
  const facts: [string, string][] = [
    [t("matches.library.fullName"), pl.fullName || pl.name],
    [t("matches.library.nationality"), pl.nationality || "–"],
    [t("matches.library.position"), pl.position || "–"],
    [t("matches.library.shirt"), pl.shirt ? String(pl.shirt) : "–"],
    [t("matches.library.birth"), isoDate(pl.birth)],
    [t("matches.library.powerValue"), pl.powerValue ? String(pl.powerValue) : "–"],
    [t("matches.library.kda"), pl.kda ? pl.kda.toFixed(2) : "–"],
  ];
  return (
    <section className="lib" data-testid="player-page">
      <LibraryNav />
      <header className="lib-head">
        <TeamLogo src={pl.photo} name={pl.name} />
        <div>
          <h1>{pl.name}</h1>
          <p className="muted">
            {t("matches.library.team")}: {p.team ? <Link to={`/squadLibrary/${encodeURIComponent(p.team.id)}`}>{p.team.name}</Link> : "–"}{" "}
            {pl.source === "simulator" && <SimulatedBadge />}
          </p>
        </div>
      </header>
      <dl className="form-stats lib-facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <Tabs tabs={PLAYER_TABS} value={tab} onChange={setTab} label={(k) => t(`matches.library.${k}` as "matches.library.transfers", { n: p.window })} />
      <div className="mdetail__panel">
        {tab === "recentMatches" &&
          (p.recent.length === 0 ? (
            <NoData />
          ) : (
            <div className="table-scroll">
              <h3>{t("matches.library.averages")}</h3>
              <table className="dtable" data-testid="player-recent">
                <thead>
                  <tr>
                    <th className="dtable__left">#</th>
                    {keys.map((k) => (
                      <th key={k}>{statLabel(t, k)}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  <tr className="dtable__hl">
                    <td className="dtable__left">{t("matches.library.averages")}</td>
                    {keys.map((k) => (
                      <td key={k}>{p.averages[k]!.toFixed(1)}</td>
                    ))}
                  </tr>
                  {p.recent.map((r, i) => (
                    <tr key={`${r.match}-${i}`}>
                      <td className="dtable__left">{r.match}</td>
                      {keys.map((k) => (
                        <td key={k}>{r.values[k] ?? "–"}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        {tab === "transfers" && <TransfersTable list={p.transfers} />}
        {tab === "honours" && <HonoursList list={p.honours} />}
      </div>
    </section>
  );
}
