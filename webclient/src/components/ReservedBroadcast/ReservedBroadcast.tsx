// The streamer's announced broadcast on their room page and their streamer page while the room is
// offline (issue 17 "Reservations"): title, start time, how many reserved, and a Reserve button (a
// guest gets the login modal). A reserver is told through the message centre when the broadcast
// starts; the reservation can be cancelled here or from "My bookings".
import { useCallback, useEffect, useState } from "react";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { ApiError } from "../../api/client";
import { reservationApi, type BroadcastAnnouncement } from "../../api/reservations";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { useUserAreaT } from "../../i18n/userarea";
import { tokenAtom, userInfoAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import "./ReservedBroadcast.css";

export function ReservedBroadcast({ roomId }: { roomId: string }) {
  const { t, language } = useUserAreaT();
  const loc = HTML_LANG[language as Locale] ?? "en-US";
  const token = useAtomValue(tokenAtom);
  const user = useAtomValue(userInfoAtom);
  const openLogin = useSetAtom(loginModalAtom);
  const [ann, setAnn] = useState<BroadcastAnnouncement | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  const load = useCallback(
    (signal?: AbortSignal) =>
      reservationApi.announcement(roomId, { signal }).then(
        (r) => !signal?.aborted && setAnn(r.announcement),
        () => undefined,
      ),
    [roomId],
  );
  useEffect(() => {
    const ctrl = new AbortController();
    void load(ctrl.signal);
    return () => ctrl.abort();
  }, [load, token]);

  if (!ann) return null;
  const own = !!user && user.uid === ann.anchorId;
  const act = (p: Promise<unknown>) => {
    setBusy(true);
    setError("");
    p.then(
      () => load().finally(() => setBusy(false)),
      (e) => {
        setBusy(false);
        setError(e instanceof ApiError ? e.userMessage : String(e));
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
    <div className="room-teaser" data-testid="reserved-broadcast" data-reserved={ann.reserved}>
      <span className="room-teaser__label">{t("reserve.upcoming")}</span>
      <strong className="room-teaser__title" data-testid="teaser-title">
        {ann.title}
      </strong>
      <time className="room-teaser__time" dateTime={new Date(ann.startTime).toISOString()}>
        {when}
      </time>
      <span className="room-teaser__count" data-testid="teaser-count">
        {t("reserve.count", { count: ann.reservations })}
      </span>
      {own ? null : ann.reserved ? (
        <>
          <span className="room-teaser__done" data-testid="teaser-reserved">
            {t("reserve.reserved")}
          </span>
          <button type="button" className="room-teaser__link" data-testid="teaser-cancel" disabled={busy} onClick={() => act(reservationApi.cancel(ann.id))}>
            {t("reserve.cancel")}
          </button>
        </>
      ) : (
        <button type="button" className="room-teaser__reserve" data-testid="teaser-reserve" disabled={busy || !ann.bookable} onClick={reserve}>
          {t("reserve.button")}
        </button>
      )}
      {ann.reserved && <span className="room-teaser__hint">{t("reserve.hint")}</span>}
      {error && (
        <span className="room-teaser__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
