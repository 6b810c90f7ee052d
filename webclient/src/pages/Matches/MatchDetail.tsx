// /:game/:id — the match page (spec §2): the head with the live score (it flashes when it
// changes), clock, per-period scores and reservation, and the tabs overview, data, recent
// form, head-to-head, line-ups, game log, technical stats, player stats, odds (European,
// handicap, over/under), trends, preview, experts, text live, animation live and playback.
// The detail call fills every tab once; the match topic keeps the head, the statistics and
// the odds live, and the timeline tabs are fetched again while the match is in play.
import { lazy, Suspense, useMemo } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { matchesApi, type DetailTab, type MatchDetail as Detail, type MatchItem } from "../../api/matches";
import { GAME_SLUGS } from "../../seo/games";
import NotFound from "../NotFound";
import { Loadable, useResource } from "../../data";
import { useLiveMatch, useReserve, useScoreFlash } from "./hooks";
import { LIST_MIN_HEIGHT, Loading } from "./MatchList";
import { LiveClock, SimulatedBadge, TeamLogo, useStatusLabel } from "./MatchRow";
import { WatchLive } from "../Live/WatchLive";
import { formatDateTime } from "./format";
import { inPlay, upcoming } from "./live";
import {
  AnimationTab,
  GameLogTab,
  HeadToHeadTab,
  LineupsTab,
  NotAvailable,
  OddsTab,
  OverviewTab,
  PlayerStatsTab,
  PreviewTab,
  RecentTab,
  StandingsTable,
  StatBars,
  statsFromMatch,
  TextLiveTab,
  TrendsTab,
} from "./DetailTabs";
import { MatchRecordings } from "../Videos";
import "./Matches.css";
import "./MatchDetail.css";
import { MatchPreviewArticle } from "../../components/Article";

export const DETAIL_TABS = [
  "overview", "data", "recent", "headToHead", "lineups", "gameLog", "technicalStats", "playerStats",
  "odds", "trends", "preview", "experts", "textLive", "animation", "playback",
] as const;
export type DetailPageTab = (typeof DETAIL_TABS)[number];

/** Tabs whose data grows during play: fetched again (only that tab) while the match is live. */
const TIMELINE_TABS: readonly DetailTab[] = ["gameLog", "textLive", "playerStats", "overview"];
/** Page tabs drawn from another tab's data: the animation tab places text live's incidents. */
const DATA_OF_TAB: Partial<Record<DetailPageTab, DetailTab>> = { animation: "textLive" };
const TIMELINE_REFRESH_MS = 15_000;

// The experts' plans on this match: loaded with the tab, from the experts area.
const MatchExperts = lazy(() => import("../Experts/MatchExperts"));

const STATUS_NAMES = ["notStarted", "live", "halftime", "overtime", "penalties", "finished", "postponed", "cancelled", "announced"];

