// "My bookings" (spec §2 user area, §4 reservation states): the matches the user booked, with their
// state (booked, in progress, ended, cancelled), cancelled from the list. Shown as a tab of the
// follow list (/userInfo/focus?tab=bookings).
import { useCallback, useState } from "react";
import { Link } from "react-router";
import { useAtomValue } from "jotai";
import { useUserAreaT, type UserAreaKey } from "../../i18n/userarea";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { matchesApi, type Booking, type GameCatalogue } from "../../api/endpoints";
import { tokenAtom } from "../../state/session";
import { NoData } from "../../components/NoData";
import { useLoad } from "./useLoad";
import "./UserAreaPages.css";

export default function Bookings() {
  const { t, language } = useUserAreaT();
  const loc = HTML_LANG[language as Locale] ?? "en-US";
  const token = useAtomValue(tokenAtom);
  const load = useCallback(() => matchesApi.bookings(1, 50), []);
  const list = useLoad<Booking[]>(load, token !== "");
  const loadGames = useCallback(() => matchesApi.catalogue(), []);
  const games = useLoad<GameCatalogue>(loadGames, true);
  const slug = (gameId: number) => games.value?.games.find((g) => g.id === gameId)?.abbr.toLowerCase() ?? "soccer";
  const [busy, setBusy] = useState<string | null>(null);
  const cancel = (id: string) => {
    setBusy(id);
    matchesApi.attention(id, false).then(
      () => {
        setBusy(null);
        list.reload();
      },
      () => setBusy(null),
    );
  };
  const rows = list.value ?? [];
  return (
    <div className="upage" data-testid="bookings">
      <h2>{t("bookings.title")}</h2>
      {list.error && <p className="uform__error">{list.error}</p>}
      {!list.loading && !list.error && rows.length === 0 && <NoData />}
      <ul className="ubookings">
        {rows.map((b) => (
          <li key={b.match.id} data-testid="booking" data-state={b.state}>
            <time>{new Date(b.match.startTime).toLocaleString(loc, { dateStyle: "medium", timeStyle: "short" })}</time>
            <span className="ubookings__league">{b.match.leagueName}</span>
            <Link to={`/${slug(b.match.gameId)}/${encodeURIComponent(b.match.id)}`} className="ubookings__teams">
              {b.match.homeName} <em>{t("bookings.vs")}</em> {b.match.awayName}
            </Link>
            <span className={`upill upill--${b.state}`}>{t(`bookings.state.${b.state}` as UserAreaKey)}</span>
            {b.state === "booked" ? (
              <button type="button" className="uarea__secondary" disabled={busy === b.match.id} onClick={() => cancel(b.match.id)} data-testid="booking-cancel">
                {t("bookings.cancel")}
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
