// The multi-view's picker: the live rooms now (those not shown yet), searchable by title, streamer,
// tag or team, as compact cards; a click adds the room.
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { liveApi, streamerName } from "../../api/live";
import { useMultiViewT } from "../../i18n/multiview";
import { NoData } from "../../components/NoData";
import { gameLabel } from "../../features/matches/hooks";
import { Loadable, useResource } from "../../data";
/** How often the picker's list reloads (rooms going live or ending). */
const PICKER_REFRESH_MS = 30_000;
import { searchCards, useGameNames } from "../../features/live/hooks";
import { Avatar } from "../../components/Avatar";
import { formatCount } from "../../features/matches/format";
import styles from "./MultiView.module.css";

export function RoomPicker({ exclude, onPick, onClose }: { exclude: readonly string[]; onPick: (id: string) => void; onClose?: () => void }) {
  const { t } = useTranslation();
  const { t: mt } = useMultiViewT();
  const [text, setText] = useState("");
  const live = useResource("mv-live-rooms", (signal) => liveApi.rooms(undefined, { signal }), { refreshMs: PICKER_REFRESH_MS });
  const names = useGameNames();
  const rooms = useMemo(() => {
    const all = (live.value?.list ?? []).filter((c) => !exclude.includes(c.roomId));
    return text.trim() ? searchCards(all, text) : all;
  }, [live.value, exclude, text]);

  return (
    <section className={styles.mpicker} data-testid="mv-picker" aria-label={mt("picker.title")}>
      <div className={styles.mpickerHead}>
        <h2 className={styles.mpickerTitle}>{mt("picker.title")}</h2>
        <input
          className={styles.mpickerSearch}
          type="search"
          value={text}
          placeholder={mt("picker.search")}
          aria-label={mt("picker.search")}
          onChange={(e) => setText(e.target.value)}
        />
        {onClose && (
          <button type="button" className={styles.mpickerClose} data-testid="mv-picker-close" onClick={onClose}>
            {mt("picker.close")}
          </button>
        )}
      </div>
      <Loadable resource={live} minHeight={120}>
        {() =>
          rooms.length === 0 ? (
            text.trim() ? <NoData /> : <p className={styles.mpickerNone}>{mt("picker.none")}</p>
          ) : (
            <ul className={styles.mpickerList}>
              {rooms.map((c) => {
                const name = streamerName(c, t("discover.streamer"));
                const game = gameLabel(t, names.get(c.gameId));
                return (
                  <li key={c.roomId}>
                    <button type="button" className={styles.mpickerRoom} data-testid="mv-pick" data-room={c.roomId} onClick={() => onPick(c.roomId)}>
                      <span className={styles.mpickerCover}>
                        {c.coverUrl ? <img src={c.coverUrl} alt="" loading="lazy" /> : <span aria-hidden="true">▶</span>}
                      </span>
                      <span className={styles.mpickerText}>
                        <span className={styles.mpickerRoomTitle}>{c.title}</span>
                        <span className={styles.mpickerMeta}>
                          <Avatar src={c.avatar || undefined} name={name} size={18} />
                          <span>{name}</span>
                          {c.customTag ? <bdi className={styles.mpickerTag}>#{c.customTag}</bdi> : game && <span>{game}</span>}
                          <span>{t("discover.viewers", { count: c.viewers, n: formatCount(c.viewers) })}</span>
                        </span>
                        {c.match && (
                          <span className={styles.mpickerScore}>
                            {c.match.homeName} <b>{c.match.homeScore} - {c.match.awayScore}</b> {c.match.awayName}
                          </span>
                        )}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )
        }
      </Loadable>
    </section>
  );
}
