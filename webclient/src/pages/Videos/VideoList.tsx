// /videos/videoList and /videos/:game/videoList — every ready video (of a game), newest first,
// by kind, a page at a time ("More"). The kind lives in the URL (?kind=).
import { Link, useParams, useSearchParams } from "react-router";
import { videosApi, type Video, type VideoKind } from "../../api/videos";
import { useVideosT } from "../../i18n/videos";
import { GAME_SLUGS } from "../../seo/games";
import NotFound from "../../components/ErrorPages/NotFound";
import { Loadable, usePaged } from "../../data";
import { KindChips, LIST_KINDS, VideoGrid, useGameName } from "../../features/videos/shared";
import styles from "../../features/videos/Videos.module.css";

const PAGE = 24;
const idOf = (v: Video) => v.id;

export default function VideoList() {
  const { game = "" } = useParams();
  const { t } = useVideosT();
  const gameName = useGameName();
  const [params, setParams] = useSearchParams();
  const k = params.get("kind") ?? "";
  const kind = (LIST_KINDS as readonly string[]).includes(k) ? (k as VideoKind | "") : "";
  const known = !game || GAME_SLUGS.has(game);
  const list = usePaged(
    known ? `videos|${game}|${kind}` : null,
    (page, signal) => videosApi.list({ game, kind, pageIndex: page, pageSize: PAGE }, signal),
    { idOf },
  );

  if (!known) return <NotFound />;
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
      {/* VideoGrid draws the no-data picture itself on an empty list */}
      <Loadable resource={list} minHeight={480}>
        {() => (
          <>
            <VideoGrid videos={list.items} showGame={!game} />
            {list.error && (
              // A later page failed: the pages read stay, "More" tries it again.
              <p className={styles.videosError} role="alert" data-testid="more-error">
                {list.error}
              </p>
            )}
            {list.hasMore && (
              <button type="button" className={styles.videosMore} disabled={list.loadingMore} onClick={list.more} data-testid="videos-more">
                {t("loadMore")}
              </button>
            )}
          </>
        )}
      </Loadable>
    </section>
  );
}
