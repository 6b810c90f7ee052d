// One match in a list: time or live clock, league, teams, score (highlighted for a moment
// when it changes), per-period scores, a reservation button and the simulated-data badge.
import { memo, useState } from "react";
import { Link } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import type { MatchItem } from "../../api/matches";
import { minuteAtom, nowAtom } from "../../state/matches";
import { localeAtom } from "../../state/locale";
import { HTML_LANG } from "../../i18n/locales";
import { clockSeconds, formatClock, formatDateTime, formatRelative, formatTime } from "./format";
import { inPlay, upcoming } from "./live";
import { WatchLive } from "../Live/WatchLive";
import "./Matches.css";

const STATUS_KEYS = ["notStarted", "live", "halftime", "overtime", "penalties", "finished", "postponed", "cancelled", "announced", "abandoned"] as const;

/** The localized name of a spec §4 match state. */
export function useStatusLabel() {
  const { t } = useTranslation();
  return (status: number) => {
    const k = STATUS_KEYS[status];
    // 9, abandoned (the feed's StatusAbandoned), came with the schedule (issue 18): its name is in
    // that area's translations.
    if (k === "abandoned") return (t as unknown as (key: string) => string)("schedule.status.abandoned");
    return k ? t(`matches.status.${k}`) : String(status);
  };
}

/** The running clock of a match in play (re-rendered each second while mounted). */
export function LiveClock({ m }: { m: MatchItem }) {
  const now = useAtomValue(nowAtom);
  if (!inPlay(m.status) || !m.clock || (m.clock.s === 0 && !m.clock.r)) return <span className="mrow__period">{m.periodName}</span>;
  const secs = clockSeconds(m.clock, now);
  return (
    <span className="mrow__period">
      {m.periodName} <span className="mrow__clock" data-testid="match-clock">{formatClock(secs, m.gameId === 202)}</span>
    </span>
  );
}

/** A side's red cards on a row: a card, with the number when more than one. */
function RedCards({ n }: { n?: number }) {
  const { t } = useTranslation();
  if (!n) return null;
  const label = t("matches.redCards", { count: n });
  return (
    <span className="mrow__red" role="img" aria-label={label} title={label} data-testid="red-cards">
      {n > 1 ? n : ""}
    </span>
  );
}

export function SimulatedBadge() {
  const { t } = useTranslation();
  return (
    <span className="sim-badge" title={t("matches.simulatedHint")} data-testid="simulated-badge">
      {t("matches.simulated")}
    </span>
  );
}

export function TeamLogo({ src, name }: { src?: string; name: string }) {
  // A missing or broken logo falls back to the name's initials.
  const [broken, setBroken] = useState(false);
  const initials = name.replace(/[^\p{L}\p{N} ]/gu, "").split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]).join("").toUpperCase();
  return src && !broken ? (
    <img className="team-logo" src={src} alt="" loading="lazy" onError={() => setBroken(true)} />
  ) : (
    <span className="team-logo team-logo--text" aria-hidden="true">{initials || "?"}</span>
  );
}

/** "in 3 hours" / "2 days ago" (spec §9 relative time), in the interface language. */
export function RelativeTime({ at }: { at: number }) {
  const now = useAtomValue(minuteAtom);
  const locale = useAtomValue(localeAtom);
  return (
    <time className="mrow__rel" dateTime={new Date(at).toISOString()}>
      {formatRelative(at, now, HTML_LANG[locale] ?? "en-US")}
    </time>
  );
}

interface RowProps {
  m: MatchItem;
  slug: string;
  flash: boolean;
  onReserve?: (m: MatchItem) => void;
  busy?: boolean;
  showDate?: boolean;
  /** The row sits under its competition's heading, so it does not repeat the competition's name. */
  inGroup?: boolean;
}

export const MatchRow = memo(function MatchRow({ m, slug, flash, onReserve, busy, showDate, inGroup }: RowProps) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const live = inPlay(m.status);
  const showScore = !upcoming(m.status) && m.status !== 7;
  // Kick-off as the reader's language writes a time, in the browser's zone.
  const lang = HTML_LANG[useAtomValue(localeAtom)] ?? "en-US";
  const canReserve = onReserve && (upcoming(m.status) || m.status === 6 || m.reservation === "booked");
  return (
    <div
      className={`mrow${live ? " mrow--live" : ""}`}
      data-testid="match-row"
      data-match={m.id}
      data-game={m.gameId}
      data-status={m.status}
    >
      <div className="mrow__when">
        <span className="mrow__time">{showDate ? formatDateTime(m.startTime, lang) : formatTime(m.startTime, lang)}</span>
        <span className={`mrow__status mrow__status--${STATUS_KEYS[m.status] ?? "x"}`}>{statusLabel(m.status)}</span>
        {!live && <RelativeTime at={m.startTime} />}
      </div>
      <div className="mrow__league" title={m.leagueName}>
        {inGroup ? null : m.leagueId ? <Link to={`/leagueLibrary/${encodeURIComponent(m.leagueId)}`}>{m.leagueName}</Link> : m.leagueName}
        {live && <LiveClock m={m} />}
      </div>
      <Link className="mrow__teams" to={`/${slug}/${encodeURIComponent(m.id)}`} data-testid="match-link">
        <span className="mrow__team mrow__team--home">
          <span className="mrow__name">{m.homeName}</span>
          <RedCards n={m.redCards?.[0]} />
          <TeamLogo src={m.homeLogo} name={m.homeName} />
        </span>
        <span
          className={`mrow__score${flash ? " score-flash" : ""}${live ? " mrow__score--live" : ""}`}
          data-testid="match-score"
          data-flash={flash ? "1" : undefined}
          aria-live={live ? "polite" : undefined}
        >
          {showScore ? (
            <>
              <span data-testid="score-home">{m.homeScore}</span>
              <span className="mrow__dash">-</span>
              <span data-testid="score-away">{m.awayScore}</span>
            </>
          ) : (
            <span className="mrow__vs">{t("matches.vs")}</span>
          )}
        </span>
        <span className="mrow__team mrow__team--away">
          <TeamLogo src={m.awayLogo} name={m.awayName} />
          <RedCards n={m.redCards?.[1]} />
          <span className="mrow__name">{m.awayName}</span>
        </span>
      </Link>
      <div className="mrow__periods" aria-hidden="true">
        {m.periods.length > 0 && m.periods.map((p, i) => <span key={i}>{p[0]}-{p[1]}</span>)}
      </div>
      <div className="mrow__side">
        <WatchLive matchId={m.id} />

        {canReserve && (
          <button
            type="button"
            className={`reserve${m.reservation === "booked" ? " reserve--on" : ""}`}
            data-testid="reserve"
            disabled={busy}
            onClick={() => onReserve(m)}
            title={m.reservation === "booked" ? t("matches.cancelBooking") : undefined}
          >
            {m.reservation === "booked" ? t("matches.booked") : t("matches.book")}
          </button>
        )}
      </div>
    </div>
  );
});