function Head({ m, flash }: { m: MatchItem; flash: boolean }) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const { toggle, busy } = useReserve();
  const live = inPlay(m.status);
  const canReserve = upcoming(m.status) || m.status === 6 || m.reservation === "booked";
  return (
    <header className="mhead" data-testid="match-head" data-status={m.status}>
      <div className="mhead__meta">
        {m.leagueId ? <Link to={`/leagueLibrary/${encodeURIComponent(m.leagueId)}`}>{m.leagueName}</Link> : m.leagueName}
        <span>· {formatDateTime(m.startTime)}</span>
        {m.venue && <span>· {m.venue}</span>}
        {m.bestOf ? <span>· {t("matches.detail.bestOf", { n: m.bestOf })}</span> : null}
        {m.source === "simulator" && <SimulatedBadge />}
      </div>
      <div className="mhead__main">
        <Link className="mhead__team" to={`/squadLibrary/${encodeURIComponent(m.homeId)}`}>
          <TeamLogo src={m.homeLogo} name={m.homeName} />
          <span>{m.homeName}</span>
        </Link>
        <div className="mhead__center">
          <div className={`mhead__score${flash ? " score-flash" : ""}${live ? " mhead__score--live" : ""}`} data-testid="match-score" data-flash={flash ? "1" : undefined} aria-live="polite">
            {upcoming(m.status) ? (
              t("matches.vs")
            ) : (
              <>
                <span data-testid="score-home">{m.homeScore}</span> - <span data-testid="score-away">{m.awayScore}</span>
              </>
            )}
          </div>
          <div className={`mrow__status mrow__status--${STATUS_NAMES[m.status] ?? "x"}`} data-testid="match-status">
            {statusLabel(m.status)}
          </div>
          {live && <LiveClock m={m} />}
          <WatchLive matchId={m.id} large />
          {canReserve && (
            <button type="button" className={`reserve${m.reservation === "booked" ? " reserve--on" : ""}`} data-testid="reserve" disabled={busy === m.id} onClick={() => toggle(m)}>
              {m.reservation === "booked" ? t("matches.booked") : t("matches.book")}
            </button>
          )}
        </div>
        <Link className="mhead__team mhead__team--away" to={`/squadLibrary/${encodeURIComponent(m.awayId)}`}>
          <TeamLogo src={m.awayLogo} name={m.awayName} />
          <span>{m.awayName}</span>
        </Link>
      </div>
      {m.periods.length > 0 && (
        <table className="dtable periods" data-testid="periods">
          <thead>
            <tr>
              <th />
              {m.periods.map((_, i) => (
                <th key={i}>{i + 1}</th>
              ))}
              <th>{t("matches.detail.total")}</th>
            </tr>
          </thead>
          <tbody>
            {[0, 1].map((side) => (
              <tr key={side}>
                <td className="dtable__left">{side === 0 ? m.homeName : m.awayName}</td>
                {m.periods.map((p, i) => (
                  <td key={i}>{p[side]}</td>
                ))}
                <td>
                  <b>{side === 0 ? m.homeScore : m.awayScore}</b>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </header>
  );
}

export default function MatchDetail() {
  const { game = "", id = "" } = useParams();
  // Any two-segment path reaches this route: only a game's path asks the server.
  const valid = GAME_SLUGS.has(game) || /^\d+$/.test(game) || /^(game\d+|sports-other|esports-other)$/.test(game);
  const detail = useResource(valid ? `${game}/${id}` : null, (signal) => matchesApi.detail(game, id, undefined, signal));
  if (!valid) return <NotFound />;
  return (
    <Loadable resource={detail} notFound="page" minHeight={LIST_MIN_HEIGHT}>
      {(value) => <MatchPage game={game} id={id} detail={value} />}
    </Loadable>
  );
}

function MatchPage({ game, id, detail }: { game: string; id: string; detail: Detail }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab");
  const tab: DetailPageTab = (DETAIL_TABS as readonly string[]).includes(tabParam ?? "") ? (tabParam as DetailPageTab) : "overview";
  const live = useLiveMatch(detail.match);
  const flashList = useMemo(() => (live ? [live] : []), [live]);
  const flashing = useScoreFlash(flashList);

  // Timeline tabs grow during play: the open one is loaded again every TIMELINE_REFRESH_MS and
  // its answer replaces that tab's part of the detail.
  const playing = live ? inPlay(live.status) : false;
  const dataTab = DATA_OF_TAB[tab] ?? tab;
  const timeline = useResource(
    playing && (TIMELINE_TABS as readonly string[]).includes(dataTab) ? `${game}/${id}/${dataTab}` : null,
    (signal) => matchesApi.detail(game, id, dataTab as DetailTab, signal),
    { refreshMs: TIMELINE_REFRESH_MS },
  );
  const patch: Partial<Detail> = timeline.value ? { [dataTab]: timeline.value[dataTab as keyof Detail] } : {};

  const d: Detail = { ...detail, ...patch };
  const m = live ?? d.match;
  const statusLabel = (s: string) => {
    const i = STATUS_NAMES.indexOf(s);
    return i >= 0 ? t(`matches.status.${STATUS_NAMES[i]}` as "matches.status.live") : s;
  };

  const select = (k: DetailPageTab) => {
    const p = new URLSearchParams(params);
    if (k === "overview") p.delete("tab");
    else p.set("tab", k);
    setParams(p, { replace: true });
  };

  let panel;
  switch (tab) {
    case "overview":
      panel = <OverviewTab d={d} m={m} />;
      break;
    case "data":
      panel = <StandingsTable rows={d.data?.standings ?? []} highlight={[m.homeId, m.awayId]} />;
      break;
    case "recent":
      panel = <RecentTab d={d} slug={game} />;
      break;
    case "headToHead":
      panel = <HeadToHeadTab d={d} slug={game} />;
      break;
    case "lineups":
      panel = <LineupsTab d={d} />;
      break;
    case "gameLog":
      panel = <GameLogTab d={d} statusLabel={statusLabel} />;
      break;
    case "technicalStats":
      panel = <StatBars rows={m.stats ? statsFromMatch(m) : (d.technicalStats ?? [])} />;
      break;
    case "playerStats":
      panel = <PlayerStatsTab d={d} />;
      break;
    case "odds":
      panel = <OddsTab d={d} m={m} />;
      break;
    case "trends":
      panel = <TrendsTab d={d} m={m} />;
      break;
    case "preview":
      panel = (
        <>
          <MatchPreviewArticle matchId={m.id} />
          <PreviewTab d={d} m={m} />
        </>
      );
      break;
    case "textLive":
      panel = <TextLiveTab d={d} />;
      break;
    case "animation":
      panel = <AnimationTab d={d} m={m} />;
      break;
    case "experts":
      panel = (
        <Suspense fallback={<Loading />}>
          <MatchExperts matchId={m.id} />
        </Suspense>
      );
      break;
    case "playback":
      // recordings of the broadcasts that showed this match (issue 22)
      panel = <MatchRecordings matchId={m.id} />;
      break;
    default:
      panel = <NotAvailable />;
  }

  return (
    <section className="mdetail" data-testid="match-page" data-game={m.gameId}>
      <Head m={m} flash={flashing.has(m.id)} />
      <div className="mdetail__tabs" role="tablist">
        {DETAIL_TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`mdetail__tab${tab === k ? " mdetail__tab--on" : ""}`}
            data-testid={`dtab-${k}`}
            onClick={() => select(k)}
          >
            {t(`matches.tab.${k}`)}
          </button>
        ))}
      </div>
      <div className="mdetail__panel" role="tabpanel" data-testid={`dpanel-${tab}`}>
        {panel}
      </div>
    </section>
  );
}
