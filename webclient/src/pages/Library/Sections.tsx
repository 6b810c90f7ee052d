// The component sub-pages of the library pages (spec §2: config, team table, sort tables, data
// and means modules, schedule table), each a tab with its own URL
// (/leagueLibrary/<id>/teamTable ...). What a sub-page shows depends on the kind of page:
//
// | sub-page      | league                          | team                        | player                          |
// |---------------|---------------------------------|-----------------------------|---------------------------------|
// | config        | facts, advancement, honours     | club facts, transfers, honours | profile, transfers, honours  |
// | teamTable     | standings                       | squad                       | the player's team's squad       |
// | sortTable     | teams ranked by a chosen figure | squad ranked by a figure    | recent matches by a statistic   |
// | dataModule    | season figures, transfers       | recent form                 | last matches' statistics        |
// | meansModule   | per-team averages, league mean  | averages per form window    | the player's averages           |
// | scheduleTable | fixtures, then results          | fixtures, then results      | the team's fixtures and results |
//
// A sub-page without data shows the no-data image, never the not-found page.
import { useState, type ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { useTranslation } from "react-i18next";
import { matchesApi, type LeaguePageData, type PlayerInfo, type PlayerPageData, type TeamPageData } from "../../api/matches";
import { NoData } from "../../components/NoData";
import { Region } from "../../components/Region";
import { DataTable, type Column } from "../../components/DataTable";
import { FactList, type Fact } from "../../components/FactList";
import { useScheduleT } from "../../i18n/schedule";
import { useAtomValue } from "../../state/hooks";
import { HTML_LANG } from "../../i18n/locales";
import { localeAtom } from "../../state/locale";
import { Loadable, useResource } from "../../data";
import { catalogueIndex, gameSlug, useCatalogue } from "../../features/matches/hooks";
import { LiveMatchList } from "../../features/matches/MatchList";
import { TeamLogo } from "../../features/matches/MatchRow";
import { StandingsTable, statLabel, WindowPicker, WindowStats } from "../../features/matches/DetailTabs";
import { percent } from "../../features/matches/format";
import { LIBRARY_TABS, leagueAverage, leagueSummary, RANK_METRICS, rankTeams, teamLines, type LibraryTab, type RankMetric, type TeamLine } from "./stats";
import styles from "./Library.module.css";
import detailStyles from "../../features/matches/MatchDetail.module.css";
import tableStyles from "../../components/DataTable.module.css";

export type LibraryKind = "league" | "team" | "player";

const BASE: Record<LibraryKind, string> = { league: "/leagueLibrary", team: "/squadLibrary", player: "/playerLibrary" };

/**
 * The sub-page tabs: links, so each sub-page can be opened, shared and indexed by its URL, and the
 * back button walks back through the sub-pages a reader opened.
 */
export function LibraryTabs({ kind, id, current }: { kind: LibraryKind; id: string; current: LibraryTab }) {
  const { t } = useScheduleT();
  return (
    <nav className={detailStyles.mdetailTabs}>
      {LIBRARY_TABS.map((k) => (
        <NavLink
          key={k}
          to={`${BASE[kind]}/${encodeURIComponent(id)}/${k}`}
          className={`${detailStyles.mdetailTab}${k === current ? ` ${detailStyles.mdetailTabOn}` : ""}`}
          aria-current={k === current ? "page" : undefined}
          data-testid={`libtab-${k}`}
        >
          {t(`tabs.${kind}.${k}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/** "2.35": a per-match figure. */
const fixed = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : "–");

/** Fixtures, then results: the schedule table of every kind of page. */
function FixturesAndResults({ upcoming, results }: { upcoming: TeamPageData["upcoming"]; results: TeamPageData["upcoming"] }) {
  const { t } = useTranslation();
  if (upcoming.length === 0 && results.length === 0) return <NoData />;
  return (
    <div data-testid="schedule-table">
      <h3>{t("matches.library.schedule")}</h3>
      <LiveMatchList items={upcoming} showDate />
      <h3>{t("matches.library.results")}</h3>
      <LiveMatchList items={results} showDate />
    </div>
  );
}

/** A select of the figure a ranking sorts by. */
function RankBy<K extends string>({ value, options, label, onChange }: { value: K; options: readonly K[]; label: (k: K) => string; onChange: (k: K) => void }) {
  const { t } = useScheduleT();
  return (
    <label className={styles.libRankby}>
      <span>{t("lib.rankBy")}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as K)} data-testid="rank-by">
        {options.map((k) => (
          <option key={k} value={k}>
            {label(k)}
          </option>
        ))}
      </select>
    </label>
  );
}

const teamCell = (l: { teamId: string; teamName: string; teamLogo: string }) => (
  <Link to={`/squadLibrary/${encodeURIComponent(l.teamId)}`} className={styles.libTeam}>
    <TeamLogo src={l.teamLogo} name={l.teamName} /> {l.teamName}
  </Link>
);

// ---- league --------------------------------------------------------------------------------

export function LeagueSection({ tab, p, config, transfers }: { tab: LibraryTab; p: LeaguePageData; config: ReactNode; transfers: ReactNode }) {
  switch (tab) {
    case "config":
      return <>{config}</>;
    case "teamTable":
      return <StandingsTable rows={p.standings} />;
    case "sortTable":
      return <LeagueRankings p={p} />;
    case "dataModule":
      return <LeagueData p={p} transfers={transfers} />;
    case "meansModule":
      return <LeagueMeans p={p} />;
    case "scheduleTable":
      return <FixturesAndResults upcoming={p.schedule} results={p.results} />;
  }
}

function metricLabel(t: ReturnType<typeof useScheduleT>["t"], tr: ReturnType<typeof useTranslation>["t"], m: RankMetric): string {
  switch (m) {
    case "points":
      return tr("matches.table.points");
    case "winRate":
      return tr("matches.detail.winRate");
    case "scoredPerMatch":
      return t("lib.scoredPerMatch");
    case "concededPerMatch":
      return t("lib.concededPerMatch");
    case "difference":
      return t("lib.difference");
  }
}

function metricValue(l: TeamLine, m: RankMetric): string {
  if (m === "winRate") return percent(l.winRate);
  if (m === "points" || m === "difference") return String(l[m]);
  return fixed(l[m]);
}

function LeagueRankings({ p }: { p: LeaguePageData }) {
  const { t } = useScheduleT();
  const { t: tr } = useTranslation();
  const [metric, setMetric] = useState<RankMetric>("points");
  const lines = rankTeams(teamLines(p.standings), metric);
  if (lines.length === 0) return <NoData />;
  const columns: Column<TeamLine>[] = [
    { key: "rank", label: "#", cell: (l) => lines.indexOf(l) + 1 },
    { key: "team", label: tr("matches.table.team"), className: tableStyles.dtableLeft, cell: teamCell },
    { key: "played", label: tr("matches.table.played"), cell: (l) => l.played },
    { key: "value", label: metricLabel(t, tr, metric), cell: (l) => <b>{metricValue(l, metric)}</b> },
  ];
  return (
    <div data-testid="sort-table">
      <RankBy value={metric} options={RANK_METRICS} label={(m) => metricLabel(t, tr, m)} onChange={setMetric} />
      <DataTable columns={columns} rows={lines} rowKey={(l) => l.teamId} />
    </div>
  );
}

function LeagueData({ p, transfers }: { p: LeaguePageData; transfers: ReactNode }) {
  const { t } = useScheduleT();
  const s = leagueSummary(p.results);
  if (s.played === 0)
    return (
      <div data-testid="data-module">
        <NoData />
        {transfers}
      </div>
    );
  const share = (n: number) => `${n} (${percent(n / s.played)})`;
  const b = s.biggestWin;
  const facts: Fact[] = [
    [t("lib.played"), s.played],
    [t("lib.homeWins"), share(s.homeWins)],
    [t("lib.draws"), share(s.draws)],
    [t("lib.awayWins"), share(s.awayWins)],
    [t("lib.scoredPerMatch"), fixed(s.scoredPerMatch)],
  ];
  if (b) facts.push([t("lib.biggestWin"), `${b.homeName} ${b.homeScore}-${b.awayScore} ${b.awayName}`]);
  return (
    <div data-testid="data-module">
      <FactList facts={facts} className={styles.libFacts} />
      {transfers}
    </div>
  );
}

function LeagueMeans({ p }: { p: LeaguePageData }) {
  const { t } = useScheduleT();
  const { t: tr } = useTranslation();
  const lines = rankTeams(teamLines(p.standings), "points");
  if (lines.length === 0 || lines.every((l) => l.played === 0)) return <NoData />;
  const avg = leagueAverage(lines);
  type Row = { teamId: string; teamName: string; teamLogo: string } & typeof avg;
  const rows: Row[] = [{ teamId: "", teamName: t("lib.leagueAverage"), teamLogo: "", ...avg }, ...lines];
  const columns: Column<Row>[] = [
    { key: "team", label: tr("matches.table.team"), className: tableStyles.dtableLeft, cell: (r) => (r.teamId ? teamCell(r) : <b>{r.teamName}</b>) },
    { key: "played", label: tr("matches.table.played"), cell: (r) => (r.teamId ? r.played : fixed(r.played, 1)) },
    { key: "for", label: t("lib.scoredPerMatch"), cell: (r) => fixed(r.scoredPerMatch) },
    { key: "against", label: t("lib.concededPerMatch"), cell: (r) => fixed(r.concededPerMatch) },
    { key: "points", label: t("lib.pointsPerMatch"), cell: (r) => fixed(r.pointsPerMatch) },
    { key: "win", label: tr("matches.detail.winRate"), cell: (r) => percent(r.winRate) },
  ];
  return (
    <div data-testid="means-module">
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.teamId || "average"} rowClassName={(r) => (r.teamId ? undefined : tableStyles.dtableHl)} />
    </div>
  );
}

// ---- team ----------------------------------------------------------------------------------

const SQUAD_METRICS = ["powerValue", "kda", "age"] as const;
type SquadMetric = (typeof SQUAD_METRICS)[number];

/** Whole years from a birth date (RFC 3339) to now; 0 when unknown. */
function age(birth: string, now = Date.now()): number {
  const b = Date.parse(birth);
  if (!birth || birth.startsWith("0001") || Number.isNaN(b)) return 0;
  return Math.floor((now - b) / (365.2425 * 86_400_000));
}

function squadValue(x: PlayerInfo, m: SquadMetric): number {
  return m === "age" ? age(x.birth) : x[m];
}

export function TeamSection({ tab, p, config, squad }: { tab: LibraryTab; p: TeamPageData; config: ReactNode; squad: ReactNode }) {
  switch (tab) {
    case "config":
      return <>{config}</>;
    case "teamTable":
      return <>{squad}</>;
    case "sortTable":
      return <SquadRankings squad={p.squad} />;
    case "dataModule":
      return <TeamForm p={p} />;
    case "meansModule":
      return <TeamMeans p={p} />;
    case "scheduleTable":
      return <FixturesAndResults upcoming={p.upcoming} results={p.form.matches} />;
  }
}

function SquadRankings({ squad }: { squad: PlayerInfo[] }) {
  const { t: tr } = useTranslation();
  const { t: st } = useScheduleT();
  // KDA only where the game has it (esports); no one ranked by a column of zeros.
  const metrics = SQUAD_METRICS.filter((m) => squad.some((x) => squadValue(x, m) > 0));
  const [chosen, setMetric] = useState<SquadMetric>("powerValue");
  const metric = metrics.includes(chosen) ? chosen : metrics[0];
  if (!metric || squad.length === 0) return <NoData />;
  const label = (m: SquadMetric) => (m === "age" ? st("lib.age") : tr(`matches.library.${m}`));
  const rows = [...squad].sort((a, b) => squadValue(b, metric) - squadValue(a, metric) || a.name.localeCompare(b.name));
  const columns: Column<PlayerInfo>[] = [
    { key: "rank", label: "#", cell: (x) => rows.indexOf(x) + 1 },
    { key: "player", label: tr("matches.detail.player"), className: tableStyles.dtableLeft, cell: (x) => <Link to={`/playerLibrary/${encodeURIComponent(x.id)}`}>{x.name}</Link> },
    { key: "position", label: tr("matches.library.position"), cell: (x) => x.position },
    {
      key: "value",
      label: label(metric),
      cell: (x) => <b>{metric === "kda" ? fixed(x.kda) : metric === "age" ? (age(x.birth) || "–") : x.powerValue || "–"}</b>,
    },
  ];
  return (
    <div data-testid="sort-table">
      <RankBy value={metric} options={metrics} label={label} onChange={setMetric} />
      <DataTable columns={columns} rows={rows} rowKey={(x) => x.id} />
    </div>
  );
}

function TeamForm({ p }: { p: TeamPageData }) {
  const windows = p.form.windows.map((w) => w.window);
  const [n, setN] = useState(windows[2] ?? windows[0] ?? 10);
  const w = p.form.windows.find((x) => x.window === n);
  if (!w || w.played === 0) return <NoData />;
  return (
    <div data-testid="team-form">
      <WindowPicker windows={windows} value={n} onChange={setN} />
      <WindowStats w={w} averages={false} />
      <LiveMatchList items={p.form.matches.slice(0, n)} showDate />
    </div>
  );
}

function TeamMeans({ p }: { p: TeamPageData }) {
  const { t } = useScheduleT();
  const { t: tr } = useTranslation();
  const rows = p.form.windows.filter((w) => w.played > 0);
  if (rows.length === 0) return <NoData />;
  const columns: Column<(typeof rows)[number]>[] = [
    { key: "window", label: "", className: tableStyles.dtableLeft, cell: (w) => tr("matches.detail.window", { n: w.window }) },
    { key: "played", label: tr("matches.detail.played"), cell: (w) => w.played },
    { key: "for", label: t("lib.scoredPerMatch"), cell: (w) => fixed(w.avgFor) },
    { key: "against", label: t("lib.concededPerMatch"), cell: (w) => fixed(w.avgAgainst) },
    { key: "win", label: tr("matches.detail.winRate"), cell: (w) => percent(w.winRate) },
  ];
  return (
    <div data-testid="means-module">
      <DataTable columns={columns} rows={rows} rowKey={(w) => w.window} />
    </div>
  );
}

// ---- player --------------------------------------------------------------------------------

export function PlayerSection({ tab, p, config }: { tab: LibraryTab; p: PlayerPageData; config: ReactNode }) {
  switch (tab) {
    case "config":
      return <>{config}</>;
    case "teamTable":
      return <PlayerTeam p={p} show="squad" />;
    case "sortTable":
      return <PlayerBest p={p} />;
    case "dataModule":
      return <PlayerRecent p={p} />;
    case "meansModule":
      return <PlayerMeans p={p} />;
    case "scheduleTable":
      return <PlayerTeam p={p} show="schedule" />;
  }
}

/** The player's team page (squad, fixtures, its last 30 results); idle without a team. */
function usePlayerTeam(p: PlayerPageData) {
  const teamId = p.team?.id ?? "";
  return useResource(teamId ? `player-team|${teamId}` : null, () => matchesApi.libraryTeam(teamId));
}

/**
 * A statistic's name: the match pages' label, else this area's, else the key spelt out
 * ("goalsConceded" → "Goals conceded") so a raw key never reaches the page.
 */
export function useStatName() {
  const { t, i18n } = useTranslation();
  const { t: st } = useScheduleT();
  return (key: string) => {
    if (i18n.exists(`matches.stat.${key}`)) return statLabel(t, key);
    if (i18n.exists(`schedule.stat.${key}`)) return st(`stat.${key}` as "stat.minutes");
    const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
    return words.charAt(0).toUpperCase() + words.slice(1);
  };
}

/** A player's match by id, as a link reading "28 Nov · Home 2-1 Away" when the team's results hold it. */
function useMatchName(p: PlayerPageData) {
  const team = usePlayerTeam(p);
  const cat = useCatalogue();
  const { byId } = catalogueIndex(cat.status === "ready" ? cat.value : undefined);
  const lang = HTML_LANG[useAtomValue(localeAtom)] ?? "en-US";
  const matches = new Map((team.value?.form.matches ?? []).map((m) => [m.id, m]));
  const day = new Intl.DateTimeFormat(lang, { day: "numeric", month: "short" });
  return (id: string): ReactNode => {
    const m = matches.get(id);
    const gameId = m?.gameId ?? p.player.gameId;
    const text = m ? `${day.format(new Date(m.startTime))} · ${m.homeName} ${m.homeScore}-${m.awayScore} ${m.awayName}` : "…";
    return <Link to={`/${gameSlug(gameId, byId)}/${encodeURIComponent(id)}`}>{text}</Link>;
  };
}

/** The player's last matches, one line each, under a line of averages (the data module). */
function PlayerRecent({ p }: { p: PlayerPageData }) {
  const { t } = useTranslation();
  const statName = useStatName();
  const matchName = useMatchName(p);
  if (p.recent.length === 0) return <NoData />;
  const keys = Object.keys(p.averages).sort();
  type Line = { name: ReactNode; value: (key: string) => ReactNode; average?: boolean; key: string };
  const lines: Line[] = [
    { key: "averages", name: t("matches.library.averages"), value: (k) => fixed(p.averages[k]!, 1), average: true },
    ...p.recent.map((r, i): Line => ({ key: `${r.match}-${i}`, name: matchName(r.match), value: (k) => r.values[k] ?? "–" })),
  ];
  const columns: Column<Line>[] = [
    { key: "match", label: "", className: tableStyles.dtableLeft, cell: (l) => l.name },
    ...keys.map((k): Column<Line> => ({ key: k, label: statName(k), cell: (l) => l.value(k) })),
  ];
  return (
    <div className={tableStyles.tableScroll} data-testid="data-module">
      <h3>{t("matches.library.recentMatches", { n: p.window })}</h3>
      <DataTable testId="player-recent" columns={columns} rows={lines} rowKey={(l) => l.key} rowClassName={(l) => (l.average ? tableStyles.dtableHl : undefined)} />
    </div>
  );
}

/** The player's team: its squad (the player highlighted) or its fixtures and results. */
function PlayerTeam({ p, show }: { p: PlayerPageData; show: "squad" | "schedule" }) {
  const team = usePlayerTeam(p);
  if (!p.team?.id) return <NoData />;
  return <Loadable resource={team}>{(value) => <PlayerTeamBody p={p} team={value} show={show} />}</Loadable>;
}

function PlayerTeamBody({ p, team, show }: { p: PlayerPageData; team: TeamPageData; show: "squad" | "schedule" }) {
  const { t: tr } = useTranslation();
  if (show === "schedule") return <FixturesAndResults upcoming={team.upcoming} results={team.form.matches} />;
  if (team.squad.length === 0) return <NoData />;
  const columns: Column<PlayerInfo>[] = [
    { key: "shirt", label: tr("matches.library.shirt"), cell: (x) => x.shirt || "" },
    { key: "player", label: tr("matches.detail.player"), className: tableStyles.dtableLeft, cell: (x) => <Link to={`/playerLibrary/${encodeURIComponent(x.id)}`}>{x.name}</Link> },
    { key: "position", label: tr("matches.library.position"), cell: (x) => x.position },
    { key: "nationality", label: tr("matches.library.nationality"), cell: (x) => <Region name={x.nationality} code={x.nationalityCode} /> },
  ];
  return (
    <div data-testid="player-team">
      <h3>
        <Link to={`/squadLibrary/${encodeURIComponent(team.team.id)}`}>{team.team.name}</Link>
      </h3>
      <DataTable columns={columns} rows={team.squad} rowKey={(x) => x.id} rowClassName={(x) => (x.id === p.player.id ? tableStyles.dtableHl : undefined)} />
    </div>
  );
}

/** The player's recent matches ranked by one statistic, best first. */
function PlayerBest({ p }: { p: PlayerPageData }) {
  const { t: tr } = useTranslation();
  const statName = useStatName();
  const matchName = useMatchName(p);
  const keys = Object.keys(p.averages).sort();
  const [chosen, setKey] = useState(keys[0] ?? "");
  const key = keys.includes(chosen) ? chosen : (keys[0] ?? "");
  if (!key || p.recent.length === 0) return <NoData />;
  const rows = p.recent.map((r, i) => ({ ...r, i })).sort((a, b) => (b.values[key] ?? 0) - (a.values[key] ?? 0) || a.i - b.i);
  const columns: Column<(typeof rows)[number]>[] = [
    { key: "rank", label: "#", cell: (r) => rows.indexOf(r) + 1 },
    { key: "match", label: tr("matches.detail.results"), className: tableStyles.dtableLeft, cell: (r) => matchName(r.match) },
    { key: "value", label: statName(key), cell: (r) => <b>{r.values[key] ?? "–"}</b> },
  ];
  return (
    <div data-testid="sort-table">
      <RankBy value={key} options={keys} label={statName} onChange={setKey} />
      <DataTable columns={columns} rows={rows} rowKey={(r) => `${r.match}-${r.i}`} />
    </div>
  );
}

function PlayerMeans({ p }: { p: PlayerPageData }) {
  const { t: tr } = useTranslation();
  const statName = useStatName();
  const keys = Object.keys(p.averages).sort();
  if (keys.length === 0) return <NoData />;
  return (
    <div data-testid="means-module">
      <h3>{tr("matches.detail.recentAvg", { n: p.window })}</h3>
      <FactList facts={keys.map((k): Fact => [statName(k), fixed(p.averages[k]!, 1)])} className={styles.libFacts} />
    </div>
  );
}
