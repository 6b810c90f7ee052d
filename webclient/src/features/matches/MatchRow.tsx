// One match in a list: time or live clock, league, teams, score (highlighted for a moment
// when it changes), per-period scores, a reservation button and the simulated-data badge.
import { memo, useState } from "react";
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { MatchStatus, type MatchItem } from "../../api/matches";
import { minuteAtom, nowAtom } from "../../state/matches";
import { localeAtom } from "../../state/locale";
import { HTML_LANG } from "../../i18n/locales";
import { clockSeconds, formatClock, formatDateTime, formatRelative, formatTime, warmFormatters } from "./format";
import { inPlay, upcoming } from "./live";
import { WatchLive } from "../live/WatchLive";
import { Aggregate } from "./Aggregate";
import styles from "./MatchRow.module.css";

// The rows' formatters are made while the page waits for its list (the page's language is <html lang>,
// set by the server and kept by the client: src/i18n).
if (typeof document !== "undefined") warmFormatters(document.documentElement.lang || "en-US");

const STATUS_KEYS = ["notStarted", "live", "halftime", "overtime", "penalties", "finished", "postponed", "cancelled", "announced", "abandoned"] as const;

/** The localized name of a spec §4 match state, with a t() the caller already has. */
export function statusText(t: TFunction, status: number): string {
  const k = STATUS_KEYS[status];
  // 9, abandoned (the feed's StatusAbandoned), came with the schedule (issue 18): its name is in
  // that area's translations.
  if (k === "abandoned") return (t as unknown as (key: string) => string)("schedule.status.abandoned");
  return k ? t(`matches.status.${k}`) : String(status);
}

/** The localized name of a spec §4 match state. */
export function useStatusLabel() {
  const { t } = useTranslation();
  return (status: number) => statusText(t, status);
}

/**
 * The running clock of a match in play (re-rendered each second while mounted). A page that shows it
 * outside a match row (the live room's score strip, a multi-view tile) passes its own class rather
 * than restyling the row's.
 */
export function LiveClock({
  m,
  className = styles.mrowPeriod,
  showBreak = false,
}: {
  m: MatchItem;
  className?: string;
  /** Where no status stands beside the clock (a score strip, a multi-view tile): a break reads as a
   *  break ("Break"), not as a minute that stopped ("1H 46'"). */
  showBreak?: boolean;
}) {
  const now = useAtomValue(nowAtom);
  const statusLabel = useStatusLabel();
  if (showBreak && m.status === MatchStatus.Halftime)
    return (
      <span className={className} data-testid="match-break">
        {statusLabel(m.status)}
      </span>
    );
  // A clock reads left to right in every language ("2H 70'", "Q4 07:00"): in a right-to-left page
  // the bidi algorithm would otherwise move the minute's apostrophe to the front.
  if (!inPlay(m.status) || !m.clock || (m.clock.s === 0 && !m.clock.r))
    return (
      <span className={className} dir="ltr">
        {m.periodName}
      </span>
    );
  const secs = clockSeconds(m.clock, now);
  return (
    <span className={className} dir="ltr">
      {m.periodName} <span className={styles.mrowClock} data-testid="match-clock">{formatClock(secs, m.gameId === 202)}</span>
    </span>
  );
}

/** A side's red cards on a row: a card, with the number when more than one. */
function RedCards({ n }: { n?: number }) {
  const { t } = useTranslation();
  if (!n) return null;
  const label = t("matches.redCards", { count: n });
  return (
    <span className={styles.mrowRed} role="img" aria-label={label} title={label} data-testid="red-cards">
      {n > 1 ? n : ""}
    </span>
  );
}

export function SimulatedBadge() {
  const { t } = useTranslation();
  return (
    <span className={styles.simBadge} title={t("matches.simulatedHint")} data-testid="simulated-badge">
      {t("matches.simulated")}
    </span>
  );
}

/** The class of a match state's label (live states red, called-off states amber), as a row shows it. */
export function statusClass(status: number): string {
  const mod = styles[`mrow__status--${STATUS_KEYS[status] ?? "x"}`];
  return mod ? `${styles.mrowStatus} ${mod}` : styles.mrowStatus!;
}

/**
 * A team's (or competition's, player's) logo; a page that shows it larger passes a className with
 * its size (the match head, the library's heads).
 */
export function TeamLogo({ src, name, className }: { src?: string; name: string; className?: string }) {
  // A missing or broken logo falls back to the name's initials.
  const [broken, setBroken] = useState(false);
  const initials = name.replace(/[^\p{L}\p{N} ]/gu, "").split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]).join("").toUpperCase();
  return src && !broken ? (
    <img className={className ? `${styles.teamLogo} ${className}` : styles.teamLogo} src={src} alt="" loading="lazy" onError={() => setBroken(true)} />
  ) : (
    <span className={`${styles.teamLogo} ${styles.teamLogoText}${className ? ` ${className}` : ""}`} aria-hidden="true">{initials || "?"}</span>
  );
}

