// /customLive/{id?} — rooms with a custom tag instead of a match (issue 17 "Around the room"; spec
// §2 route, §3 "linked match or custom tag"). The spec does not say what {id} is; we read it as the
// tag itself (URL-encoded, any case: /customLive/Talk%20show), since a tag has no other identity and
// the room's own page is already /live/{id}. Without an id the page lists every tag live now.
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { liveApi, tagPath } from "../../api/live";
import { useMultiViewT } from "../../i18n/multiview";
import { NoData } from "../../components/NoData";
import { LoadError, Loading } from "../Matches/MatchList";
import { gameLabel, useFetch } from "../Matches/hooks";
import { formatCount } from "../Matches/format";
import { LiveCardView } from "./LiveCardView";
import { useCardMatches, useGameNames } from "./hooks";
import { LIVE_REFRESH_MS } from "./LivePage";
import "./Live.css";

export default function CustomLive() {
  const { id } = useParams();
  return id ? <TagRooms tag={id} /> : <AllTags />;
}

function TagRooms({ tag }: { tag: string }) {
  const { t } = useTranslation();
  const { t: mt } = useMultiViewT();
  const { state, reload } = useFetch((signal) => liveApi.tagRooms(tag, { signal }), `tag-rooms-${tag}`, LIVE_REFRESH_MS);
  const rooms = state.status === "ready" ? state.value.list : [];
  const matches = useCardMatches(rooms);
  const names = useGameNames();
  const shown = state.status === "ready" ? state.value.tag : tag;
  return (
    <section className="live-page" data-testid="custom-live" data-tag={shown}>
      <div className="live-page__head">
        <h1 className="live-page__title">
          <bdi>#{shown}</bdi>
        </h1>
        {state.status === "ready" && <span className="live-page__count">{mt("customLive.count", { count: rooms.length })}</span>}
        <Link className="live-page__more" to="/customLive">{mt("customLive.allTags")}</Link>
      </div>
      <p className="live-page__intro">{mt("customLive.intro")}</p>
      {state.status === "loading" && <Loading />}
      {state.status === "error" && <LoadError message={state.message} notServed={state.notServed} onRetry={reload} />}
      {state.status === "ready" && rooms.length === 0 && <p className="live-column__none" data-testid="custom-live-none">{mt("customLive.none")}</p>}
      {rooms.length > 0 && (
        <ul className="lcards" data-testid="live-cards">
          {rooms.map((c) => (
            <LiveCardView key={c.roomId} card={c} match={c.match ? (matches.get(c.match.id) ?? c.match) : undefined} gameName={gameLabel(t, names.get(c.gameId)) || undefined} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AllTags() {
  const { t: mt } = useMultiViewT();
  const { t } = useTranslation();
  const { state, reload } = useFetch((signal) => liveApi.tags({ signal }), "live-tags", LIVE_REFRESH_MS);
  const tags = state.status === "ready" ? state.value.list : [];
  return (
    <section className="live-page" data-testid="custom-live-tags">
      <div className="live-page__head">
        <h1 className="live-page__title">{mt("customLive.title")}</h1>
      </div>
      <p className="live-page__intro">{mt("customLive.intro")}</p>
      {state.status === "loading" && <Loading />}
      {state.status === "error" && <LoadError message={state.message} notServed={state.notServed} onRetry={reload} />}
      {state.status === "ready" && tags.length === 0 && (
        <>
          <p className="live-column__none">{mt("customLive.noTags")}</p>
          <NoData />
        </>
      )}
      {tags.length > 0 && (
        <ul className="tag-list">
          {tags.map((x) => (
            <li key={x.tag}>
              <Link className="tag-list__tag" to={tagPath(x.tag)} data-testid="custom-live-tag">
                <bdi className="tag-list__name">#{x.tag}</bdi>
                <span className="tag-list__meta">
                  {mt("customLive.rooms", { count: x.rooms })} · {t("discover.viewers", { count: x.viewers, n: formatCount(x.viewers) })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
