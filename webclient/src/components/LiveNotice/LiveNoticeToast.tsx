// A followed streamer went live (issue 17 "Around the room"): the message centre pushes a `notice`
// frame of kind "live" with the room's link to every open session (api/userarea StreamerLive); the
// realtime bridge keeps the last one in lastNoticeAtom. This shows it as a toast with the streamer's
// avatar, name and title and a Watch link, for NOTICE_MS, on any page but that room's own.
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { liveApi, type LiveCard } from "../../api/live";
import { lastNoticeAtom } from "../../state/userarea";
import { useMultiViewT } from "../../i18n/multiview";
import "./LiveNoticeToast.css";

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
  const [shown, setShown] = useState<{ link: string; at: number; card: LiveCard | null } | null>(null);

  useEffect(() => {
    if (!notice || notice.kind !== "live" || Date.now() - notice.at > NOTICE_MS) return;
    const room = roomOfLink(notice.link);
    if (!room) return;
    const ctrl = new AbortController();
    setShown({ link: notice.link, at: notice.at, card: null });
    liveApi.room(room, { signal: ctrl.signal }).then(
      (card) => !ctrl.signal.aborted && setShown((s) => (s && s.at === notice.at ? { ...s, card } : s)),
      () => undefined,
    );
    const hide = setTimeout(() => setShown((s) => (s?.at === notice.at ? null : s)), NOTICE_MS);
    return () => {
      ctrl.abort();
      clearTimeout(hide);
    };
  }, [notice]);

  if (!shown || pathname === shown.link) return null;
  const card = shown.card;
  const name = card?.name || "";
  return (
    <div className="live-notice" role="status" aria-live="polite" data-testid="live-notice">
      {card &&
        (card.avatar ? (
          <img className="live-notice__avatar" src={card.avatar} alt="" width={40} height={40} />
        ) : (
          <span className="live-notice__avatar live-notice__avatar--letter" aria-hidden="true">
            {(name || "?").charAt(0).toUpperCase()}
          </span>
        ))}
      <div className="live-notice__text">
        <p className="live-notice__head">{name ? mt("notice.live", { name }) : mt("notice.liveSomeone")}</p>
        {card?.title && <p className="live-notice__title">{card.title}</p>}
      </div>
      <Link className="live-notice__watch" to={shown.link} data-testid="live-notice-watch" onClick={() => setShown(null)}>
        {mt("notice.watch")}
      </Link>
      <button type="button" className="live-notice__close" aria-label={mt("notice.dismiss")} title={mt("notice.dismiss")} onClick={() => setShown(null)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
