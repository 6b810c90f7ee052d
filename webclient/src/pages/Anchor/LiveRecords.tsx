// The streamer centre's past broadcasts (GET /liveRecord) with their recordings (issue 22): watch,
// hide from the site and show again, or delete.
import { useState } from "react";
import { Link } from "react-router";
import { videosApi } from "../../api/videos";
import { Loadable, useResource } from "../../data";
import { formatDate, formatDuration } from "../../components/Videos";
import { useVideosT } from "../../i18n/videos";
import videoStyles from "../../components/Videos/Videos.module.css";
import styles from "./Anchor.module.css";

export function LiveRecords() {
  const { t, language } = useVideosT();
  const res = useResource("anchor-live-records", (signal) => videosApi.myRecords(1, { toast: false, signal }));
  const [busy, setBusy] = useState(0);

  const act = (id: number, state: "hidden" | "ready" | "deleted") => {
    if (state === "deleted" && !window.confirm(t("records.confirmDelete"))) return;
    setBusy(id);
    videosApi.setRecordingState(id, state).then(
      () => {
        setBusy(0);
        res.refresh();
      },
      () => setBusy(0),
    );
  };

  return (
    <section className={styles.anchorPanel} data-testid="live-records">
      <h2 className={styles.anchorSub}>{t("records.title")}</h2>
      <Loadable resource={res} empty={(r) => r.list.length === 0} emptyLabel={t("records.empty")} minHeight={160}>
        {({ list }) => (
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
      </Loadable>
    </section>
  );
}
