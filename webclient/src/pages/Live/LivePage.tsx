// /live — every live room now, as cards (cover, title, streamer, game, the linked match's score
// updating live, viewers), most viewers first, filtered by game (?game=<id>).
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { liveApi } from "../../api/live";
import { useLiveDataT } from "../../i18n/livedata";
import { NoData } from "../../components/NoData";
import { LoadError, Loading } from "../Matches/MatchList";
import { gameLabel, useFetch } from "../Matches/hooks";
import { LiveCardView } from "./LiveCardView";
import { gamesOf, useCardMatches, useGameNames } from "./hooks";
import "./Live.css";

/** How often the list reloads (rooms going live or ending, viewers). */
export const LIVE_REFRESH_MS = 30_000;

export default function LivePage() {
  const { t } = useTranslation();
  const { t: dt } = useLiveDataT();
  const [params, setParams] = useSearchParams();
  const game = Number(params.get("game")) || 0;
  const { state, reload } = useFetch((signal) => liveApi.rooms(undefined, { signal }), "live-rooms", LIVE_REFRESH_MS);
  const all = state.status === "ready" ? state.value.list : [];
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
    <section className="live-page" data-testid="live-page">
      <div className="live-page__head">
        <h1 className="live-page__title">{t("discover.live.title")}</h1>
        {state.status === "ready" && <span className="live-page__count">{t("discover.live.count", { count: all.length })}</span>}
        <Link className="live-page__figures" to="/live/data" data-testid="live-figures-link">{dt("title")}</Link>
      </div>
      {games.length > 0 && (
        <div className="live-page__games" role="tablist" aria-label={t("discover.live.games")}>
          <button type="button" role="tab" aria-selected={game === 0} className={`home__chip${game === 0 ? " home__chip--on" : ""}`} onClick={() => pick(0)} data-testid="live-game-all">
            {t("discover.live.allGames")}
          </button>
          {games.map((g) => (
            <button
              key={g}
              type="button"
              role="tab"
              aria-selected={game === g}
              className={`home__chip${game === g ? " home__chip--on" : ""}`}
              onClick={() => pick(g)}
              data-testid={`live-game-${g}`}
            >
              {gameLabel(t, names.get(g), t("discover.live.otherGame"))}
            </button>
          ))}
        </div>
      )}
      {state.status === "loading" && <Loading />}
      {state.status === "error" && <LoadError message={state.message} notServed={state.notServed} onRetry={reload} />}
      {state.status === "ready" && shown.length === 0 && <NoData />}
      {shown.length > 0 && (
        <ul className="lcards" data-testid="live-cards">
          {shown.map((c) => (
            <LiveCardView key={c.roomId} card={c} match={c.match ? (matches.get(c.match.id) ?? c.match) : undefined} gameName={gameLabel(t, names.get(c.gameId)) || undefined} />
          ))}
        </ul>
      )}
    </section>
  );
}
