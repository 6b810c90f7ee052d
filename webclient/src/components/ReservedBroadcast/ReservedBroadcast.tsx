// The streamer's announced broadcast on their room page and their streamer page while the room is
// offline (issue 17 "Reservations"): title, start time, how many reserved, and a Reserve button (a
// guest gets the login modal). A reserver is told through the message centre when the broadcast
// starts; the reservation can be cancelled here or from "My bookings".
import { useState } from "react";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { errorText } from "../../api/client";
import { reservationApi } from "../../api/reservations";
import { useResource } from "../../data/resource";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { useUserAreaT } from "../../i18n/userarea";
import { tokenAtom, userInfoAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import styles from "./ReservedBroadcast.module.css";

/** className: the parent's placement or look around it (the live room's theatre mode darkens it). */
export function ReservedBroadcast({ roomId, className }: { roomId: string; className?: string }) {
  const { t, language } = useUserAreaT();
  const loc = HTML_LANG[language as Locale] ?? "en-US";
  const token = useAtomValue(tokenAtom);
  const user = useAtomValue(userInfoAtom);
  const openLogin = useSetAtom(loginModalAtom);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  // The announcement with the caller's reservation: asked again when the viewer signs in or out. A
  // failed read shows nothing (the teaser is an extra of an offline room).
  const announcement = useResource(`announcement:${roomId}:${token ?? ""}`, (signal) =>
    reservationApi.announcement(roomId, { signal }).then((r) => r.announcement),
  );
  const ann = announcement.value;

  if (!ann) return null;
  const own = !!user && user.uid === ann.anchorId;
  const act = (p: Promise<unknown>) => {
    setBusy(true);
    setError("");
    // The buttons stay busy until the announcement after the change is on screen (no double reserve).
    p.then(
      () =>
        reservationApi
          .announcement(roomId)
          .then((r) => announcement.set(r.announcement), () => undefined)
          .finally(() => setBusy(false)),
      (e) => {
        setBusy(false);
        setError(errorText(e));
      },
    );
  };
  const reserve = () => {
    if (!token) {
      openLogin({ open: true, mode: LoginMode.Password });
      return;
    }
    act(reservationApi.reserve(ann.id));
  };
  const when = new Date(ann.startTime).toLocaleString(loc, { weekday: "short", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  return (
    <div className={className ? `${styles.roomTeaser} ${className}` : styles.roomTeaser} data-testid="reserved-broadcast" data-reserved={ann.reserved}>
      <span className={styles.roomTeaserLabel}>{t("reserve.upcoming")}</span>
      <strong className={styles.roomTeaserTitle} data-testid="teaser-title">
        {ann.title}
      </strong>
      <time dateTime={new Date(ann.startTime).toISOString()}>
        {when}
      </time>
      <span className={styles.roomTeaserCount} data-testid="teaser-count">
        {t("reserve.count", { count: ann.reservations })}
      </span>
      {own ? null : ann.reserved ? (
        <>
          <span className={styles.roomTeaserDone} data-testid="teaser-reserved">
            {t("reserve.reserved")}
          </span>
          <button type="button" className={styles.roomTeaserLink} data-testid="teaser-cancel" disabled={busy} onClick={() => act(reservationApi.cancel(ann.id))}>
            {t("reserve.cancel")}
          </button>
        </>
      ) : (
        <button type="button" className={styles.roomTeaserReserve} data-testid="teaser-reserve" disabled={busy || !ann.bookable} onClick={reserve}>
          {t("reserve.button")}
        </button>
      )}
      {ann.reserved && <span className={styles.roomTeaserHint}>{t("reserve.hint")}</span>}
      {error && (
        <span className={styles.roomTeaserError} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
