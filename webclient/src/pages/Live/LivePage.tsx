// /live — every live room now, as cards (cover, title, streamer, game, the linked match's score
// updating live, viewers), most viewers first, filtered by game (?game=<id>).
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { liveApi } from "../../api/live";
import { useLiveDataT } from "../../i18n/livedata";
import { Loadable, useResource } from "../../data";
import { gameLabel } from "../../features/matches/hooks";
import { LiveCardList, LiveCardView } from "../../features/live/LiveCardView";
import { gamesOf, useCardMatches, useGameNames } from "../../features/live/hooks";
import { FollowingLive } from "./FollowingLive";
import { useMultiViewT } from "../../i18n/multiview";
import styles from "./Live.module.css";
import { TabList } from "../../components/TabList/TabList";

/** How often the list reloads (rooms going live or ending, viewers). */
export const LIVE_REFRESH_MS = 30_000;

/** The rooms live now, refreshed every LIVE_REFRESH_MS (/live and /live/data share the key). */
export function useLiveRooms() {
  return useResource("live-rooms", (signal) => liveApi.rooms(undefined, { signal }), { refreshMs: LIVE_REFRESH_MS });
}

export default function LivePage() {
  const { t } = useTranslation();
  const { t: dt } = useLiveDataT();
  const { t: mt } = useMultiViewT();
  const [params, setParams] = useSearchParams();
  const game = Number(params.get("game")) || 0;
  const rooms = useLiveRooms();
  const all = rooms.value?.list ?? [];
  const matches = useCardMatches(all);
  const names = useGameNames();
  const games = gamesOf(all);
  const shown = game ? all.filter((c) => c.gameId === game) : all;

  const pick = (g: number) => {
    const p = new URLSearchParams(params);
    if (g) p.set("game", String(g));
    else p.delete("game");
    setParams(p);
  };
  return (
    <section className={styles.livePage} data-testid="live-page">
      <div className={styles.livePageHead}>
        <h1 className={styles.livePageTitle}>{t("discover.live.title")}</h1>
        {rooms.status === "ready" && <span className={styles.livePageCount}>{t("discover.live.count", { count: all.length })}</span>}
        <Link className={styles.livePageFigures} to="/live/data" data-testid="live-figures-link">{dt("title")}</Link>
        <Link className={styles.livePageMulti} to="/live2" data-testid="open-multiview">
          {mt("open")}
        </Link>
      </div>
      <FollowingLive />
      {games.length > 0 && (
        <TabList
          items={[
            { key: 0, label: t("discover.live.allGames"), testId: "live-game-all" },
            ...games.map((g) => ({ key: g, label: gameLabel(t, names.get(g), t("discover.live.otherGame")), testId: `live-game-${g}` })),
          ]}
          selected={game}
          onSelect={pick}
          label={t("discover.live.games")}
          className={styles.livePageGames}
          tabClassName={styles.chip}
          selectedClassName={styles.chipOn}
        />
      )}
      <Loadable resource={rooms} empty={() => shown.length === 0}>
        {() => (
          <LiveCardList testId="live-cards">
            {shown.map((c) => (
              <LiveCardView key={c.roomId} card={c} match={c.match ? (matches.get(c.match.id) ?? c.match) : undefined} gameName={gameLabel(t, names.get(c.gameId)) || undefined} />
            ))}
          </LiveCardList>
        )}
      </Loadable>
    </section>
  );
}
