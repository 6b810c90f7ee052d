// The panels of the match page's tabs (spec §2 match detail). Each renders what the detail
// call returned for it and the no-data picture when the match has nothing for that tab.
import { useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Virtuoso } from "react-virtuoso";
import type { ParseKeys } from "i18next";
import type { FormWindow, LogEntry, MatchDetail, MatchItem, MatchOdds, OddsPoint, PlayerLine, StandingRow, StatRow, TeamForm, TextLine } from "../../api/matches";
import { Chart, SERIES_COLOURS } from "../../components/Chart/Chart";
import { NoData } from "../../components/NoData";
import { DataTable, type Column } from "../../components/DataTable";
import { FactList, type Fact } from "../../components/FactList";
import { formatDateTime, formatTime, odd, percent } from "./format";
import { historyPrices, MatchViz, OddsChart } from "./Viz";
import { incidentLine, incidentParts, localMinute, type LineContext } from "./incidentLine";
import { useLocaleTag } from "../../i18n/format";
import styles from "./DetailTabs.module.css";
import tableStyles from "../../components/DataTable.module.css";
import listStyles from "./Matches.module.css";
import { TabList } from "../../components/TabList/TabList";

type T = ReturnType<typeof useTranslation>["t"];

/** The label of a statistic key (spec §3 per-sport stats); unknown keys show as sent. */
export function statLabel(t: T, key: string): string {
  return t(`matches.stat.${key}` as "matches.stat.shots", { defaultValue: key });
}

function NotAvailable() {
  const { t } = useTranslation();
  return <NoData label={t("matches.detail.notAvailable")} />;
}

