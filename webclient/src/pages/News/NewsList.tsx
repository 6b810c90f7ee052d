// /news and /news/:game — the news channels (spec §2: news per sport or game): the game's articles by
// type (GET /{game}/{type}/{pageIndex}), newest first, and the most read beside them.
import { Link, useParams, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ARTICLE_TYPES, newsApi, type ArticleType } from "../../api/news";
import { useNewsT } from "../../i18n/news";
import { GAME_ID_BY_SLUG } from "../../components/Article";
import { NoData } from "../../components/NoData";
import { ArticleCard } from "../../components/Article";
import { usePaged, useResource } from "../../data";
import styles from "./News.module.css";
import { TabList } from "../../components/TabList/TabList";

/** The channels in the bar: the games with the most coverage first. */
export const CHANNELS = ["soccer", "basketball", "lol", "csgo", "dota2", "valorant", "tennis", "kog", "baseball", "cricket"];

export default function NewsList() {
  const { t } = useNewsT();
  const { t: tg } = useTranslation();
  const { game } = useParams();
  const [params, setParams] = useSearchParams();
  const type = (params.get("type") ?? "all") as ArticleType | "all";
  const gameId = game ? GAME_ID_BY_SLUG[game] : undefined;
  const gameName = (slug: string) => (tg as unknown as (k: string, o?: object) => string)(`matches.game.${slug}`, { defaultValue: slug });
  const list = usePaged(`news|${game ?? ""}|${type}`, (page) =>
    game ? newsApi.list(game, type, page, 12) : newsApi.listAll({ type: type === "all" ? undefined : type, pageIndex: page, pageSize: 12 }),
  );
  const hot = useResource(`news-hot|${gameId ?? ""}`, () => newsApi.hot(gameId, 8));

  return (
    <div className={styles.news} data-testid="news-list-page">
      <header className={styles.newsHead}>
        <h1>{game ? `${gameName(game)} · ${t("title")}` : t("title")}</h1>
        <nav className={styles.newsChannels} aria-label={t("title")}>
          <Link to="/news" className={`${styles.newsChip}${!game ? ` ${styles.newsChipOn}` : ""}`}>{t("allGames")}</Link>
          {CHANNELS.map((g) => (
            <Link key={g} to={`/news/${g}`} className={`${styles.newsChip}${g === game ? ` ${styles.newsChipOn}` : ""}`} data-testid={`news-channel-${g}`}>
              {gameName(g)}
            </Link>
          ))}
        </nav>
        <TabList
          items={(["all", ...ARTICLE_TYPES] as const).map((ty) => ({ key: ty, label: t(`types.${ty}`), testId: `news-type-${ty}` }))}
          selected={type}
          onSelect={(ty) => setParams(ty === "all" ? {} : { type: ty })}
          className={styles.newsTypes}
          tabClassName={styles.newsTab}
          selectedClassName={styles.newsTabOn}
        />
      </header>
      <div className={styles.newsLayout}>
        <section aria-label={t("latest")}>
          {list.error && <p className={styles.newsError} role="alert">{list.error}</p>}
          {!list.loading && !list.error && list.items.length === 0 && <NoData />}
          <div className={styles.newsGrid}>
            {list.items.map((a) => (
              <ArticleCard key={a.id} a={a} />
            ))}
          </div>
          {list.items.length < list.total && (
            <button type="button" className={styles.newsMore} onClick={list.more} disabled={list.loadingMore}>
              {t("more")}
            </button>
          )}
        </section>
        <aside className={styles.newsSide} aria-label={t("hot")}>
          <h2>{t("hot")}</h2>
          {hot.value && (hot.value.length === 0 ? <p className={styles.newsMuted}>{t("empty")}</p> : (
            <ol className={styles.newsHot}>
              {hot.value.map((a) => (
                <li key={a.id}>
                  <ArticleCard a={a} compact />
                </li>
              ))}
            </ol>
          ))}
        </aside>
      </div>
    </div>
  );
}
