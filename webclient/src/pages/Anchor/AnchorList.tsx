// /anchor/anchorList — approved streamers, live rooms first, with viewers (spec §2, §7), and
// /anchor/:id — a streamer's page: title, teaser, detailed intro with its pictures, the room's
// flags, and the player when live.
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { anchorApi, type AnchorListEntry, type AnchorPageInfo } from "../../api/anchor";
import { NoData } from "../../components/NoData";
import { Player } from "../../components/Player";
import { errorText } from "./AnchorCenter";
import { Avatar } from "../../components/Avatar";
import { formatCount } from "../Matches/format";
import "./Anchor.css";
import { ReservedBroadcast } from "../../components/ReservedBroadcast/ReservedBroadcast";

export default function AnchorList() {
  const { t } = useTranslation();
  const [liveOnly, setLiveOnly] = useState(false);
  const [list, setList] = useState<AnchorListEntry[] | null>(null);
  const [error, setError] = useState("");

  useEffect(() => {
    let live = true;
    setList(null);
    anchorApi.list({ live: liveOnly, size: 60 }).then((r) => live && setList(r.list), (e) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [liveOnly]);

  return (
    <main className="anchor" data-testid="anchor-list">
      <div className="anchor-row">
        <h1 className="anchor__title">{t("anchor.list.title")}</h1>
        <label className="anchor-check">
          <input type="checkbox" checked={liveOnly} onChange={(e) => setLiveOnly(e.target.checked)} />
          <span>{t("anchor.list.liveOnly")}</span>
        </label>
      </div>
      {error && <p className="anchor-error">{error}</p>}
      {list && list.length === 0 && <NoData />}
      <ul className="anchor-cards">
        {list?.map((a) => (
          <li key={a.anchorId} className="anchor-card" data-testid="anchor-card" data-live={a.live}>
            <Link to={`/anchor/${encodeURIComponent(a.anchorId)}`}>
              <div className="anchor-card__cover">
                {a.coverUrl ? <img src={a.coverUrl} alt="" loading="lazy" /> : <span className="anchor-card__placeholder">▶</span>}
                {a.live && <span className="anchor-badge">{t("anchor.list.live")}</span>}
              </div>
              <p className="anchor-card__title">{a.title || t("anchor.broadcast.noTitle")}</p>
              <p className="anchor-muted anchor-card__who">
                <Avatar src={a.avatar || undefined} name={a.name} size={22} />
                <span data-testid="anchor-card-name">{a.name}</span>
                <span data-testid="anchor-card-followers">{t("discover.followers", { n: formatCount(a.followers ?? 0) })}</span>
                {a.live && <span>{t("anchor.player.viewers", { count: a.viewers })}</span>}
                {a.customTag && <span>#{a.customTag}</span>}
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}

export function AnchorPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const [info, setInfo] = useState<AnchorPageInfo | null>(null);
  const [error, setError] = useState("");

  useEffect(() => {
    let live = true;
    setInfo(null);
    setError("");
    anchorApi.info({ anchorId: id }).then((r) => live && setInfo(r), (e) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [id]);

  if (error) {
    return (
      <main className="anchor">
        <p className="anchor-error" data-testid="anchor-page-error">
          {error}
        </p>
      </main>
    );
  }
  if (!info) return <main className="anchor" aria-busy="true" />;
  return (
    <main className="anchor" data-testid="anchor-page">
      <div className="anchor-row">
        <h1 className="anchor__title">{info.title || t("anchor.broadcast.noTitle")}</h1>
        <Link className="anchor-button" to={`/live/${encodeURIComponent(info.roomId)}`} data-testid="anchor-page-room">
          {t("anchor.page.enterRoom")}
        </Link>
      </div>
      <p className="anchor-muted">
        {info.name}
        {info.live ? ` · ${t("anchor.list.live")} · ${t("anchor.player.viewers", { count: info.viewers })}` : ` · ${t("anchor.page.offline")}`}
      </p>
      <div className="anchor-flags">
        {info.memberOnly && <span className="anchor-flag">{t("anchor.settings.memberOnly")}</span>}
        {info.paid && <span className="anchor-flag">{t("anchor.page.paid", { price: info.price })}</span>}
        {info.hasExternal && <span className="anchor-flag">{t("anchor.player.kind.external")}</span>}
        {info.customTag && <span className="anchor-flag">#{info.customTag}</span>}
      </div>
      {info.live ? <Player roomId={info.roomId} /> : info.teaser && <p className="anchor-banner" data-testid="anchor-teaser">{info.teaser}</p>}
      {!info.live && <ReservedBroadcast roomId={info.roomId} />}
      <section className="anchor-panel">
        <h2 className="anchor__sub">{t("anchor.page.about")}</h2>
        <p className="anchor-intro">{info.detailIntro}</p>
        <div className="anchor-pics">
          {info.detailPicUrls.map((u) => (
            <figure key={u} className="anchor-pic">
              <img src={u} alt="" loading="lazy" />
            </figure>
          ))}
        </div>
      </section>
    </main>
  );
}
