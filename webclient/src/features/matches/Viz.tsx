// The match page's pictures (issue 18): the animation tab's field with the placed incidents and
// the momentum graph, and the odds chart with a line per bookmaker (trends and odds tabs).
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MatchDetail, MatchItem, TextLine } from "../../api/matches";
import { alignPoints, Chart, SERIES_COLOURS } from "../../components/Chart/Chart";
import { NoData } from "../../components/NoData";
import { useCatalogue } from "../../state/catalogue";
import { useAtomValue } from "../../state/hooks";
import { nowAtom } from "../../state/matches";
import { useMatchVizT } from "../../i18n/matchviz";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { EventMap, MarkerShape, teamColour } from "./EventMap";
import { clockSeconds, formatDateTime, formatTime } from "./format";
import {
  fieldOf,
  fromKickOff,
  hasDraw,
  momentum,
  momentumBucket,
  oddsByBookmaker,
  perMap,
  placedEvents,
  placedPeriods,
  type BookPrice,
  type FieldKind,
  type MarkerKind,
  type Outcome,
  type PlacedEvent,
} from "./matchviz";
import styles from "./Viz.module.css";
import listStyles from "./Matches.module.css";
import { TabList } from "../../components/TabList/TabList";

/** The family of the match's game from the catalogue (undefined until it is loaded). */
function useFamily(gameId: number): string | undefined {
  const cat = useCatalogue();
  return cat.status === "ready" ? cat.value.games.find((g) => g.id === gameId)?.family : undefined;
}

/** The game time now in seconds (from the start, or of the map in play), when the clock counts up. */
function useGameSecs(m: MatchItem): number | undefined {
  const now = useAtomValue(nowAtom);
  if (!m.clock || m.clock.d) return undefined;
  return clockSeconds(m.clock, now);
}

/** The field, the legend and the momentum graph of a match; null for games without a field. */
export function MatchViz({ d, m }: { d: MatchDetail; m: MatchItem }) {
  const family = useFamily(m.gameId);
  const field = fieldOf(family, m.gameId);
  if (!field) return null;
  return <FieldAndMomentum field={field} lines={d.textLive ?? []} m={m} />;
}

