// /anchorCenter/liveLinkDetails (spec §2, issue 17): the linked match and its live state (score and
// clock, kept live by the match's topic), and the stream's health measured at the RTMP ingest —
// bitrate, frame rate and viewers now, and over the current (or last) broadcast as a chart.
import { useMemo } from "react";
import { Link } from "react-router";
import { streamCentreApi, type HealthPoint, type LiveLinkDetails as Details } from "../../api/streamcentre";
import { Loadable, useResource } from "../../data";
import { useCentreT } from "../../i18n/streamcentre";
import { HTML_LANG, isLocale } from "../../i18n/locales";
import { useTranslation } from "react-i18next";
import { gameLabel, useLiveMatch } from "../../features/matches/hooks";
import { useGameNames } from "../../features/live/hooks";
import { LiveClock, useStatusLabel } from "../../features/matches/MatchRow";
import styles from "./Anchor.module.css";

/** How often the page asks for the stream's health (the ingest samples every 5 s). */
export const DETAILS_POLL_MS = 5_000;

export default function LiveLinkDetails() {
  // Polled: a failed poll keeps the last answer on screen (the health of a moment ago).
  const res = useResource("anchor-link-details", () => streamCentreApi.linkDetails(), { refreshMs: DETAILS_POLL_MS });
  return (
    <Loadable resource={res} minHeight={420}>
      {(d) => <DetailsView d={d} />}
    </Loadable>
  );
}

function DetailsView({ d }: { d: Details }) {
  const { t, language } = useCentreT();
  const tag = isLocale(language) ? HTML_LANG[language] : undefined;
  const phase = !d.broadcasting && !d.live ? "off" : !d.live ? "waiting" : d.stalled ? "stalled" : "live";
  const num = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 });
  const when = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className={styles.anchorDetails} data-testid="link-details" data-live={d.live}>
      <LinkedMatch d={d} />
      <section className={styles.anchorPanel} data-testid="stream-health">
        <h2 className={styles.anchorSub}>{t("details.stream")}</h2>
        <p className={`${styles.anchorState} ${styles[`anchor-state--${phase}`] ?? ""}`} data-testid="health-state" data-phase={phase}>
          {t(`details.state.${phase}`)}
        </p>
        {d.sessionStart > 0 && <p className={styles.anchorMuted}>{t("details.since", { time: when.format(new Date(d.sessionStart)) })}</p>}
        <dl className={styles.anchorMetrics}>
          <div className={styles.anchorMetric}>
            <dt>{t("details.bitrate")}</dt>
            <dd data-testid="health-bitrate" data-value={d.bitrateKbps}>
              {t("details.kbps", { value: num.format(d.bitrateKbps) })}
            </dd>
          </div>
          <div className={styles.anchorMetric}>
            <dt>{t("details.fps")}</dt>
            <dd data-testid="health-fps" data-value={d.fps}>
              {t("details.fpsValue", { value: num.format(d.fps) })}
            </dd>
          </div>
          <div className={styles.anchorMetric}>
            <dt>{t("details.viewers")}</dt>
            <dd data-testid="health-viewers" data-value={d.viewers}>
              {num.format(d.viewers)}
            </dd>
          </div>
        </dl>
        <HealthChart samples={d.samples} timeTag={tag} />
        <p className={styles.anchorMuted}>{t("details.updated", { count: DETAILS_POLL_MS / 1000 })}</p>
      </section>
    </div>
  );
}

