// The multi-view's picker: the live rooms now (those not shown yet), searchable by title, streamer,
// tag or team, as compact cards; a click adds the room.
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { liveApi, streamerName } from "../../api/live";
import { useMultiViewT } from "../../i18n/multiview";
import { NoData } from "../../components/NoData";
import { gameLabel, useFetch } from "../Matches/hooks";
import { LoadError, Loading } from "../Matches/MatchList";
/** How often the picker's list reloads (rooms going live or ending). */
const PICKER_REFRESH_MS = 30_000;
import { searchCards, useGameNames } from "../Live/hooks";
import { Avatar } from "../../components/Avatar";
import { formatCount } from "../Matches/format";

export function RoomPicker({ exclude, onPick, onClose }: { exclude: readonly string[]; onPick: (id: string) => void; onClose?: () => void }) {
  const { t } = useTranslation();
  const { t: mt } = useMultiViewT();
  const [text, setText] = useState("");
  const { state, reload } = useFetch((signal) => liveApi.rooms(undefined, { signal }), "mv-live-rooms", PICKER_REFRESH_MS);
  const names = useGameNames();
  const rooms = useMemo(() => {
    const all = state.status === "ready" ? state.value.list.filter((c) => !exclude.includes(c.roomId)) : [];
    return text.trim() ? searchCards(all, text) : all;
  }, [state, exclude, text]);

  return (
    <section className="mpicker" data-testid="mv-picker" aria-label={mt("picker.title")}>
      <div className="mpicker__head">
        <h2 className="mpicker__title">{mt("picker.title")}</h2>
        <input
          className="mpicker__search"
          type="search"
          value={text}
          placeholder={mt("picker.search")}
          aria-label={mt("picker.search")}
          onChange={(e) => setText(e.target.value)}
        />
        {onClose && (
          <button type="button" className="mpicker__close" data-testid="mv-picker-close" onClick={onClose}>
            {mt("picker.close")}
          </button>
        )}
      </div>
      {state.status === "loading" && <Loading />}
      {state.status === "error" && <LoadError message={state.message} notServed={state.notServed} onRetry={reload} />}
      {state.status === "ready" && rooms.length === 0 && (text.trim() ? <NoData /> : <p className="mpicker__none">{mt("picker.none")}</p>)}
      {rooms.length > 0 && (
        <ul className="mpicker__list">
          {rooms.map((c) => {
            const name = streamerName(c, t("discover.streamer"));
            const game = gameLabel(t, names.get(c.gameId));
            return (
              <li key={c.roomId}>
                <button type="button" className="mpicker__room" data-testid="mv-pick" data-room={c.roomId} onClick={() => onPick(c.roomId)}>
                  <span className="mpicker__cover">
                    {c.coverUrl ? <img src={c.coverUrl} alt="" loading="lazy" /> : <span aria-hidden="true">▶</span>}
                  </span>
                  <span className="mpicker__text">
                    <span className="mpicker__room-title">{c.title}</span>
                    <span className="mpicker__meta">
                      <Avatar src={c.avatar || undefined} name={name} size={18} />
                      <span>{name}</span>
                      {c.customTag ? <bdi className="mpicker__tag">#{c.customTag}</bdi> : game && <span>{game}</span>}
                      <span>{t("discover.viewers", { count: c.viewers, n: formatCount(c.viewers) })}</span>
                    </span>
                    {c.match && (
                      <span className="mpicker__score">
                        {c.match.homeName} <b>{c.match.homeScore} - {c.match.awayScore}</b> {c.match.awayName}
                      </span>
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