function FieldAndMomentum({ field, lines, m }: { field: FieldKind; lines: TextLine[]; m: MatchItem }) {
  const { t } = useMatchVizT();
  const maps = perMap(field);
  const periods = useMemo(() => placedPeriods(lines), [lines]);
  const [picked, setPicked] = useState<number | null>(null);
  const latest = periods.length > 0 ? periods[periods.length - 1]! : undefined;
  const period = maps ? (picked !== null && periods.includes(picked) ? picked : latest) : undefined;
  const events = useMemo(() => placedEvents(lines, period), [lines, period]);
  const secsNow = useGameSecs(m);
  const teams: [string, string] = [m.homeName, m.awayName];
  const kindLabel = (k: MarkerKind) => t(`kind.${k}`);
  const describe = (e: PlacedEvent) => {
    const team = e.team === 0 || e.team === 1 ? teams[e.team] : "";
    const kind = e.marker === "objective" || e.marker === "other" ? `${kindLabel(e.marker)} (${e.type})` : kindLabel(e.marker);
    // In singles the side is the player: "Ace · Duarte", not "Ace · Duarte (Duarte)".
    return e.name && e.name !== team ? t("event", { minute: e.minute, kind, name: e.name, team }) : t("eventNoName", { minute: e.minute, kind, team });
  };
  const series = useMemo(
    () => momentum(lines, { bucketSecs: momentumBucket(field), period, nowSecs: maps && period !== latest ? undefined : secsNow }),
    [lines, field, period, maps, latest, secsNow],
  );
  const kinds = [...new Set(events.map((e) => e.marker))];
  return (
    <div className={styles.viz} data-testid="match-viz">
      <section>
        <h3>{t("field.title")}</h3>
        {maps && periods.length > 1 && (
          <TabList
            items={periods.map((p) => ({ key: p, label: t("field.map", { n: p }) }))}
            selected={period}
            onSelect={(p) => setPicked(p)}
            label={t("field.maps")}
            testId="viz-maps"
            className={styles.windowPicker}
            tabClassName={listStyles.mlistTab}
            selectedClassName={listStyles.mlistTabOn}
          />
        )}
        <EventMap
          field={field}
          events={events}
          teams={teams}
          describe={describe}
          label={t("field.label", { field: t(`field.${field}`), n: events.length, home: teams[0], away: teams[1] })}
        />
        {events.length === 0 && <p className={styles.muted} data-testid="viz-empty">{t("field.empty")}</p>}
        {kinds.length > 0 && (
          <ul className={styles.vizLegend} aria-label={t("legend")}>
            <li>
              <span className={styles.vizLegendTeam} style={{ background: teamColour(0) }} /> {teams[0]}
            </li>
            <li>
              <span className={styles.vizLegendTeam} style={{ background: teamColour(1) }} /> {teams[1]}
            </li>
            {kinds.map((k) => (
              <li key={k}>
                <svg viewBox="-6 -6 12 12" width="14" height="14" aria-hidden="true">
                  <MarkerShape kind={k} c="#3a4252" s={9} />
                </svg>{" "}
                {kindLabel(k)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h3>{t("momentum.title")}</h3>
        <Chart
          testId="momentum"
          label={t("momentum.label", { home: teams[0], away: teams[1] })}
          xKind="number"
          xLabel={t("momentum.x")}
          yLabel={t("momentum.y")}
          yFromZero
          height={180}
          formatX={(v) => `${Math.round(v)}'`}
          x={series.map((p) => p.secs / 60)}
          series={[
            { name: teams[0], color: SERIES_COLOURS[0]!, area: true, values: series.map((p) => p.home) },
            { name: teams[1], color: SERIES_COLOURS[1]!, area: true, values: series.map((p) => p.away) },
          ]}
          empty={<NoData label={t("momentum.empty")} />}
        />
      </section>
    </div>
  );
}

/** Bookmaker colours: the reference bookmaker in the brand colour, the others distinct. */
const BOOK_COLOURS = ["#e8591a", "#2f5ea8", "#2a9d5b", "#8e44ad", "#c0392b", "#16a0b5", "#7f8c8d", "#d4a017"];

/** The odds of one outcome over time, a line per bookmaker, with an outcome picker. */
export function OddsChart({ points, m }: { points: BookPrice[]; m: MatchItem }) {
  const { t, language } = useMatchVizT();
  const { t: tm } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>("home");
  const draw = hasDraw(points);
  const outcomes: [Outcome, string][] = [["home", m.homeName], ...(draw ? ([["draw", tm("matches.detail.draw")]] as [Outcome, string][]) : []), ["away", m.awayName]];
  const books = oddsByBookmaker(fromKickOff(points, m.startTime), outcome);
  const name = outcomes.find(([o]) => o === outcome)?.[1] ?? "";
  // Odds move from days before the start: over more than a day the axis names the day too.
  const times = books.flatMap((b) => b.points.map((p) => p[0]));
  const days = times.length > 1 && Math.max(...times) - Math.min(...times) > 20 * 3600_000;
  const tag = HTML_LANG[language as Locale] ?? "en-US";
  const line = alignPoints(books);
  return (
    <div data-testid="odds-chart">
      <TabList
        items={outcomes.map(([o, label]) => ({ key: o, label, testId: `odds-outcome-${o}` }))}
        selected={outcome}
        onSelect={setOutcome}
        label={t("odds.outcome")}
        className={styles.windowPicker}
        tabClassName={listStyles.mlistTab}
        selectedClassName={listStyles.mlistTabOn}
      />
      <Chart
        label={t("odds.label", { outcome: name })}
        xKind="time"
        xLabel={t("odds.x")}
        yLabel={t("odds.y")}
        formatX={(v) => (days ? formatDateTime(v, tag) : formatTime(v, tag))}
        formatY={(v) => new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v)}
        x={line.x}
        series={books.map((b, i) => ({ name: b.company || "—", color: BOOK_COLOURS[i % BOOK_COLOURS.length]!, values: line.values[i]! }))}
        empty={<NoData label={t("odds.empty")} />}
      />
    </div>
  );
}

/** The odds history of the odds tab as chart points. */
export function historyPrices(d: MatchDetail): BookPrice[] {
  return (d.odds?.history ?? []).map((p) => ({ at: Date.parse(p.at), company: p.odds.company, home: p.odds.home, draw: p.odds.draw, away: p.odds.away }));
}
