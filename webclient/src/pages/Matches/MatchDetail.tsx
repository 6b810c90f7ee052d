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
import NotFound from "../../components/ErrorPages/NotFound";
import { Loadable, useResource } from "../../data";
import { useLiveMatch, useReserve, useScoreFlash } from "../../features/matches/hooks";
import { LIST_MIN_HEIGHT, Loading } from "../../features/matches/MatchList";
import { LiveClock, ReserveButton, SimulatedBadge, statusClass, TeamLogo, useStatusLabel } from "../../features/matches/MatchRow";
import { WatchLive } from "../../features/live/WatchLive";
import { Aggregate } from "../../features/matches/Aggregate";
import { formatDateTime } from "../../features/matches/format";
import { inPlay, upcoming } from "../../features/matches/live";
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
} from "../../features/matches/DetailTabs";
import styles from "../../features/matches/MatchDetail.module.css";
import tableStyles from "../../components/DataTable.module.css";
import { TabList } from "../../components/TabList/TabList";

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
const MatchExperts = lazy(() => import("../../features/experts/MatchExperts"));
// The preview's article and the playback's recordings load with their tabs: the overview, where a
// reader lands, does without the news and video modules (issue 19: less script before the page's
// largest paint).
const MatchPreviewArticle = lazy(async () => ({ default: (await import("../../components/Article/MatchPreviewArticle")).MatchPreviewArticle }));
const MatchRecordings = lazy(async () => ({ default: (await import("../../features/videos/MatchRecordings")).MatchRecordings }));

const STATUS_NAMES = ["notStarted", "live", "halftime", "overtime", "penalties", "finished", "postponed", "cancelled", "announced"];

function Head({ m, flash }: { m: MatchItem; flash: boolean }) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const { toggle, busy } = useReserve();
  const live = inPlay(m.status);
  const canReserve = upcoming(m.status) || m.status === 6 || m.reservation === "booked";
  return (
    <header className={styles.mhead} data-testid="match-head" data-status={m.status}>
      <div className={styles.mheadMeta}>
        {m.leagueId ? <Link to={`/leagueLibrary/${encodeURIComponent(m.leagueId)}`}>{m.leagueName}</Link> : m.leagueName}
        <span>· {formatDateTime(m.startTime)}</span>
        {m.venue && <span>· {m.venue}</span>}
        {m.bestOf ? <span>· {t("matches.detail.bestOf", { n: m.bestOf })}</span> : null}
        {m.source === "simulator" && <SimulatedBadge />}
      </div>
      <div className={styles.mheadMain}>
        <Link className={styles.mheadTeam} to={`/squadLibrary/${encodeURIComponent(m.homeId)}`}>
          <TeamLogo src={m.homeLogo} name={m.homeName} className={styles.mheadLogo} />
          <span>{m.homeName}</span>
        </Link>
        <div className={styles.mheadCenter}>
          <div className={`${styles.mheadScore}${flash ? ` ${styles.scoreFlash}` : ""}${live ? ` ${styles.mheadScoreLive}` : ""}`} data-testid="match-score" data-flash={flash ? "1" : undefined} aria-live="polite">
            {upcoming(m.status) ? (
              t("matches.vs")
            ) : (
              <>
                <span data-testid="score-home">{m.homeScore}</span> - <span data-testid="score-away">{m.awayScore}</span>
              </>
            )}
          </div>
          <div className={statusClass(m.status)} data-testid="match-status">
            {statusLabel(m.status)}
          </div>
          {live && <LiveClock m={m} />}
          {(!upcoming(m.status) || m.firstLeg) && <Aggregate m={m} full />}
          <WatchLive matchId={m.id} large />
          {canReserve && <ReserveButton m={m} busy={busy === m.id} onClick={() => toggle(m)} />}
        </div>
        <Link className={styles.mheadTeam} to={`/squadLibrary/${encodeURIComponent(m.awayId)}`}>
          <TeamLogo src={m.awayLogo} name={m.awayName} className={styles.mheadLogo} />
          <span>{m.awayName}</span>
        </Link>
      </div>
      {m.periods.length > 0 && (
        <table className={`${tableStyles.dtable} ${styles.periods}`} data-testid="periods">
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
                <td className={tableStyles.dtableLeft}>{side === 0 ? m.homeName : m.awayName}</td>
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
          <Suspense fallback={null}>
            <MatchPreviewArticle matchId={m.id} />
          </Suspense>
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
      panel = (
        <Suspense fallback={<Loading />}>
          <MatchRecordings matchId={m.id} />
        </Suspense>
      );
      break;
    default:
      panel = <NotAvailable />;
  }

  return (
    <section data-testid="match-page" data-game={m.gameId}>
      <Head m={m} flash={flashing.has(m.id)} />
      <TabList
        items={DETAIL_TABS.map((k) => ({ key: k, label: t(`matches.tab.${k}`), testId: `dtab-${k}` }))}
        selected={tab}
        onSelect={select}
        className={styles.mdetailTabs}
        tabClassName={styles.mdetailTab}
        selectedClassName={styles.mdetailTabOn}
      />
      <div className={styles.mdetailPanel} role="tabpanel" data-testid={`dpanel-${tab}`}>
        {panel}
      </div>
    </section>
  );
}
