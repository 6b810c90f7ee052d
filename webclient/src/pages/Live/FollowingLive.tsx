// The "following" strip of /live (issue 17 "Around the room"): the streamers the signed-in viewer
// follows, the live ones first with what they stream, the others greyed. It reloads when a live
// notice arrives (a followed streamer just went live) and every LIVE_REFRESH_MS.
import { Link } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { liveApi, streamerName } from "../../api/live";
import { tokenAtom } from "../../state/session";
import { lastNoticeAtom } from "../../state/userarea";
import { useMultiViewT } from "../../i18n/multiview";
import { useFetch } from "../Matches/hooks";
import { Avatar } from "../../components/Avatar";

/** How often the strip reloads. */
const FOLLOWING_REFRESH_MS = 30_000;

export function FollowingLive() {
  const token = useAtomValue(tokenAtom);
  return token ? <FollowingStrip /> : null;
}

function FollowingStrip() {
  const { t } = useTranslation();
  const { t: mt } = useMultiViewT();
  const notice = useAtomValue(lastNoticeAtom);
  const bump = notice?.kind === "live" ? notice.at : 0;
  const { state } = useFetch((signal) => liveApi.following({ signal }), `following-${bump}`, FOLLOWING_REFRESH_MS);
  if (state.status !== "ready") return null;
  const list = state.value.list;
  return (
    <section className="following" data-testid="following" aria-label={mt("following.title")}>
      <h2 className="following__title">{mt("following.title")}</h2>
      {list.length === 0 ? (
        <p className="following__none">{mt("following.none")}</p>
      ) : (
        <ul className="following__list">
          {list.map((c) => {
            const name = streamerName(c, t("discover.streamer"));
            return (
              <li key={c.roomId} className="following__item">
                <Link
                  to={`/live/${encodeURIComponent(c.roomId)}`}
                  className={`following__link${c.live ? " following__link--live" : ""}`}
                  data-testid="following-item"
                  data-live={c.live}
                  title={c.title}
                >
                  <Avatar src={c.avatar || undefined} name={name} size={32} />
                  <span className="following__text">
                    <span className="following__name">{name}</span>
                    <span className={`following__state${c.live ? " following__state--live" : ""}`}>
                      {c.live ? `${mt("following.live")} · ${c.title}` : mt("following.offline")}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