function LinkedMatch({ d }: { d: Details }) {
  const { t } = useCentreT();
  const m = useLiveMatch(d.match);
  const statusLabel = useStatusLabel();
  const { t: tt } = useTranslation();
  const game = gameLabel(tt, useGameNames().get(d.gameId));
  return (
    <section className={styles.anchorPanel} data-testid="linked-match" data-match-id={d.matchId}>
      <h2 className={styles.anchorSub}>{t("details.match")}</h2>
      {m ? (
        <>
          <p className={styles.anchorMuted}>
            {m.leagueName}
            {game ? ` · ${game}` : ""}
          </p>
          <div className={styles.anchorScore}>
            <span className={styles.anchorScoreTeam} data-testid="linked-home">
              {m.homeName}
            </span>
            {/* three parts, so each score stays beside its team in both directions */}
            <span className={styles.anchorScoreValue} data-testid="linked-score">
              <span>{m.homeScore}</span>
              <span aria-hidden="true">–</span>
              <span>{m.awayScore}</span>
            </span>
            <span className={styles.anchorScoreTeam} data-testid="linked-away">
              {m.awayName}
            </span>
          </div>
          <p className={styles.anchorMuted} data-testid="linked-state">
            {statusLabel(m.status)} <LiveClock m={m} />
          </p>
        </>
      ) : d.customTag ? (
        <p>{t("details.tag", { tag: d.customTag })}</p>
      ) : (
        <p className={styles.anchorMuted} data-testid="linked-none">
          {t("details.noMatch")}
        </p>
      )}
      <div className={styles.anchorActions}>
        {!d.matchId && (
          <Link to="/anchorCenter/live" className={`${styles.anchorButton} ${styles.anchorButtonSmall}`}>
            {t("details.linkOne")}
          </Link>
        )}
        <Link to={`/live/${encodeURIComponent(d.roomId)}`}>{t("details.openRoom")}</Link>
      </div>
    </section>
  );
}

const W = 600;
const H = 60;

/** One line per measure over the samples' time span, each scaled to its own maximum. */
function HealthChart({ samples, timeTag }: { samples: HealthPoint[]; timeTag?: string }) {
  const { t } = useCentreT();
  const series = useMemo(() => {
    if (samples.length === 0) return null;
    const t0 = samples[0]!.time;
    const span = Math.max(1, samples[samples.length - 1]!.time - t0);
    const line = (v: (p: HealthPoint) => number) => {
      const peak = Math.max(...samples.map(v));
      const top = Math.max(1, peak);
      return {
        top: peak,
        points: samples.map((p) => `${(((p.time - t0) / span) * W).toFixed(1)},${(H - 4 - (v(p) / top) * (H - 8)).toFixed(1)}`).join(" "),
      };
    };
    return { t0, t1: t0 + span, bitrate: line((p) => p.bitrateKbps), fps: line((p) => p.fps), viewers: line((p) => p.viewers) };
  }, [samples]);
  if (!series) {
    return (
      <p className={styles.anchorMuted} data-testid="health-chart-empty">
        {t("details.noSamples")}
      </p>
    );
  }
  const clock = new Intl.DateTimeFormat(timeTag, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  const num = new Intl.NumberFormat(timeTag, { maximumFractionDigits: 1 });
  const rows: [string, { top: number; points: string }, string, string][] = [
    [t("details.bitrate"), series.bitrate, "var(--brand)", t("details.kbps", { value: num.format(series.bitrate.top) })],
    [t("details.fps"), series.fps, "var(--ok)", t("details.fpsValue", { value: num.format(series.fps.top) })],
    [t("details.viewers"), series.viewers, "var(--warn)", num.format(series.viewers.top)],
  ];
  return (
    <figure style={{ margin: 0 }} role="img" aria-label={t("details.chart")} data-testid="health-chart" data-samples={samples.length}>
      {rows.map(([label, s, color, top]) => (
        <div className={styles.anchorSpark} key={label}>
          <span className={styles.anchorSparkLabel}>
            {label}
            <br />
            <small>≤ {top}</small>
          </span>
          <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" aria-hidden="true">
            {samples.length === 1 ? (
              <circle cx={W / 2} cy={H / 2} r={3} fill={color} />
            ) : (
              <polyline points={s.points} fill="none" stroke={color} strokeWidth={2} vectorEffect="non-scaling-stroke" />
            )}
          </svg>
        </div>
      ))}
      {/* time runs left to right in every language, like the lines above */}
      <div className={styles.anchorSpark}>
        <span />
        <div className={styles.anchorSparkAxis} dir="ltr">
          <span>{clock.format(new Date(series.t0))}</span>
          <span>{clock.format(new Date(series.t1))}</span>
        </div>
      </div>
    </figure>
  );
}
