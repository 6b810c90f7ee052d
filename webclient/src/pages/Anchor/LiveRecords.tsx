// The streamer centre's past broadcasts (GET /liveRecord) with their recordings (issue 22): watch,
// hide from the site and show again, or delete.
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../../api/client";
import { videosApi, type LiveSessionRecord } from "../../api/videos";
import { formatDate, formatDuration } from "../../components/Videos";
import { useVideosT } from "../../i18n/videos";
import videoStyles from "../../components/Videos/Videos.module.css";
import styles from "./Anchor.module.css";

export function LiveRecords() {
  const { t, language } = useVideosT();
  const [list, setList] = useState<LiveSessionRecord[] | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(0);
  const load = useCallback(() => {
    videosApi.myRecords(1, { toast: false }).then(
      (r) => setList(r.list),
      (e: unknown) => setError(e instanceof ApiError ? e.userMessage : String(e)),
    );
  }, []);
  useEffect(load, [load]);

  const act = (id: number, state: "hidden" | "ready" | "deleted") => {
    if (state === "deleted" && !window.confirm(t("records.confirmDelete"))) return;
    setBusy(id);
    videosApi.setRecordingState(id, state).then(
      () => {
        setBusy(0);
        load();
      },
      () => setBusy(0),
    );
  };

  return (
    <section className={styles.anchorPanel} data-testid="live-records">
      <h2 className={styles.anchorSub}>{t("records.title")}</h2>
      {error && <p className={styles.anchorError}>{error}</p>}
      {list && list.length === 0 && <p className={styles.anchorMuted}>{t("records.empty")}</p>}
      {list && list.length > 0 && (
        <ul className={videoStyles.recs}>
          {list.map((s) => {
            const v = s.video;
            const to = v ? (v.game ? `/videos/${v.game}/${v.id}` : `/videos/${v.id}`) : "";
            return (
              <li key={s.id} className={videoStyles.recsItem} data-testid="live-record">
                <span className={videoStyles.recsPoster}>{v?.poster && <img src={v.poster} alt="" loading="lazy" />}</span>
                <div>
                  <div className={videoStyles.recsTitle}>{s.title}</div>
                  <div className={videoStyles.recsMeta}>
                    <span>{formatDate(s.startedAt, language)}</span>
                    <span>{formatDuration(s.durationSec)}</span>
                    {!s.endedAt && <span className={videoStyles.recsBadge}>{t("records.live")}</span>}
                    {!v && s.endedAt > 0 && <span>{t("records.notRecorded")}</span>}
                    {v && v.state === "processing" && <span className={videoStyles.recsBadge}>{t("records.recording")}</span>}
                    {v && v.state === "hidden" && <span className={videoStyles.recsBadge} data-testid="record-hidden">{t("state.hidden")}</span>}
                  </div>
                </div>
                <div className={videoStyles.recsActions}>
                  {v?.state === "ready" && <Link to={to}>{t("records.watch")}</Link>}
                  {v?.state === "ready" && (
                    <button type="button" disabled={busy === v.id} onClick={() => act(v.id, "hidden")} data-testid="record-hide">
                      {t("records.hide")}
                    </button>
                  )}
                  {v?.state === "hidden" && (
                    <button type="button" disabled={busy === v.id} onClick={() => act(v.id, "ready")} data-testid="record-show">
                      {t("records.show")}
                    </button>
                  )}
                  {v && (v.state === "ready" || v.state === "hidden" || v.state === "failed") && (
                    <button type="button" disabled={busy === v.id} onClick={() => act(v.id, "deleted")} data-testid="record-delete">
                      {t("records.delete")}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
