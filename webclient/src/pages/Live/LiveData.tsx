// /live/data — live streaming in figures (decision 0016): rooms on air and viewers now, the games
// they stream with their share of the viewers, and the most watched rooms; refreshed like /live.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { liveApi } from "../../api/live";
import { NoData } from "../../components/NoData";
import { useLiveDataT } from "../../i18n/livedata";
import { LoadError, Loading } from "../Matches/MatchList";
import { formatCount } from "../Matches/format";
import { gameLabel, useFetch } from "../Matches/hooks";
import { useGameNames } from "./hooks";
import { LIVE_REFRESH_MS } from "./LivePage";
import { liveStats } from "./liveStats";
import "./Live.css";

export default function LiveData() {
  const { t: tt } = useTranslation();
  const { t } = useLiveDataT();
  const names = useGameNames();
  const { state, reload } = useFetch((signal) => liveApi.rooms(undefined, { signal }), "live-rooms", LIVE_REFRESH_MS);
  if (state.status === "loading") return <Loading />;
  if (state.status === "error") return <LoadError message={state.message} onRetry={reload} />;
  const s = liveStats(state.value.list);
  const most = Math.max(1, ...s.games.map((g) => g.viewers));
  return (
    <section className="live-data" data-testid="live-data">
      <h1 className="live-page__title">{t("title")}</h1>
      <div className="live-data__totals">
        <div className="live-data__total" data-testid="live-data-rooms">
          <strong>{formatCount(s.rooms)}</strong>
          <span>{t("rooms")}</span>
        </div>
        <div className="live-data__total" data-testid="live-data-viewers">
          <strong>{formatCount(s.viewers)}</strong>
          <span>{t("viewers")}</span>
        </div>
        <div className="live-data__total">
          <strong>{formatCount(s.games.length)}</strong>
          <span>{t("games")}</span>
        </div>
      </div>
      {s.rooms === 0 ? (
        <NoData label={t("none")} />
      ) : (
        <div className="live-data__panels">
          <div className="live-data__panel">
            <h2>{t("byGame")}</h2>
            <ul className="live-data__bars">
              {s.games.map((g) => (
                <li key={g.gameId} data-testid="live-data-game">
                  <Link to={`/live?game=${g.gameId}`}>{gameLabel(tt, names.get(g.gameId), t("otherGame"))}</Link>
                  <span className="live-data__bar" aria-hidden="true">
                    <span style={{ inlineSize: `${(100 * g.viewers) / most}%` }} />
                  </span>
                  <span className="live-data__figure">{t("gameFigures", { rooms: g.rooms, viewers: formatCount(g.viewers) })}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="live-data__panel">
            <h2>{t("topRooms")}</h2>
            <ol className="live-data__top">
              {s.top.map((c) => (
                <li key={c.roomId} data-testid="live-data-room">
                  <Link to={`/live/${encodeURIComponent(c.roomId)}`}>
                    <strong>{c.name}</strong> · {c.title}
                  </Link>
                  <span className="live-data__figure">{t("watching", { viewers: formatCount(c.viewers) })}</span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      )}
      <p className="live-data__more">
        <Link to="/live">{t("allRooms")}</Link>
      </p>
    </section>
  );
}
