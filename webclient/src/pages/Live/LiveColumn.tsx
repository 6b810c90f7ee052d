// The home page's Live tab column (issue 17): the live rooms beside the live scores.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { liveApi } from "../../api/live";
import { gameLabel, useFetch } from "../Matches/hooks";
import { LiveCardView } from "./LiveCardView";
import { useCardMatches, useGameNames } from "./hooks";
import "./Live.css";

/** How often the column reloads (rooms going live or ending, viewers). */
const COLUMN_REFRESH_MS = 30_000;

/** The home page's Live tab column: the live rooms beside the live scores. */
export function LiveRoomsColumn() {
  const { t } = useTranslation();
  const { state } = useFetch((signal) => liveApi.rooms(undefined, { signal }), "live-rooms", COLUMN_REFRESH_MS);
  const all = state.status === "ready" ? state.value.list : [];
  const matches = useCardMatches(all);
  const names = useGameNames();
  return (
    <aside className="live-column" aria-label={t("discover.live.title")} data-testid="home-live-rooms">
      <h2 className="live-column__title">{t("discover.live.title")}</h2>
      {state.status === "ready" && all.length === 0 && <p className="live-column__none">{t("discover.live.none")}</p>}
      <ul className="lcards lcards--column">
        {all.slice(0, 6).map((c) => (
          <LiveCardView key={c.roomId} compact card={c} match={c.match ? (matches.get(c.match.id) ?? c.match) : undefined} gameName={gameLabel(t, names.get(c.gameId)) || undefined} />
        ))}
      </ul>
      {all.length > 0 && (
        <Link className="live-column__all" to="/live" data-testid="home-live-all">
          {t("discover.live.seeAll", { count: all.length })}
        </Link>
      )}
    </aside>
  );
}
