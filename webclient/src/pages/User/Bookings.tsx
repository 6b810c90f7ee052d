// "My bookings" (spec §2 user area, §4 reservation states): the matches the user booked and the
// streamers' broadcasts they reserved, in one list with their state (booked, in progress, ended,
// cancelled), each cancelled from the list while it is still booked. Shown as a tab of the follow
// list (/userInfo/focus?tab=bookings).
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { useUserAreaT, type UserAreaKey } from "../../i18n/userarea";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { matchesApi, type Booking, type GameCatalogue } from "../../api/matches";
import { reservationApi, type ReservedBroadcast } from "../../api/reservations";
import { tokenAtom } from "../../state/session";
import { NoData } from "../../components/NoData";
import { errorText } from "../../api/client";
import { useResource } from "../../data";
import styles from "./UserAreaPages.module.css";
import userAreaStyles from "./UserArea.module.css";

type State = Booking["state"];

/** One row of the list: a booked match or a reserved broadcast. */
export interface BookingRow {
  kind: "match" | "broadcast";
  key: string;
  start: number;
  state: State;
  match?: Booking["match"];
  broadcast?: ReservedBroadcast;
}

const RANK: Record<State, number> = { inProgress: 0, booked: 1, finished: 2, cancelled: 3 };

/** Merges both kinds: in progress first, then booked (soonest first), then ended and cancelled (latest first). */
export function bookingRows(matches: Booking[], broadcasts: ReservedBroadcast[]): BookingRow[] {
  const rows: BookingRow[] = [
    ...matches.map((b) => ({ kind: "match" as const, key: `m:${b.match.id}`, start: b.match.startTime, state: b.state, match: b.match })),
    ...broadcasts.map((r) => ({ kind: "broadcast" as const, key: `b:${r.id}`, start: r.startTime, state: r.state, broadcast: r })),
  ];
  return rows.sort((a, b) => RANK[a.state] - RANK[b.state] || (RANK[a.state] <= 1 ? a.start - b.start : b.start - a.start));
}

export default function Bookings() {
  const { t, language } = useUserAreaT();
  const loc = HTML_LANG[language as Locale] ?? "en-US";
  const token = useAtomValue(tokenAtom);
  const list = useResource<{ matches: Booking[]; broadcasts: ReservedBroadcast[] }>(token ? "bookings" : null, () =>
    Promise.all([matchesApi.bookings(1, 50), reservationApi.mine(1, 50).then((r) => r.list ?? [])]).then(([m, b]) => ({ matches: m ?? [], broadcasts: b })),
  );
  const games = useResource<GameCatalogue>("game-catalogue", () => matchesApi.catalogue());
  const slug = (gameId: number) => games.value?.games.find((g) => g.id === gameId)?.abbr.toLowerCase() ?? "soccer";
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState("");
  const cancel = (row: BookingRow) => {
    setBusy(row.key);
    setError("");
    const p = row.kind === "match" ? matchesApi.attention(row.match!.id, false) : reservationApi.cancel(row.broadcast!.id);
    p.then(
      () => {
        setBusy(null);
        list.refresh();
      },
      (e: unknown) => {
        setBusy(null);
        setError(errorText(e));
      },
    );
  };
  const rows = useMemo(() => bookingRows(list.value?.matches ?? [], list.value?.broadcasts ?? []), [list.value]);
  const time = (ms: number) => new Date(ms).toLocaleString(loc, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className={styles.upage} data-testid="bookings">
      <h2>{t("bookings.title")}</h2>
      {list.error && <p className={userAreaStyles.uformError}>{list.error}</p>}
      {error && <p className={userAreaStyles.uformError}>{error}</p>}
      {!list.loading && !list.error && rows.length === 0 && <NoData />}
      <ul className={styles.ubookings}>
        {rows.map((row) => (
          <li key={row.key} data-testid={row.kind === "match" ? "booking" : "booking-broadcast"} data-state={row.state}>
            <time>{time(row.start)}</time>
            {row.kind === "match" ? (
              <>
                <span className={styles.ubookingsLeague}>{row.match!.leagueName}</span>
                <Link to={`/${slug(row.match!.gameId)}/${encodeURIComponent(row.match!.id)}`} className={styles.ubookingsTeams}>
                  {row.match!.homeName} <em>{t("bookings.vs")}</em> {row.match!.awayName}
                </Link>
              </>
            ) : (
              <>
                <span className={styles.ubookingsLeague}>
                  {t("bookings.broadcast")} · {row.broadcast!.anchor}
                </span>
                <Link to={`/live/${encodeURIComponent(row.broadcast!.roomId)}`} className={styles.ubookingsTeams}>
                  {row.broadcast!.title}
                </Link>
              </>
            )}
            <span className={`${styles.upill} ${styles[`upill--${row.state}`] ?? ""}`}>{t(`bookings.state.${row.state}` as UserAreaKey)}</span>
            {row.state === "booked" ? (
              <button
                type="button"
                className={userAreaStyles.uareaSecondary}
                disabled={busy === row.key}
                onClick={() => cancel(row)}
                data-testid={row.kind === "match" ? "booking-cancel" : "broadcast-cancel"}
              >
                {row.kind === "match" ? t("bookings.cancel") : t("bookings.cancelReservation")}
              </button>
            ) : (
              <span />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
