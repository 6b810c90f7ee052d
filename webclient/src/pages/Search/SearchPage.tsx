// /search/:text and /s/:text — the site search (spec §2, issue 22): one server query across matches,
// teams, players, leagues, streamers, live rooms, experts, news and videos, grouped by kind. "See
// all" opens one kind (?kind=team), paged (?page=2).
import { useState, type ReactNode } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { SEARCH_KINDS, searchApi, type SearchGroup, type SearchHit, type SearchKind } from "../../api/search";
import { useSearchT, type SearchT } from "../../i18n/search";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { NoData } from "../../components/NoData";
import { Loadable, useResource } from "../../data";
import styles from "./Search.module.css";

function useLocaleTag(): string {
  const { i18n } = useTranslation();
  return HTML_LANG[i18n.language as Locale] ?? "en-US";
}

const LIVE_STATUS = new Set([1, 2, 3, 4]);

/** The line of facts under a result's title, per kind. */
function Facts({ hit, t }: { hit: SearchHit; t: SearchT }) {
  const { t: tt } = useTranslation();
  const loc = useLocaleTag();
  const m = hit.meta ?? {};
  const game = typeof m.game === "string" ? String(tt(`matches.game.${m.game.toLowerCase()}`, { defaultValue: "" })) : "";
  const when = hit.time ? new Intl.DateTimeFormat(loc, { dateStyle: "medium", timeStyle: "short" }).format(new Date(hit.time)) : "";
  const parts: ReactNode[] = [];
  if (hit.subtitle) parts.push(<span key="sub">{hit.subtitle}</span>);
  if (game) parts.push(<span key="game">{game}</span>);
  switch (hit.kind) {
    case "match": {
      const status = Number(m.status ?? 0);
      if (when) parts.push(<time key="when" dateTime={hit.time}>{when}</time>);
      if (LIVE_STATUS.has(status) || status === 5) {
        parts.push(
          <b key="score" className={styles.sresScore} data-testid="search-score">
            {m.homeScore} – {m.awayScore}
          </b>,
        );
      }
      const label = LIVE_STATUS.has(status) ? t("status.live") : status === 5 ? t("status.finished") : status === 6 || status === 7 ? t("status.postponed") : t("status.upcoming");
      parts.push(<span key="status" className={LIVE_STATUS.has(status) ? styles.sresLive : undefined}>{label}</span>);
      break;
    }
    case "streamer":
      if (typeof m.followers === "number") parts.push(<span key="f">{t("followers", { n: new Intl.NumberFormat(loc).format(m.followers) })}</span>);
      break;
    case "news":
    case "video":
      if (when) parts.push(<time key="when" dateTime={hit.time}>{new Intl.DateTimeFormat(loc, { dateStyle: "medium" }).format(new Date(hit.time!))}</time>);
      break;
  }
  return <span className={styles.sresFacts}>{parts}</span>;
}

/** A result's picture: its logo, photo or cover, else its initials. */
function Thumb({ hit }: { hit: SearchHit }) {
  const [broken, setBroken] = useState(false);
  const pic = hit.picture || (typeof hit.meta?.avatar === "string" ? hit.meta.avatar : "");
  const round = hit.kind === "player" || hit.kind === "streamer" || hit.kind === "expert";
  const initials = [...hit.title.replace(/ vs .*/, "")].filter((c) => c.trim()).slice(0, 2).join("").toUpperCase();
  return (
    <span className={`${styles.sresThumb} ${styles[`sres__thumb--${hit.kind}`] ?? ""}${round ? ` ${styles.sresThumbRound}` : ""}`} aria-hidden="true">
      {pic && !broken ? <img src={pic} alt="" loading="lazy" onError={() => setBroken(true)} /> : <span>{initials}</span>}
    </span>
  );
}

