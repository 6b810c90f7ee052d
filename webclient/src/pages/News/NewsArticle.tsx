// /news/:game/:id and /news/:id — one article (GET /{game}/news{id}): its picture, title, author,
// time, views, body with match cards, tags, and its comments.
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { newsApi } from "../../api/news";
import { useNewsT } from "../../i18n/news";
import { ArticleBody, langAttrs, useDateTime, useNumber } from "../../components/Article";
import { Comments } from "../../components/Comments/Comments";
import NotFound from "../../components/ErrorPages/NotFound";
import { Loadable, useResource } from "../../data";
import styles from "./News.module.css";
import articleStyles from "../../components/Article/Article.module.css";

export function ArticleView({ id, game }: { id: string; game?: string }) {
  const { t } = useNewsT();
  const { t: tg } = useTranslation();
  const when = useDateTime();
  const num = useNumber();
  const article = useResource(`news-article|${game ?? ""}|${id}`, () => newsApi.article(id, game));
  const gameName = (slug: string) => (tg as unknown as (k: string, o?: object) => string)(`matches.game.${slug}`, { defaultValue: slug });
  return (
    <Loadable resource={article} notFound="page" minHeight="60vh">
      {(a) => (
        <div className={`${styles.news} ${styles.newsArticle}`} data-testid="news-article">
          <nav className={styles.newsCrumbs}>
            <Link to="/news">{t("title")}</Link> › <Link to={`/news/${a.game}`}>{gameName(a.game)}</Link>
          </nav>
          <article data-testid="news-article-text" {...langAttrs(a.lang)}>
            <span className={articleStyles.newsCardType}>{a.userPost ? t("userPost") : t(`types.${a.type}`)}</span>
            <h1 className={styles.newsArticleTitle} data-testid="article-title">{a.title}</h1>
            <p className={styles.newsArticleMeta}>
              {a.author && <span>{t("by", { name: a.author })}</span>}
              {a.publishTime ? <time dateTime={new Date(a.publishTime).toISOString()}>{when(a.publishTime)}</time> : null}
              <span>{t("views", { count: num(a.views) })}</span>
            </p>
            <img className={styles.newsArticleCover} src={a.cover} alt="" />
            {a.summary && <p className={styles.newsArticleSummary}>{a.summary}</p>}
            <ArticleBody article={a} />
            {a.tags.length > 0 && (
              <ul className={styles.newsArticleTags}>
                {a.tags.map((tag) => (
                  <li key={tag}>#{tag}</li>
                ))}
              </ul>
            )}
          </article>
          <Comments kind="news" id={String(a.id)} />
        </div>
      )}
    </Loadable>
  );
}

export default function NewsArticle() {
  const { game, id } = useParams();
  if (!id || !/^\d+$/.test(id)) return <NotFound />;
  return <ArticleView id={id} game={game} />;
}
