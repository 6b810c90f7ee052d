// /anchor/anchorList — approved streamers, live rooms first, with viewers (spec §2, §7), and
// /anchor/:id — a streamer's page: title, teaser, detailed intro with its pictures, the room's
// flags, and the player when live.
import { useState } from "react";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { anchorApi, type AnchorListEntry, type AnchorPageInfo } from "../../api/anchor";
import { Loadable, useResource } from "../../data";
import { Player } from "../../components/Player";
import { Avatar } from "../../components/Avatar";
import { formatCount } from "../../features/matches/format";
import styles from "./Anchor.module.css";
import frame from "../../components/Layout.module.css";
import { ReservedBroadcast } from "../../components/ReservedBroadcast/ReservedBroadcast";

/** The space the streamer cards take while they load: more than a phone's screen, so the footer
 *  stays below the fold until the cards arrive (issue 19: CLS 0.32–0.37 when it jumped down). */
const CARDS_MIN_HEIGHT = "min(100vh, 720px)";

export default function AnchorList() {
  const { t } = useTranslation();
  const [liveOnly, setLiveOnly] = useState(false);
  const anchors = useResource(`anchors:${liveOnly ? "live" : "all"}`, () => anchorApi.list({ live: liveOnly, size: 60 }).then((r) => r.list));

  return (
    // The head's classes are the frame's (Layout.module.css): the first HTML's static shell draws it (api/siteshell.go).
    <main className={frame.streamers} data-testid="anchor-list">
      <div className={frame.streamersHead}>
        <h1 className={frame.streamersTitle}>{t("anchor.list.title")}</h1>
        <label className={frame.streamersLive}>
          <input type="checkbox" checked={liveOnly} onChange={(e) => setLiveOnly(e.target.checked)} />
          <span>{t("anchor.list.liveOnly")}</span>
        </label>
      </div>
      <Loadable resource={anchors} empty={(list) => list.length === 0} minHeight={CARDS_MIN_HEIGHT}>
        {(list) => (
          <ul className={frame.streamersCards}>
            {list.map((a, i) => (
              <AnchorCard key={a.anchorId} a={a} index={i} />
            ))}
          </ul>
        )}
      </Loadable>
    </main>
  );
}

/** Covers that load at once, at a high priority: the first card's, the page's largest paint (issue
 *  19, LCP). The others load lazily, after layout, even the two more a phone's first screen shows:
 *  loaded beside the first they shared the slow link with it and moved the largest paint back. The
 *  first HTML's shell draws the first screen of cards with the same rule (api/siteshelldata.go
 *  shellEagerCovers) and the same classes (Layout.module.css), from the data it hands this page
 *  (src/data/seed.ts), so the first render replaces them in place. */
const EAGER_COVERS = 1;

function AnchorCard({ a, index }: { a: AnchorListEntry; index: number }) {
  const { t } = useTranslation();
  const eager = index < EAGER_COVERS;
  return (
    <li className={frame.streamerCard} data-testid="anchor-card" data-live={a.live}>
      <Link to={`/anchor/${encodeURIComponent(a.anchorId)}`}>
        <div className={frame.streamerCardCover}>
          {/* the cover box keeps 16:9 (CSS); width and height say so to the browser before the CSS too */}
          {a.coverUrl ? (
            <img src={a.coverUrl} alt="" loading={eager ? "eager" : "lazy"} fetchPriority={index === 0 ? "high" : "auto"} width={320} height={180} />
          ) : (
            <span className={frame.streamerCardPlaceholder}>▶</span>
          )}
          {a.live && <span className={frame.streamerCardBadge}>{t("anchor.list.live")}</span>}
        </div>
        <p className={frame.streamerCardTitle}>{a.title || t("anchor.broadcast.noTitle")}</p>
        <p className={frame.streamerCardWho}>
          <Avatar src={a.avatar || undefined} name={a.name} size={22} />
          <span data-testid="anchor-card-name">{a.name}</span>
          <span data-testid="anchor-card-followers">{t("discover.followers", { n: formatCount(a.followers ?? 0) })}</span>
          {a.live && <span>{t("anchor.player.viewers", { count: a.viewers })}</span>}
          {a.customTag && <span>#{a.customTag}</span>}
        </p>
      </Link>
    </li>
  );
}

export function AnchorPage() {
  const { id = "" } = useParams();
  const page = useResource(`anchor:${id}`, () => anchorApi.info({ anchorId: id }));
  return (
    <Loadable resource={page} notFound="page" minHeight="60vh">
      {(info) => <AnchorPageBody info={info} />}
    </Loadable>
  );
}

function AnchorPageBody({ info }: { info: AnchorPageInfo }) {
  const { t } = useTranslation();
  return (
    <main className={styles.anchor} data-testid="anchor-page">
      <div className={styles.anchorRow}>
        <h1 className={styles.anchorTitle}>{info.title || t("anchor.broadcast.noTitle")}</h1>
        <Link className={styles.anchorButton} to={`/live/${encodeURIComponent(info.roomId)}`} data-testid="anchor-page-room">
          {t("anchor.page.enterRoom")}
        </Link>
      </div>
      <p className={styles.anchorMuted}>
        {info.name}
        {info.live ? ` · ${t("anchor.list.live")} · ${t("anchor.player.viewers", { count: info.viewers })}` : ` · ${t("anchor.page.offline")}`}
      </p>
      <div className={styles.anchorFlags}>
        {info.memberOnly && <span className={styles.anchorFlag}>{t("anchor.settings.memberOnly")}</span>}
        {info.paid && <span className={styles.anchorFlag}>{t("anchor.page.paid", { price: info.price })}</span>}
        {info.hasExternal && <span className={styles.anchorFlag}>{t("anchor.player.kind.external")}</span>}
        {info.customTag && <span className={styles.anchorFlag}>#{info.customTag}</span>}
      </div>
      {info.live ? <Player roomId={info.roomId} /> : info.teaser && <p className={styles.anchorBanner} data-testid="anchor-teaser">{info.teaser}</p>}
      {!info.live && <ReservedBroadcast roomId={info.roomId} />}
      <section className={styles.anchorPanel}>
        <h2 className={styles.anchorSub}>{t("anchor.page.about")}</h2>
        <p className={styles.anchorIntro}>{info.detailIntro}</p>
        <div className={styles.anchorPics}>
          {info.detailPicUrls.map((u) => (
            <figure key={u} className={styles.anchorPic}>
              <img src={u} alt="" loading="lazy" decoding="async" width={120} height={120} />
            </figure>
          ))}
        </div>
      </section>
    </main>
  );
}