/** "in 3 hours" / "2 days ago" (spec §9 relative time), in the interface language. */
export function RelativeTime({ at }: { at: number }) {
  const now = useAtomValue(minuteAtom);
  const locale = useAtomValue(localeAtom);
  return (
    <time className={styles.mrowRel} dateTime={new Date(at).toISOString()}>
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
  /** Narrower columns (the home page's Live tab, beside the live rooms). */
  narrow?: boolean;
}

/** Book or cancel a match (the row and the match page's head). */
export function ReserveButton({ m, busy, onClick, title }: { m: MatchItem; busy?: boolean; onClick: () => void; title?: string }) {
  const { t } = useTranslation();
  const booked = m.reservation === "booked";
  return (
    <button type="button" className={`${styles.reserve}${booked ? ` ${styles.reserveOn}` : ""}`} data-testid="reserve" disabled={busy} onClick={onClick} title={title}>
      {booked ? t("matches.booked") : t("matches.book")}
    </button>
  );
}

// Issue 19 (the home page's blocking time): a list mounts many rows at once, so a row mounts only the
// parts it shows: the red cards, the aggregate and "watch live" (each with its own useTranslation and
// subscriptions) only when there is something to show, and the state's name with the row's own t().
export const MatchRow = memo(function MatchRow({ m, slug, flash, onReserve, busy, showDate, inGroup, narrow }: RowProps) {
  const { t } = useTranslation();
  const live = inPlay(m.status);
  const showScore = !upcoming(m.status) && m.status !== 7;
  // Kick-off as the reader's language writes a time, in the browser's zone.
  const lang = HTML_LANG[useAtomValue(localeAtom)] ?? "en-US";
  const canReserve = onReserve && (upcoming(m.status) || m.status === 6 || m.reservation === "booked");
  return (
    <div
      className={`${styles.mrow}${live ? ` ${styles.mrowLive}` : ""}${narrow ? ` ${styles.mrowNarrow}` : ""}`}
      data-testid="match-row"
      data-match={m.id}
      data-game={m.gameId}
      data-status={m.status}
    >
      <div className={styles.mrowWhen}>
        <span className={styles.mrowTime}>{showDate ? formatDateTime(m.startTime, lang) : formatTime(m.startTime, lang)}</span>
        <span className={statusClass(m.status)}>{statusText(t, m.status)}</span>
        {!live && <RelativeTime at={m.startTime} />}
      </div>
      <div className={styles.mrowLeague} title={m.leagueName}>
        {/* Plain anchors routed by the Layout's one listener (components/linkClicks.ts): a long list
            drew a router <Link> per link of each row (issue 19, blocking time). */}
        {inGroup ? null : m.leagueId ? <a href={`/leagueLibrary/${encodeURIComponent(m.leagueId)}`} data-link="">{m.leagueName}</a> : m.leagueName}
        {live && <LiveClock m={m} />}
      </div>
      <a className={styles.mrowTeams} href={`/${slug}/${encodeURIComponent(m.id)}`} data-testid="match-link" data-link="">
        <span className={`${styles.mrowTeam} ${styles.mrowTeamHome}`}>
          {/* dir="auto": a Latin name on an Arabic page is cut at its own end ("Redcliff Alb…"), not its start. */}
          <span className={styles.mrowName} dir="auto">{m.homeName}</span>
          {m.redCards?.[0] ? <RedCards n={m.redCards[0]} /> : null}
          <TeamLogo src={m.homeLogo} name={m.homeName} />
        </span>
        <span
          className={`${styles.mrowScore}${flash ? ` ${styles.scoreFlash}` : ""}${live ? ` ${styles.mrowScoreLive}` : ""}`}
          data-testid="match-score"
          data-flash={flash ? "1" : undefined}
          aria-live={live ? "polite" : undefined}
        >
          {showScore ? (
            <>
              <span data-testid="score-home">{m.homeScore}</span>
              <span className={styles.mrowDash}>-</span>
              <span data-testid="score-away">{m.awayScore}</span>
            </>
          ) : (
            <span className={styles.mrowVs}>{t("matches.vs")}</span>
          )}
          {(showScore || m.firstLeg) && (m.aggregate || m.firstLeg) && <Aggregate m={m} />}
        </span>
        <span className={styles.mrowTeam}>
          <TeamLogo src={m.awayLogo} name={m.awayName} />
          {m.redCards?.[1] ? <RedCards n={m.redCards[1]} /> : null}
          <span className={styles.mrowName} dir="auto">{m.awayName}</span>
        </span>
      </a>
      <div className={styles.mrowPeriods} aria-hidden="true">
        {m.periods.length > 0 && m.periods.map((p, i) => <span key={i}>{p[0]}-{p[1]}</span>)}
      </div>
      <div className={styles.mrowSide}>
        <WatchLive matchId={m.id} />

        {canReserve && (
          <ReserveButton m={m} busy={busy} onClick={() => onReserve(m)} title={m.reservation === "booked" ? t("matches.cancelBooking") : undefined} />
        )}
      </div>
    </div>
  );
});
