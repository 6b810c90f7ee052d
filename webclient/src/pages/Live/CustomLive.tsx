// /customLive/{id?} — rooms with a custom tag instead of a match (issue 17 "Around the room"; spec
// §2 route, §3 "linked match or custom tag"). The spec does not say what {id} is; we read it as the
// tag itself (URL-encoded, any case: /customLive/Talk%20show), since a tag has no other identity and
// the room's own page is already /live/{id}. Without an id the page lists every tag live now.
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { liveApi, tagPath } from "../../api/live";
import { useMultiViewT } from "../../i18n/multiview";
import { NoData } from "../../components/NoData";
import { Loadable, useResource } from "../../data";
import { gameLabel } from "../../features/matches/hooks";
import { formatCount } from "../../features/matches/format";
import { LiveCardList, LiveCardView } from "../../features/live/LiveCardView";
import { useCardMatches, useGameNames } from "../../features/live/hooks";
import { LIVE_REFRESH_MS } from "./LivePage";
import styles from "./Live.module.css";

export default function CustomLive() {
  const { id } = useParams();
  return id ? <TagRooms tag={id} /> : <AllTags />;
}

function TagRooms({ tag }: { tag: string }) {
  const { t } = useTranslation();
  const { t: mt } = useMultiViewT();
  const res = useResource(`tag-rooms|${tag}`, (signal) => liveApi.tagRooms(tag, { signal }), { refreshMs: LIVE_REFRESH_MS });
  const rooms = res.value?.list ?? [];
  const matches = useCardMatches(rooms);
  const names = useGameNames();
  const shown = res.value?.tag ?? tag;
  return (
    <section className={styles.livePage} data-testid="custom-live" data-tag={shown}>
      <div className={styles.livePageHead}>
        <h1 className={styles.livePageTitle}>
          <bdi>#{shown}</bdi>
        </h1>
        {res.status === "ready" && <span className={styles.livePageCount}>{mt("customLive.count", { count: rooms.length })}</span>}
        <Link className={styles.livePageMore} to="/customLive">{mt("customLive.allTags")}</Link>
      </div>
      <p className={styles.livePageIntro}>{mt("customLive.intro")}</p>
      <Loadable resource={res}>
        {(v) =>
          v.list.length === 0 ? (
            <p className={styles.livePageNone} data-testid="custom-live-none">{mt("customLive.none")}</p>
          ) : (
            <LiveCardList testId="live-cards">
              {v.list.map((c) => (
                <LiveCardView key={c.roomId} card={c} match={c.match ? (matches.get(c.match.id) ?? c.match) : undefined} gameName={gameLabel(t, names.get(c.gameId)) || undefined} />
              ))}
            </LiveCardList>
          )
        }
      </Loadable>
    </section>
  );
}

function AllTags() {
  const { t: mt } = useMultiViewT();
  const { t } = useTranslation();
  const tags = useResource("live-tags", (signal) => liveApi.tags({ signal }), { refreshMs: LIVE_REFRESH_MS });
  return (
    <section className={styles.livePage} data-testid="custom-live-tags">
      <div className={styles.livePageHead}>
        <h1 className={styles.livePageTitle}>{mt("customLive.title")}</h1>
      </div>
      <p className={styles.livePageIntro}>{mt("customLive.intro")}</p>
      <Loadable resource={tags}>
        {(v) =>
          v.list.length === 0 ? (
            <>
              <p className={styles.livePageNone}>{mt("customLive.noTags")}</p>
              <NoData />
            </>
          ) : (
            <ul className={styles.tagList}>
              {v.list.map((x) => (
                <li key={x.tag}>
                  <Link className={styles.tagListTag} to={tagPath(x.tag)} data-testid="custom-live-tag">
                    <bdi className={styles.tagListName}>#{x.tag}</bdi>
                    <span className={styles.tagListMeta}>
                      {mt("customLive.rooms", { count: x.rooms })} · {t("discover.viewers", { count: x.viewers, n: formatCount(x.viewers) })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </Loadable>
    </section>
  );
}
