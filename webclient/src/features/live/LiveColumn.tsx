// The home page's Live tab column (issue 17): the live rooms beside the live scores.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { liveApi } from "../../api/live";
import { useResource } from "../../data";
import { gameLabel } from "../matches/hooks";
import { LiveCardList, LiveCardView } from "./LiveCardView";
import { useCardMatches, useGameNames } from "./hooks";
import styles from "./LiveColumn.module.css";

/** How often the column reloads (rooms going live or ending, viewers). */
const COLUMN_REFRESH_MS = 30_000;

/** The home page's Live tab column: the live rooms beside the live scores. */
export function LiveRoomsColumn() {
  const { t } = useTranslation();
  // A side column: while it loads or if it fails it stays empty (the scores beside it are the page).
  const rooms = useResource("live-rooms", (signal) => liveApi.rooms(undefined, { signal }), { refreshMs: COLUMN_REFRESH_MS });
  const all = rooms.value?.list ?? [];
  const matches = useCardMatches(all);
  const names = useGameNames();
  return (
    <aside className={styles.liveColumn} aria-label={t("discover.live.title")} data-testid="home-live-rooms">
      <h2 className={styles.liveColumnTitle}>{t("discover.live.title")}</h2>
      {rooms.status === "ready" && all.length === 0 && <p className={styles.liveColumnNone}>{t("discover.live.none")}</p>}
      <LiveCardList column>
        {all.slice(0, 6).map((c) => (
          <LiveCardView key={c.roomId} compact card={c} match={c.match ? (matches.get(c.match.id) ?? c.match) : undefined} gameName={gameLabel(t, names.get(c.gameId)) || undefined} />
        ))}
      </LiveCardList>
      {all.length > 0 && (
        <Link className={styles.liveColumnAll} to="/live" data-testid="home-live-all">
          {t("discover.live.seeAll", { count: all.length })}
        </Link>
      )}
    </aside>
  );
}