function Row({ hit, t }: { hit: SearchHit; t: SearchT }) {
  const live = hit.meta?.live === true || (hit.kind === "match" && LIVE_STATUS.has(Number(hit.meta?.status)));
  return (
    <li>
      <Link to={hit.target} className={styles.sres} data-testid="search-hit" data-kind={hit.kind} data-title={hit.title}>
        <Thumb hit={hit} />
        <span className={styles.sresText}>
          <span className={styles.sresTitle}>{hit.title}</span>
          <Facts hit={hit} t={t} />
        </span>
        {live && <span className={styles.sresBadge}>{t("live")}</span>}
      </Link>
    </li>
  );
}

function Group({ g, t, all }: { g: SearchGroup; t: SearchT; all: boolean }) {
  return (
    <section className={styles.sgroup} data-testid={`search-group-${g.kind}`} aria-labelledby={`sgroup-${g.kind}`}>
      <h2 className={styles.sgroupTitle} id={`sgroup-${g.kind}`}>
        {t(`kinds.${g.kind}`)} <span className={styles.sgroupCount}>{g.total}</span>
      </h2>
      <ul className={styles.sgroupList}>
        {g.list.map((h) => (
          <Row key={h.id} hit={h} t={t} />
        ))}
      </ul>
      {all && g.total > g.list.length && (
        <Link className={styles.sgroupMore} to={`?kind=${g.kind}`} data-testid="search-more">
          {t("seeAll", { count: g.total })}
        </Link>
      )}
    </section>
  );
}

const PAGE_SIZE = 20;

export default function SearchPage() {
  const { t } = useSearchT();
  const { text = "" } = useParams();
  const [params] = useSearchParams();
  const k = params.get("kind") ?? "";
  const kind: SearchKind | "" = (SEARCH_KINDS as readonly string[]).includes(k) ? (k as SearchKind) : "";
  const page = kind ? Math.max(1, Number(params.get("page")) || 1) : 1;
  // The page shows its own no-results text: the client's toast would repeat an error the page draws.
  const results = useResource(`${text}|${kind}|${page}`, (signal) => searchApi.all(text, kind, page, { signal, toast: false }));
  const groups = results.value?.groups ?? [];
  const total = groups[0]?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section className={styles.searchPage} data-testid="search-page">
      <h1 className={styles.searchPageTitle}>{t("title", { text })}</h1>
      <nav className={styles.searchPageKinds} aria-label={t("all")}>
        <Link to="." className={kind === "" ? "is-active" : undefined} aria-current={kind === "" ? "page" : undefined}>
          {t("all")}
        </Link>
        {SEARCH_KINDS.map((x) => (
          <Link key={x} to={`?kind=${x}`} className={kind === x ? "is-active" : undefined} aria-current={kind === x ? "page" : undefined}>
            {t(`kinds.${x}`)}
          </Link>
        ))}
      </nav>
      <Loadable resource={results} minHeight={240}>
        {(value) =>
          value.groups.length === 0 ? (
            <>
              <NoData label={t("none", { text })} />
              <p className={styles.searchPageHint}>{t("noneHint")}</p>
            </>
          ) : (
            <>
              {value.typo && (
                <p className={styles.searchPageTypo} data-testid="search-typo">
                  {t("typo")}
                </p>
              )}
              {value.groups.map((g) => (
                <Group key={g.kind} g={g} t={t} all={kind === ""} />
              ))}
            </>
          )
        }
      </Loadable>
      {kind !== "" && results.status === "ready" && total > PAGE_SIZE && (
        <nav className={styles.searchPagePager} aria-label={t("pageOf", { page, pages })}>
          {page > 1 ? <Link to={`?kind=${kind}&page=${page - 1}`}>{t("prev")}</Link> : <span />}
          <span>{t("pageOf", { page, pages })}</span>
          {page < pages ? <Link to={`?kind=${kind}&page=${page + 1}`}>{t("next")}</Link> : <span />}
        </nav>
      )}
    </section>
  );
}
