// /live/data — live streaming in figures (decision 0016): rooms on air and viewers now, the games
// they stream with their share of the viewers, and the most watched rooms; refreshed like /live.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { LiveCard } from "../../api/live";
import { NoData } from "../../components/NoData";
import { useLiveDataT } from "../../i18n/livedata";
import { Loadable } from "../../data";
import { formatCount } from "../../features/matches/format";
import { gameLabel } from "../../features/matches/hooks";
import { useGameNames } from "../../features/live/hooks";
import { useLiveRooms } from "./LivePage";
import { liveStats } from "./liveStats";
import styles from "./LiveData.module.css";
import pageStyles from "./Live.module.css";

export default function LiveData() {
  const rooms = useLiveRooms();
  return <Loadable resource={rooms}>{(v) => <Figures rooms={v.list} />}</Loadable>;
}

function Figures({ rooms }: { rooms: LiveCard[] }) {
  const { t: tt } = useTranslation();
  const { t } = useLiveDataT();
  const names = useGameNames();
  const s = liveStats(rooms);
  const most = Math.max(1, ...s.games.map((g) => g.viewers));
  return (
    <section className={styles.liveData} data-testid="live-data">
      <h1 className={pageStyles.livePageTitle}>{t("title")}</h1>
      <div className={styles.liveDataTotals}>
        <div className={styles.liveDataTotal} data-testid="live-data-rooms">
          <strong>{formatCount(s.rooms)}</strong>
          <span>{t("rooms")}</span>
        </div>
        <div className={styles.liveDataTotal} data-testid="live-data-viewers">
          <strong>{formatCount(s.viewers)}</strong>
          <span>{t("viewers")}</span>
        </div>
        <div className={styles.liveDataTotal}>
          <strong>{formatCount(s.games.length)}</strong>
          <span>{t("games")}</span>
        </div>
      </div>
      {s.rooms === 0 ? (
        <NoData label={t("none")} />
      ) : (
        <div className={styles.liveDataPanels}>
          <div className={styles.liveDataPanel}>
            <h2>{t("byGame")}</h2>
            <ul className={styles.liveDataBars}>
              {s.games.map((g) => (
                <li key={g.gameId} data-testid="live-data-game">
                  <Link to={`/live?game=${g.gameId}`}>{gameLabel(tt, names.get(g.gameId), t("otherGame"))}</Link>
                  <span className={styles.liveDataBar} aria-hidden="true">
                    <span style={{ inlineSize: `${(100 * g.viewers) / most}%` }} />
                  </span>
                  <span className={styles.liveDataFigure}>{t("gameFigures", { rooms: g.rooms, viewers: formatCount(g.viewers) })}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className={styles.liveDataPanel}>
            <h2>{t("topRooms")}</h2>
            <ol className={styles.liveDataTop}>
              {s.top.map((c) => (
                <li key={c.roomId} data-testid="live-data-room">
                  <Link to={`/live/${encodeURIComponent(c.roomId)}`}>
                    <strong>{c.name}</strong> · {c.title}
                  </Link>
                  <span className={styles.liveDataFigure}>{t("watching", { viewers: formatCount(c.viewers) })}</span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      )}
      <p className={styles.liveDataMore}>
        <Link to="/live">{t("allRooms")}</Link>
      </p>
    </section>
  );
}