/** Stats as opposing bars. Possession-like keys are shares; others are counts. */
export function StatBars({ rows }: { rows: StatRow[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <NotAvailable />;
  return (
    <ul className={styles.statBars} data-testid="stat-bars">
      {rows.map((r) => {
        const total = r.home + r.away;
        const share = total > 0 ? (r.home / total) * 100 : 50;
        const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
        return (
          <li key={r.key} className={styles.statBar} data-stat={r.key}>
            <span className={styles.statBarV}>{fmt(r.home)}</span>
            <span className={styles.statBarMid}>
              <span className={styles.statBarLabel}>{statLabel(t, r.key)}</span>
              <span className={styles.statBarTrack}>
                <span className={styles.statBarHome} style={{ width: `${share}%` }} />
              </span>
            </span>
            <span className={styles.statBarV}>{fmt(r.away)}</span>
          </li>
        );
      })}
    </ul>
  );
}

export function statsFromMatch(m: MatchItem): StatRow[] {
  return Object.entries(m.stats ?? {})
    .map(([key, v]) => ({ key, home: v[0], away: v[1] }))
    .sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** Key events and text live: each line written in the reader's language (incidentLine.ts). */
function useLineContext(teams: readonly [string, string]): LineContext {
  const { t, i18n } = useTranslation();
  const tag = useLocaleTag();
  return {
    t: (key, vars) => t(key as "matches.detail.keyEvents", vars as Record<string, unknown>) as string,
    exists: (key) => i18n.exists(key),
    tag,
    english: i18n.language.startsWith("en"),
    teams,
  };
}

// Up to this many lines are drawn as a plain list, in the page's first render: a match's key
// events (the overview, where a reader lands) are a few dozen at most, and react-virtuoso draws
// nothing before it has measured, which made the key events the page's last paint (issue 19). The
// text live tab of a long match holds hundreds: those are virtualised.
const PLAIN_LINES = 60;
// A line's height (virtuoso's estimate) and the virtualised list's height at most. The plain list
// is as long as its lines: no scrolling box inside the page.
const LINE_PX = 44;
const LINES_MAX_PX = 520;

function TextLines({ lines, testid, teams }: { lines: TextLine[]; testid: string; teams: readonly [string, string] }) {
  const ctx = useLineContext(teams);
  const tag = ctx.tag;
  if (lines.length === 0) return <NotAvailable />;
  const line = (l: TextLine) => (
    <div className={`${styles.textLine} text-line--team${l.team}`} data-type={l.type}>
      <span className={styles.textLineMin}>{l.minute ? localMinute(l.minute, tag) : formatTime(l.at, tag)}</span>
      <span className={styles.textLineText}>
        {incidentParts(l, ctx).map((p, i) =>
          typeof p === "string" ? (
            p
          ) : (
            <bdi key={i} dir="auto">
              {p.name}
            </bdi>
          ),
        )}
      </span>
    </div>
  );
  if (lines.length <= PLAIN_LINES) {
    return (
      <div data-testid={testid}>
        {lines.map((l) => (
          <div key={l.seq}>{line(l)}</div>
        ))}
      </div>
    );
  }
  return (
    <div data-testid={testid}>
      <Virtuoso
        style={{ height: Math.min(LINES_MAX_PX, lines.length * LINE_PX + 8) }}
        data={lines}
        computeItemKey={(_, l) => l.seq}
        itemContent={(_, l) => line(l)}
      />
    </div>
  );
}

export function OverviewTab({ d, m }: { d: MatchDetail; m: MatchItem }) {
  const { t } = useTranslation();
  const ov = d.overview;
  const stats = m.stats ? statsFromMatch(m) : (ov?.stats ?? []);
  return (
    <div className={styles.detailGrid}>
      <section>
        <h3>{t("matches.detail.keyEvents")}</h3>
        <TextLines lines={[...(ov?.keyEvents ?? [])].reverse()} testid="key-events" teams={[m.homeName, m.awayName]} />
      </section>
      <section>
        <h3>{t("matches.tab.technicalStats")}</h3>
        <StatBars rows={stats.slice(0, 8)} />
        {m.odds && <OddsNow o={m.odds} />}
      </section>
    </div>
  );
}

/** The current odds in one row, a column per market: the prices, and the line where there is one. */
const ODDS_NOW_COLUMNS: Column<MatchOdds>[] = [
  {
    header: "matches.detail.european",
    cell: (o) => (
      <>
        {odd(o.home)} / {o.draw ? `${odd(o.draw)} / ` : ""}
        {odd(o.away)}
      </>
    ),
  },
  {
    header: "matches.detail.handicap",
    cell: (o) => (
      <>
        {o.hcLine > 0 ? "+" : ""}
        {o.hcLine} · {odd(o.hcHome)} / {odd(o.hcAway)}
      </>
    ),
  },
  {
    header: "matches.detail.size",
    cell: (o) => (
      <>
        {o.ouLine} · {odd(o.ouOver)} / {odd(o.ouUnder)}
      </>
    ),
  },
];

function OddsNow({ o }: { o: MatchOdds }) {
  return <DataTable className={`${tableStyles.dtable} ${styles.oddsNow}`} testId="odds-now" columns={ODDS_NOW_COLUMNS} rows={[o]} rowKey={() => "now"} />;
}

/** A standings row: position, team (to its library page), record, goals, points and form. */
const STANDINGS_COLUMNS: Column<StandingRow>[] = [
  { header: "matches.table.position", cell: (r) => r.position },
  {
    header: "matches.table.team",
    className: tableStyles.dtableLeft,
    cell: (r) => <Link to={`/squadLibrary/${encodeURIComponent(r.teamId)}`}>{r.teamName || r.teamId}</Link>,
  },
  { header: "matches.table.played", cell: (r) => r.played },
  { header: "matches.table.won", cell: (r) => r.won },
  { header: "matches.table.drawn", cell: (r) => r.drawn },
  { header: "matches.table.lost", cell: (r) => r.lost },
  {
    header: "matches.table.goals",
    cell: (r) => (
      <>
        {r.for}:{r.against}
      </>
    ),
  },
  { header: "matches.table.points", cell: (r) => <b>{r.points}</b> },
  { header: "matches.table.form", cell: (r) => <FormChips results={r.form} /> },
];

export function StandingsTable({ rows, highlight }: { rows: StandingRow[]; highlight?: string[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <NotAvailable />;
  const groups = new Map<string, StandingRow[]>();
  for (const r of rows) groups.set(`${r.stageId}|${r.group}`, [...(groups.get(`${r.stageId}|${r.group}`) ?? []), r]);
  return (
    <div data-testid="standings">
      {[...groups.entries()].map(([k, list]) => (
        <DataTable
          key={k}
          className={`${tableStyles.dtable} standings`}
          caption={list[0]!.group && t("matches.table.group", { name: list[0]!.group })}
          columns={STANDINGS_COLUMNS}
          rows={list}
          rowKey={(r) => r.teamId}
          rowClassName={(r) => (highlight?.includes(r.teamId) ? tableStyles.dtableHl : undefined)}
        />
      ))}
    </div>
  );
}

export function FormChips({ results }: { results: string }) {
  return (
    <span className={styles.formChips}>
      {[...results].map((c, i) => (
        <span key={i} className={`${styles.formChip} ${styles[`form-chip--${c}`] ?? ""}`}>
          {c}
        </span>
      ))}
    </span>
  );
}

/**
 * A form window's record: played, won/drawn/lost, win rate, the goal averages (left out where the
 * page has none to show) and the results as chips.
 */
export function WindowStats({ w, averages = true }: { w: FormWindow | undefined; averages?: boolean }) {
  const { t } = useTranslation();
  if (!w || w.played === 0) return <NotAvailable />;
  const facts: Fact[] = [
    [t("matches.detail.played"), w.played],
    [
      <>
        {t("matches.detail.won")}/{t("matches.detail.drawn")}/{t("matches.detail.lost")}
      </>,
      <>
        {w.won}/{w.drawn}/{w.lost}
      </>,
    ],
    [t("matches.detail.winRate"), percent(w.winRate)],
    ...(averages
      ? ([
          [t("matches.detail.avgFor"), w.avgFor.toFixed(2)],
          [t("matches.detail.avgAgainst"), w.avgAgainst.toFixed(2)],
        ] as const)
      : []),
    [t("matches.detail.results"), <FormChips results={w.results} />],
  ];
  return <FactList facts={facts} />;
}

/** The recent-form window picker of spec §9 (5, 7, 10, 15, 30). */
export function WindowPicker({ windows, value, onChange }: { windows: number[]; value: number; onChange: (n: number) => void }) {
  const { t } = useTranslation();
  return (
    <TabList
      items={windows.map((n) => ({ key: n, label: t("matches.detail.window", { n }), testId: `window-${n}` }))}
      selected={value}
      onSelect={onChange}
      testId="window-picker"
      className={styles.windowPicker}
      tabClassName={listStyles.mlistTab}
      selectedClassName={listStyles.mlistTabOn}
    />
  );
}

/** The columns of a team's last matches; the score links to the match page of the game. */
function formMatchColumns(slug: string): Column<MatchItem>[] {
  return [
    { key: "date", cell: (m) => formatDateTime(m.startTime).slice(0, 10) },
    { key: "league", className: tableStyles.dtableLeft, cell: (m) => m.leagueName },
    { key: "home", className: tableStyles.dtableRight, cell: (m) => m.homeName },
    {
      key: "score",
      cell: (m) => (
        <Link to={`/${slug}/${encodeURIComponent(m.id)}`}>
          {m.homeScore}-{m.awayScore}
        </Link>
      ),
    },
    { key: "away", className: tableStyles.dtableLeft, cell: (m) => m.awayName },
  ];
}

function FormMatches({ f, n, slug }: { f: TeamForm; n: number; slug: string }) {
  const list = f.matches.slice(0, n);
  if (list.length === 0) return null;
  return <DataTable className={`${tableStyles.dtable} form-matches`} columns={formMatchColumns(slug)} rows={list} rowKey={(m) => m.id} />;
}

export function RecentTab({ d, slug }: { d: MatchDetail; slug: string }) {
  const windows = d.windows?.teams?.length ? d.windows.teams : [5, 7, 10, 15, 30];
  const [n, setN] = useState(windows[2] ?? windows[0]!);
  if (!d.recent) return <NotAvailable />;
  const sides: [string, TeamForm][] = [
    [d.match.homeName, d.recent.home],
    [d.match.awayName, d.recent.away],
  ];
  return (
    <div data-testid="recent">
      <WindowPicker windows={windows} value={n} onChange={setN} />
      <div className={styles.detailGrid}>
        {sides.map(([name, f]) => (
          <section key={f.teamId}>
            <h3>
              <Link to={`/squadLibrary/${encodeURIComponent(f.teamId)}`}>{name}</Link>
            </h3>
            <WindowStats w={f.windows.find((w) => w.window === n)} />
            <FormMatches f={f} n={n} slug={slug} />
          </section>
        ))}
      </div>
    </div>
  );
}

export function HeadToHeadTab({ d, slug }: { d: MatchDetail; slug: string }) {
  const windows = d.windows?.teams?.length ? d.windows.teams : [5, 7, 10, 15, 30];
  const [n, setN] = useState(windows[2] ?? windows[0]!);
  const f = d.headToHead;
  if (!f || f.matches.length === 0) return <NotAvailable />;
  return (
    <div data-testid="h2h">
      <WindowPicker windows={windows} value={n} onChange={setN} />
      <h3>{d.match.homeName}</h3>
      <WindowStats w={f.windows.find((w) => w.window === n)} />
      <FormMatches f={f} n={n} slug={slug} />
    </div>
  );
}

export function LineupsTab({ d }: { d: MatchDetail }) {
  const { t } = useTranslation();
  const l = d.lineups;
  if (!l || (!l.home && !l.away)) return <NotAvailable />;
  const side = (name: string, lu: typeof l.home) => (
    <section>
      <h3>{name}</h3>
      {lu ? (
        <>
          <p className={styles.muted}>
            {lu.formation && `${t("matches.detail.formation")}: ${lu.formation}`} {lu.coach && `· ${t("matches.detail.coach")}: ${lu.coach}`}
          </p>
          {[true, false].map((starter) => {
            const ps = lu.players.filter((p) => p.starter === starter);
            if (ps.length === 0) return null;
            return (
              <div key={String(starter)}>
                <h4>{starter ? t("matches.detail.starters") : t("matches.detail.substitutes")}</h4>
                <ul className={styles.lineup}>
                  {ps.map((p) => (
                    <li key={p.playerId}>
                      <span className={styles.lineupShirt}>{p.shirt || ""}</span>
                      <Link to={`/playerLibrary/${encodeURIComponent(p.playerId)}`}>{p.name}</Link>
                      {p.captain && " (C)"}
                      <span className={styles.muted}> {p.position}</span>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </>
      ) : (
        <NotAvailable />
      )}
    </section>
  );
  return (
    <div data-testid="lineups">
      <div className={styles.detailGrid}>
        {side(d.match.homeName, l.home)}
        {side(d.match.awayName, l.away)}
      </div>
      {l.injuries.length > 0 && (
        <section>
          <h3>{t("matches.detail.injuries")}</h3>
          <ul className={styles.lineup}>
            {l.injuries.map((i) => (
              <li key={`${i.teamId}-${i.playerId}`}>
                {i.name} <span className={styles.muted}>· {i.kind} · {i.status}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function logText(e: LogEntry, statusLabel: (s: string) => string, ctx: LineContext): string {
  if (e.incident) return incidentLine({ ...e.incident, seq: e.seq, at: e.at, minute: e.incident.minute ?? "", text: e.incident.text ?? "" }, ctx);
  if (e.score) return `${e.score.h} - ${e.score.a}`;
  if (e.period) return e.period.n;
  if (e.status) return statusLabel(e.status);
  return e.kind;
}

export function GameLogTab({ d, statusLabel }: { d: MatchDetail; statusLabel: (s: string) => string }) {
  const ctx = useLineContext([d.match.homeName, d.match.awayName]);
  const log = d.gameLog ?? [];
  if (log.length === 0) return <NotAvailable />;
  const newest = [...log].reverse();
  return (
    <div data-testid="game-log">
      <Virtuoso
        style={{ height: 520 }}
        data={newest}
        computeItemKey={(_, e) => e.seq}
        itemContent={(_, e) => (
          <div className={styles.textLine} data-kind={e.kind}>
            <span className={styles.textLineMin}>{e.incident?.minute || formatTime(e.at)}</span>
            <span className={styles.logKind}>{e.kind}</span>
            <span className={styles.textLineText}>{logText(e, statusLabel, ctx)}</span>
          </div>
        )}
      />
    </div>
  );
}

export function PlayerStatsTab({ d }: { d: MatchDetail }) {
  const { t } = useTranslation();
  const rows = d.playerStats ?? [];
  if (rows.length === 0) return <NotAvailable />;
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r.values)))].sort();
  const fmt = (v: number | undefined) => (v === undefined ? "–" : Number.isInteger(v) ? String(v) : v.toFixed(1));
  const columns: Column<PlayerLine>[] = [
    {
      header: "matches.detail.player",
      className: tableStyles.dtableLeft,
      cell: (p) => (
        <>
          <Link to={`/playerLibrary/${encodeURIComponent(p.playerId)}`}>{p.name}</Link>
          <span className={styles.muted}> {p.position}</span>
          {p.recentMatches > 0 && <div className={`${styles.muted} ${styles.small}`}>{t("matches.detail.recentAvg", { n: p.recentMatches })}</div>}
        </>
      ),
    },
    ...keys.map(
      (k): Column<PlayerLine> => ({
        key: k,
        label: statLabel(t, k),
        cell: (p) => (
          <>
            {fmt(p.values[k])}
            {p.recentMatches > 0 && <div className={`${styles.muted} ${styles.small}`}>{fmt(p.recentAverages[k])}</div>}
          </>
        ),
      }),
    ),
  ];
  const team = (side: number, name: string, list: PlayerLine[]) =>
    list.length > 0 && (
      <section key={side}>
        <h3>{name}</h3>
        <div className={tableStyles.tableScroll}>
          <DataTable className={`${tableStyles.dtable} player-stats`} columns={columns} rows={list} rowKey={(p) => p.playerId} />
        </div>
      </section>
    );
  return (
    <div data-testid="player-stats">
      {team(0, d.match.homeName, rows.filter((r) => r.team === 0))}
      {team(1, d.match.awayName, rows.filter((r) => r.team === 1))}
    </div>
  );
}

/** A line of an odds table: the current odds (named by their bookmaker) or a point of the history. */
interface OddsLine {
  when: string;
  odds: MatchOdds;
  /** The history point's sequence; absent on the current line. */
  seq?: number;
}

const oddsTime: Column<OddsLine> = { header: "matches.detail.time", cell: (l) => l.when };

/** The three markets of the odds tab, each a table of the same lines. */
const ODDS_MARKETS: { title: ParseKeys; columns: Column<OddsLine>[] }[] = [
  {
    title: "matches.detail.european",
    columns: [
      oddsTime,
      { header: "matches.detail.home", cell: (l) => odd(l.odds.home) },
      { header: "matches.detail.draw", cell: (l) => odd(l.odds.draw) },
      { header: "matches.detail.away", cell: (l) => odd(l.odds.away) },
    ],
  },
  {
    title: "matches.detail.handicap",
    columns: [
      oddsTime,
      { header: "matches.detail.home", cell: (l) => odd(l.odds.hcHome) },
      { header: "matches.detail.line", cell: (l) => l.odds.hcLine },
      { header: "matches.detail.away", cell: (l) => odd(l.odds.hcAway) },
    ],
  },
  {
    title: "matches.detail.size",
    columns: [
      oddsTime,
      { header: "matches.detail.over", cell: (l) => odd(l.odds.ouOver) },
      { header: "matches.detail.line", cell: (l) => l.odds.ouLine },
      { header: "matches.detail.under", cell: (l) => odd(l.odds.ouUnder) },
    ],
  },
];

export function OddsTab({ d, m }: { d: MatchDetail; m: MatchItem }) {
  const { t } = useTranslation();
  const current = m.odds ?? d.odds?.current ?? undefined;
  const history: OddsPoint[] = [...(d.odds?.history ?? [])].reverse().slice(0, 60);
  if (!current && history.length === 0) return <NotAvailable />;
  const lines: OddsLine[] = [
    ...(current ? [{ when: current.company, odds: current }] : []),
    ...history.map((p) => ({ when: formatTime(Date.parse(p.at)), odds: p.odds, seq: p.seq })),
  ];
  const prices = historyPrices(d);
  return (
    <div data-testid="odds" className={styles.oddsTabs}>
      {current?.suspended && <p className={styles.muted}>{t("matches.detail.suspended")}</p>}
      {prices.length > 1 && (
        <section className={styles.oddsTabsChart}>
          <h3>{t("matches.detail.oddsTrend")}</h3>
          <OddsChart points={prices} m={m} />
        </section>
      )}
      {ODDS_MARKETS.map((market) => (
        <section key={market.title}>
          <h3>{t(market.title)}</h3>
          <DataTable
            columns={market.columns}
            rows={lines}
            rowKey={(l) => l.seq ?? "current"}
            rowClassName={(l) => (l.seq === undefined ? tableStyles.dtableHl : undefined)}
          />
        </section>
      ))}
    </div>
  );
}

export function TrendsTab({ d, m }: { d: MatchDetail; m: MatchItem }) {
  const { t } = useTranslation();
  const tr = d.trends;
  if (!tr) return <NotAvailable />;
  return (
    <div data-testid="trends">
      <section>
        <h3>{t("matches.detail.oddsTrend")}</h3>
        <OddsChart points={tr.odds} m={m} />
      </section>
      <section>
        <h3>{t("matches.detail.scoreTrend")}</h3>
        <Chart
          label={t("matches.detail.scoreTrend")}
          xKind="time"
          xLabel={t("matches.detail.time")}
          yFromZero
          empty={<NotAvailable />}
          x={tr.score.map((p) => p.at)}
          series={[
            { name: d.match.homeName, color: SERIES_COLOURS[0]!, values: tr.score.map((p) => p.home) },
            { name: d.match.awayName, color: SERIES_COLOURS[1]!, values: tr.score.map((p) => p.away) },
          ]}
        />
      </section>
      <section>
        <h3>{t("matches.detail.last10")}</h3>
        <p>
          {d.match.homeName}: <FormChips results={tr.form[0]} />
        </p>
        <p>
          {d.match.awayName}: <FormChips results={tr.form[1]} />
        </p>
      </section>
    </div>
  );
}

/** Preview: what is known before the start, from the other tabs' data. */
export function PreviewTab({ d, m }: { d: MatchDetail; m: MatchItem }) {
  const { t } = useTranslation();
  const h = d.recent?.home.windows.find((w) => w.window === 10);
  const a = d.recent?.away.windows.find((w) => w.window === 10);
  const h2h = d.headToHead?.windows.find((w) => w.window === 10);
  if (!h && !a && !m.odds) return <NotAvailable />;
  return (
    <div className={styles.detailGrid} data-testid="preview">
      <section>
        <h3>{t("matches.detail.last10")}</h3>
        <p>
          {m.homeName}: <FormChips results={h?.results ?? ""} /> {h && percent(h.winRate)}
        </p>
        <p>
          {m.awayName}: <FormChips results={a?.results ?? ""} /> {a && percent(a.winRate)}
        </p>
        {h2h && h2h.played > 0 && (
          <p>
            {t("matches.tab.headToHead")}: {h2h.won}/{h2h.drawn}/{h2h.lost} ({m.homeName})
          </p>
        )}
      </section>
      <section>{m.odds ? <OddsNow o={m.odds} /> : <NotAvailable />}</section>
    </div>
  );
}

export function TextLiveTab({ d }: { d: MatchDetail }) {
  return <TextLines lines={d.textLive ?? []} testid="text-live" teams={[d.match.homeName, d.match.awayName]} />;
}

/**
 * Animation live: the game's field with the placed incidents and the momentum graph (issue 18;
 * games without a field have none), then the live situation from the state's detail fields.
 */
export function AnimationTab({ d, m }: { d: MatchDetail; m: MatchItem }) {
  return (
    <div data-testid="animation-tab">
      <MatchViz d={d} m={m} />
      <LiveSituation m={m} />
    </div>
  );
}

/** The sport's live situation drawn from the state's detail fields (bases, fouls, economy...). */
function LiveSituation({ m }: { m: MatchItem }) {
  const { t } = useTranslation();
  const det = m.detail ?? {};
  const entries = Object.entries(det).filter(([, v]) => v !== null && v !== undefined);
  if (entries.length === 0) return <NotAvailable />;
  const bases = Array.isArray(det.bases) ? (det.bases as number[]) : null;
  return (
    <div className={styles.detailGrid} data-testid="animation">
      {bases && (
        <svg viewBox="0 0 120 120" width="160" role="img" aria-label="bases">
          {[
            [100, 60],
            [60, 20],
            [20, 60],
          ].map(([x, y], i) => (
            <rect key={i} x={x! - 10} y={y! - 10} width="20" height="20" transform={`rotate(45 ${x} ${y})`} fill={bases[i] ? "var(--brand)" : "#fff"} stroke="var(--muted)" />
          ))}
          <rect x="50" y="90" width="20" height="20" transform="rotate(45 60 100)" fill="#fff" stroke="var(--muted)" />
        </svg>
      )}
      <FactList
        facts={[
          [t("matches.detail.period"), m.periodName],
          ...entries.filter(([k]) => k !== "bases").map(([k, v]): Fact => [statLabel(t, k), Array.isArray(v) ? v.join(" : ") : String(v)]),
        ]}
      />
    </div>
  );
}

export { NotAvailable };
