// A followed streamer went live (issue 17 "Around the room"): the message centre pushes a `notice`
// frame of kind "live" with the room's link to every open session (api/userarea StreamerLive); the
// realtime bridge keeps the last one in lastNoticeAtom. This shows it as a toast with the streamer's
// avatar, name and title and a Watch link, for NOTICE_MS, on any page but that room's own.
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { liveApi } from "../../api/live";
import { useResource } from "../../data/resource";
import { lastNoticeAtom } from "../../state/userarea";
import { useMultiViewT } from "../../i18n/multiview";
import styles from "./LiveNoticeToast.module.css";
import { avatarSrc } from "../Avatar";

/** How long the toast stays. */
export const NOTICE_MS = 12_000;

/** The room of a live notice's link ("/live/1001" → "1001"), or null for another link. */
export function roomOfLink(link: string): string | null {
  const m = /^\/live\/([^/?#]+)$/.exec(link);
  return m ? decodeURIComponent(m[1]!) : null;
}

export function LiveNoticeToast() {
  const notice = useAtomValue(lastNoticeAtom);
  const { t: mt } = useMultiViewT();
  const { pathname } = useLocation();
  const [shown, setShown] = useState<{ link: string; at: number } | null>(null);

  useEffect(() => {
    if (!notice || notice.kind !== "live" || Date.now() - notice.at > NOTICE_MS) return;
    if (!roomOfLink(notice.link)) return;
    setShown({ link: notice.link, at: notice.at });
    const hide = setTimeout(() => setShown((s) => (s?.at === notice.at ? null : s)), NOTICE_MS);
    return () => clearTimeout(hide);
  }, [notice]);

  // The room's card (avatar, name, title) of the notice on screen; until it comes, or when it cannot
  // be read, the toast names "someone".
  const room = shown ? roomOfLink(shown.link) : null;
  const card = useResource(room ? `live-notice:${shown!.at}:${room}` : null, (signal) => liveApi.room(room!, { signal })).value;

  if (!shown || pathname === shown.link) return null;
  const name = card?.name || "";
  return (
    <div className={styles.liveNotice} role="status" aria-live="polite" data-testid="live-notice">
      {card &&
        (card.avatar ? (
          <img className={styles.liveNoticeAvatar} src={avatarSrc(card.avatar, 40)} alt="" width={40} height={40} />
        ) : (
          <span className={`${styles.liveNoticeAvatar} ${styles.liveNoticeAvatarLetter}`} aria-hidden="true">
            {(name || "?").charAt(0).toUpperCase()}
          </span>
        ))}
      <div className={styles.liveNoticeText}>
        <p className={styles.liveNoticeHead}>{name ? mt("notice.live", { name }) : mt("notice.liveSomeone")}</p>
        {card?.title && <p className={styles.liveNoticeTitle}>{card.title}</p>}
      </div>
      <Link className={styles.liveNoticeWatch} to={shown.link} data-testid="live-notice-watch" onClick={() => setShown(null)}>
        {mt("notice.watch")}
      </Link>
      <button type="button" className={styles.liveNoticeClose} aria-label={mt("notice.dismiss")} title={mt("notice.dismiss")} onClick={() => setShown(null)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
