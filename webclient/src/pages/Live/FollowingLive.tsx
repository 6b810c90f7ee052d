// The "following" strip of /live (issue 17 "Around the room"): the streamers the signed-in viewer
// follows, the live ones first with what they stream, the others greyed. It reloads when a live
// notice arrives (a followed streamer just went live) and every LIVE_REFRESH_MS.
import { useEffect } from "react";
import { Link } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { liveApi, streamerName } from "../../api/live";
import { tokenAtom } from "../../state/session";
import { lastNoticeAtom } from "../../state/userarea";
import { useMultiViewT } from "../../i18n/multiview";
import { useResource } from "../../data";
import { Avatar } from "../../components/Avatar";
import styles from "./FollowingLive.module.css";

/** How often the strip reloads. */
const FOLLOWING_REFRESH_MS = 30_000;

export function FollowingLive() {
  const token = useAtomValue(tokenAtom);
  return token ? <FollowingStrip token={token} /> : null;
}

function FollowingStrip({ token }: { token: string }) {
  const { t } = useTranslation();
  const { t: mt } = useMultiViewT();
  const notice = useAtomValue(lastNoticeAtom);
  const bump = notice?.kind === "live" ? notice.at : 0;
  const following = useResource(`following|${token}`, (signal) => liveApi.following({ signal }), { refreshMs: FOLLOWING_REFRESH_MS });
  // A followed streamer just went live: load again, keeping the strip on screen meanwhile.
  const { refresh } = following;
  useEffect(() => {
    if (bump) refresh();
  }, [bump, refresh]);
  if (following.status !== "ready" || !following.value) return null;
  const list = following.value.list;
  return (
    <section className={styles.followingStrip} data-testid="following" aria-label={mt("following.title")}>
      <h2 className={styles.followingTitle}>{mt("following.title")}</h2>
      {list.length === 0 ? (
        <p className={styles.followingNone}>{mt("following.none")}</p>
      ) : (
        <ul className={styles.followingList}>
          {list.map((c) => {
            const name = streamerName(c, t("discover.streamer"));
            return (
              <li key={c.roomId} className={styles.followingItem}>
                <Link
                  to={`/live/${encodeURIComponent(c.roomId)}`}
                  className={`${styles.followingLink}${c.live ? ` ${styles.followingLinkLive}` : ""}`}
                  data-testid="following-item"
                  data-live={c.live}
                  title={c.title}
                >
                  <Avatar src={c.avatar || undefined} name={name} size={32} />
                  <span className={styles.followingText}>
                    <span className={styles.followingName}>{name}</span>
                    <span className={`${styles.followingState}${c.live ? ` ${styles.followingStateLive}` : ""}`}>
                      {c.live ? `${mt("following.live")} · ${c.title}` : mt("following.offline")}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
