// The match page's playback tab: the highlight clips of the match (cut automatically from its
// broadcasts' recordings, issue 25 §2, or uploaded by staff), then the recordings of the broadcasts
// that showed this match (GET /liveRecord?matchId=), newest first, each leading to its video page.
import { Link } from "react-router";
import { videosApi } from "../../api/videos";
import { formatDate, formatDuration } from "../../components/Videos";
import { NoData } from "../../components/NoData";
import { useVideosT } from "../../i18n/videos";
import { useFetch } from "../Matches/hooks";
import { LoadError, Loading } from "../Matches/MatchList";
import { useReplayT } from "../../i18n/replay";
import { VideoGrid, useNumberFormat } from "./shared";
import styles from "./Videos.module.css";
import recStyles from "../../components/Videos/Videos.module.css";

/** The match's highlight clips; nothing while there are none. */
function MatchHighlights({ matchId }: { matchId: string }) {
  const { t } = useReplayT();
  const { state } = useFetch((signal) => videosApi.list({ matchId, kind: "highlight", pageSize: 24 }, signal), `hl|${matchId}`, 30_000);
  if (state.status !== "ready" || state.value.list.length === 0) return null;
  return (
    <section aria-label={t("highlights.match")} data-testid="match-highlights">
      <h2 className={styles.videosSectionTitle}>{t("highlights.match")}</h2>
      <VideoGrid videos={state.value.list} showGame={false} />
    </section>
  );
}

export function MatchRecordings({ matchId }: { matchId: string }) {
  return (
    <>
      <MatchHighlights matchId={matchId} />
      <Recordings matchId={matchId} />
    </>
  );
}

function Recordings({ matchId }: { matchId: string }) {
  const { t, language } = useVideosT();
  const nf = useNumberFormat();
  const { state, reload } = useFetch((signal) => videosApi.matchRecordings(matchId, signal), `recs|${matchId}`, 30_000);
  if (state.status === "loading") return <Loading />;
  if (state.status === "error") return <LoadError message={state.message} onRetry={reload} />;
  const list = state.value.list.filter((s) => s.video);
  if (list.length === 0) return <NoData label={t("playback.empty")} />;
  return (
    <section aria-label={t("playback.title")}>
      <ul className={recStyles.recs} data-testid="match-recordings">
        {list.map((s) => {
          const v = s.video!;
          const to = v.game ? `/videos/${v.game}/${v.id}` : `/videos/${v.id}`;
          return (
            <li key={s.id} className={recStyles.recsItem} data-testid="match-recording">
              <Link to={to} className={recStyles.recsPoster} aria-hidden="true" tabIndex={-1}>
                {v.poster && <img src={v.poster} alt="" loading="lazy" />}
              </Link>
              <div>
                <Link to={to} className={recStyles.recsTitle}>
                  {s.title}
                </Link>
                <div className={recStyles.recsMeta}>
                  <span>{formatDate(s.startedAt, language)}</span>
                  <span>{formatDuration(v.durationSec)}</span>
                  <span>{t("playback.peak", { n: nf.format(s.peakViewers) })}</span>
                </div>
              </div>
              <div className={recStyles.recsActions}>
                <Link to={to}>{t("playback.watch")}</Link>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
