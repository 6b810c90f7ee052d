// The back office's videos (issue 22; staff with editContent): upload a file (sent in parts, with
// its progress), follow its transcoding (the queue's progress, refreshed while a job runs), open,
// hide, show again or delete any video, recordings of broadcasts included.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../api/client";
import { uploadVideo, videosApi, type StaffVideo, type VideoInput, type VideoKind } from "../../../api/videos";
import { formatDate, formatDuration, videoPath } from "../../../components/Videos";
import { useVideosT } from "../../../i18n/videos";
import { GAME_SLUGS } from "../../../seo/games";
import { Loadable, useResource } from "../../../data";
import styles from "./videosAdmin.module.css";

const KINDS: VideoKind[] = ["highlight", "replay", "clip"];
/** Game ids of the catalogue's slugs shown in the upload form (the most common first). */
const GAMES: readonly [string, number][] = [
  ["soccer", 202], ["basketball", 201], ["lol", 1], ["csgo", 2], ["dota2", 4], ["valorant", 14], ["tennis", 203],
  ["baseball", 205], ["cricket", 210], ["kog", 3], ["snooker", 204], ["volleyball", 206],
];
/** How often the list refreshes while a video is uploading or transcoding. */
const POLL_MS = 1500;

function UploadForm({ onUploaded, disabled }: { onUploaded: () => void; disabled: boolean }) {
  const { t } = useVideosT();
  const [input, setInput] = useState<VideoInput>({ title: "", kind: "highlight", gameId: 202, matchId: "" });
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!input.title.trim() || !file) {
      setError(t("admin.titleRequired"));
      return;
    }
    setError("");
    setSent(0);
    try {
      await uploadVideo(input, file, setSent);
      setInput((x) => ({ ...x, title: "", matchId: "" }));
      setFile(null);
      (e.target as HTMLFormElement).reset();
      onUploaded();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSent(null);
    }
  };
  return (
    <form className={styles.vadmForm} onSubmit={submit} data-testid="video-upload-form">
      <h3>{t("admin.upload")}</h3>
      <div className={styles.vadmGrid}>
        <label>
          {t("admin.videoTitle")}
          <input value={input.title} maxLength={200} onChange={(e) => setInput({ ...input, title: e.target.value })} data-testid="upload-title" />
        </label>
        <label>
          {t("admin.kind")}
          <select value={input.kind} onChange={(e) => setInput({ ...input, kind: e.target.value as VideoKind })} data-testid="upload-kind">
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("admin.game")}
          <GameSelect value={input.gameId} onChange={(gameId) => setInput({ ...input, gameId })} />
        </label>
        <label>
          {t("admin.match")}
          <input value={input.matchId} onChange={(e) => setInput({ ...input, matchId: e.target.value.trim() })} data-testid="upload-match" />
        </label>
        <label>
          {t("admin.file")}
          <input type="file" accept="video/*" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="upload-file" />
        </label>
      </div>
      <div className={styles.vadmRow}>
        <button type="submit" className={styles.vadmPrimary} disabled={disabled || sent !== null} data-testid="upload-submit">
          {t("admin.submit")}
        </button>
        {sent !== null && (
          <span className={styles.vadmProgress} data-testid="upload-sending">
            <progress max={100} value={Math.round(sent * 100)} /> {t("admin.sending", { pct: Math.round(sent * 100) })}
          </span>
        )}
        {error && (
          <span className={styles.vadmError} role="alert">
            {error}
          </span>
        )}
      </div>
    </form>
  );
}

function GameSelect({ value, onChange }: { value: number; onChange: (id: number) => void }) {
  return (
    <select value={value} onChange={(e) => onChange(Number(e.target.value))} data-testid="upload-game">
      {GAMES.filter(([slug]) => GAME_SLUGS.has(slug)).map(([slug, id]) => (
        <GameOption key={id} slug={slug} id={id} />
      ))}
    </select>
  );
}

function GameOption({ slug, id }: { slug: string; id: number }) {
  const name = useGameLabel()(slug);
  return <option value={id}>{name}</option>;
}

