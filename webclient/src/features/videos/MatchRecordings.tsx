// The match page's playback tab: the highlight clips of the match (cut automatically from its
// broadcasts' recordings, issue 25 §2, or uploaded by staff), then the recordings of the broadcasts
// that showed this match (GET /liveRecord?matchId=), newest first, each leading to its video page.
// Both refresh every half minute while the tab is open (clips are cut and recordings finish while
// the match runs); the highlights draw no state of their own and show only when there are some.
import { Link } from "react-router";
import { videosApi } from "../../api/videos";
import { formatDate, formatDuration } from "../../components/Videos";
import { useVideosT } from "../../i18n/videos";
import { Loadable, useResource } from "../../data";
import { useReplayT } from "../../i18n/replay";
import { VideoGrid, useNumberFormat } from "./shared";
import styles from "./Videos.module.css";
import recStyles from "../../components/Videos/Videos.module.css";

/** Both lists refresh this often while the playback tab is open. */
const RECORDINGS_REFRESH_MS = 30_000;

/** The match's highlight clips; nothing while there are none. */
function MatchHighlights({ matchId }: { matchId: string }) {
  const { t } = useReplayT();
  const hl = useResource(`match-highlights|${matchId}`, (signal) => videosApi.list({ matchId, kind: "highlight", pageSize: 24 }, signal), {
    refreshMs: RECORDINGS_REFRESH_MS,
  });
  const clips = hl.value?.list ?? [];
  if (clips.length === 0) return null;
  return (
    <section aria-label={t("highlights.match")} data-testid="match-highlights">
      <h2 className={styles.videosSectionTitle}>{t("highlights.match")}</h2>
      <VideoGrid videos={clips} showGame={false} />
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
  // Only the broadcasts whose recording is a video yet (a running broadcast has none).
  const recs = useResource(
    `match-recordings|${matchId}`,
    (signal) => videosApi.matchRecordings(matchId, signal).then((r) => r.list.filter((s) => s.video)),
    { refreshMs: RECORDINGS_REFRESH_MS },
  );
  return (
    <Loadable resource={recs} empty={(list) => list.length === 0} emptyLabel={t("playback.empty")} minHeight={240}>
      {(list) => (
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
      )}
    </Loadable>
  );
}
