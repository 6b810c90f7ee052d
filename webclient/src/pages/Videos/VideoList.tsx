// /videos/videoList and /videos/:game/videoList — every ready video (of a game), newest first,
// by kind, a page at a time.
import { useCallback, useEffect, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { ApiError } from "../../api/client";
import { videosApi, type Video, type VideoKind } from "../../api/videos";
import { useVideosT } from "../../i18n/videos";
import { GAME_SLUGS } from "../../seo/games";
import NotFound from "../NotFound";
import { LoadError, Loading } from "../Matches/MatchList";
import { KindChips, LIST_KINDS, VideoGrid, useGameName } from "./shared";
import styles from "./Videos.module.css";

const PAGE = 24;

export default function VideoList() {
  const { game = "" } = useParams();
  const { t } = useVideosT();
  const gameName = useGameName();
  const [params, setParams] = useSearchParams();
  const k = params.get("kind") ?? "";
  const kind = (LIST_KINDS as readonly string[]).includes(k) ? (k as VideoKind | "") : "";
  const [state, setState] = useState<{ items: Video[]; total: number; page: number; loading: boolean; error: string }>({
    items: [], total: 0, page: 0, loading: true, error: "",
  });
  const load = useCallback(
    (page: number) => {
      setState((s) => ({ ...s, loading: true, error: "" }));
      videosApi.list({ game, kind, pageIndex: page, pageSize: PAGE }).then(
        (r) => setState((s) => ({ items: page === 1 ? r.list : [...s.items, ...r.list], total: r.total, page, loading: false, error: "" })),
        (e: unknown) => setState((s) => ({ ...s, loading: false, error: e instanceof ApiError ? e.userMessage : String(e) })),
      );
    },
    [game, kind],
  );
  useEffect(() => load(1), [load]);

  if (game && !GAME_SLUGS.has(game)) return <NotFound />;
  const setKind = (next: VideoKind | "") => {
    const p = new URLSearchParams(params);
    if (next) p.set("kind", next);
    else p.delete("kind");
    setParams(p, { replace: true });
  };
  return (
    <section className={styles.videos} data-testid="videos-list">
      <div className={styles.videosHead}>
        <h1 className={styles.videosTitle}>{game ? t("channel", { game: gameName(game) }) : t("all")}</h1>
        {game && (
          <Link className={styles.videosLink} to="/videos/videoList">
            {t("allGames")}
          </Link>
        )}
      </div>
      <KindChips kind={kind} onChange={setKind} />
      {state.page === 0 && state.loading && <Loading />}
      {state.error && <LoadError message={state.error} onRetry={() => load(Math.max(1, state.page))} />}
      {state.page > 0 && <VideoGrid videos={state.items} showGame={!game} />}
      {state.items.length < state.total && (
        <button type="button" className={styles.videosMore} disabled={state.loading} onClick={() => load(state.page + 1)}>
          {t("loadMore")}
        </button>
      )}
    </section>
  );
}