/** The reader's name of a game from the matches' translations. */
function useGameLabel(): (slug: string) => string {
  const { t } = useTranslation();
  return (slug) => String((t as unknown as (k: string, o?: object) => string)(`matches.game.${slug}`, { defaultValue: slug }));
}

function StateCell({ v }: { v: StaffVideo }) {
  const { t } = useVideosT();
  if (v.state === "processing") {
    const running = v.jobState === "running";
    return (
      <span className={styles.vadmProgress} data-testid="video-progress" data-progress={v.progress}>
        <progress max={100} value={v.progress} /> {running ? t("admin.transcoding", { pct: v.progress }) : t("admin.queued")}
      </span>
    );
  }
  return (
    <span className={`${styles.vadmState} ${styles[`vadm-state--${v.state}`] ?? ""}`} data-testid="video-state" data-state={v.state} title={v.error || undefined}>
      {t(`state.${v.state}`)}
    </span>
  );
}

export function VideosAdmin() {
  const { t, language } = useVideosT();
  const gameLabel = useGameLabel();
  // The list polls (keeping itself on screen) only while a video is still uploading or transcoding.
  const [polling, setPolling] = useState(false);
  const videos = useResource("admin-videos", (signal) => videosApi.staffList(1, signal), { refreshMs: polling ? POLL_MS : 0 });
  const page = videos.value;
  const busy = page?.list.some((v) => v.state === "processing" || v.state === "uploading") ?? false;
  if (busy !== polling) setPolling(busy);

  // A failed move is toasted by the client.
  const move = (v: StaffVideo, state: "hidden" | "ready" | "deleted") => {
    if (state === "deleted" && !window.confirm(t("admin.confirmDelete"))) return;
    videosApi.setState(v.id, state).then(videos.refresh, () => undefined);
  };

  return (
    <section className={styles.vadm} data-testid="videos-admin">
      <h2>{t("admin.title")}</h2>
      {page && !page.transcoder && <p className={styles.vadmError}>{t("admin.noTranscoder")}</p>}
      <UploadForm onUploaded={videos.refresh} disabled={!!page && !page.transcoder} />
      <Loadable resource={videos} empty={(p) => p.list.length === 0} emptyLabel={t("admin.empty")}>
        {({ list }) => (
          <table className={styles.vadmTable}>
            <thead>
              <tr>
                <th />
                <th>{t("admin.videoTitle")}</th>
                <th>{t("admin.kind")}</th>
                <th>{t("admin.duration")}</th>
                <th>{t("admin.added")}</th>
                <th>{t("admin.status")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.map((v) => (
                <tr key={v.id} data-testid="admin-video" data-id={v.id}>
                  <td className={styles.vadmThumb}>{v.poster ? <img src={v.poster} alt="" /> : null}</td>
                  <td>
                    <div className={styles.vadmStrong}>{v.title}</div>
                    <div className={styles.vadmMuted}>{gameLabel(v.game)}</div>
                  </td>
                  <td>{t(`kind.${v.kind}`)}</td>
                  <td className={styles.vadmNum}>{v.durationSec > 0 ? formatDuration(v.durationSec) : "—"}</td>
                  <td className={styles.vadmDate}>{formatDate(v.createdAt, language)}</td>
                  <td>
                    <StateCell v={v} />
                  </td>
                  <td className={styles.vadmButtons}>
                    {v.state === "ready" && (
                      <a href={videoPath(v)} target="_blank" rel="noreferrer" data-testid="admin-open">
                        {t("admin.preview")}
                      </a>
                    )}
                    {v.state === "ready" && (
                      <button type="button" onClick={() => move(v, "hidden")} data-testid="admin-hide">
                        {t("admin.hide")}
                      </button>
                    )}
                    {v.state === "hidden" && (
                      <button type="button" onClick={() => move(v, "ready")} data-testid="admin-show">
                        {t("admin.show")}
                      </button>
                    )}
                    {v.state !== "processing" && (
                      <button type="button" className={styles.vadmDanger} onClick={() => move(v, "deleted")} data-testid="admin-delete">
                        {t("admin.delete")}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loadable>
    </section>
  );
}
