// The preview article of a match (an article of type "preview" linked to it), for the match
// detail's preview tab: its picture, title, summary and body, and a link to its page with comments.
// Nothing is shown when the match has no preview yet.
import { Link } from "react-router";
import { newsApi } from "../../api/news";
import { useResource } from "../../data/resource";
import { useNewsT } from "../../i18n/news";
import { ArticleBody, langAttrs } from "./ArticleBody";
import styles from "./Article.module.css";

export function MatchPreviewArticle({ matchId }: { matchId: string }) {
  const { t } = useNewsT();
  // No preview yet (404) or a failed read: the tab shows nothing, as the comment above says.
  const article = useResource(`match-preview:${matchId}`, () => newsApi.preview(matchId)).value;
  if (!article) return null;
  return (
    <article className={styles.artPreview} data-testid="match-preview-article" {...langAttrs(article.lang)}>
      <span className={styles.artPreviewLabel}>{t("matchPreview")}</span>
      <img className={styles.artPreviewCover} src={article.cover} alt="" />
      <h3>
        <Link to={article.link}>{article.title}</Link>
      </h3>
      {article.summary && <p className={styles.artPreviewSummary}>{article.summary}</p>}
      <ArticleBody article={{ body: (article.body ?? []).filter((b) => b.type !== "match"), matchCards: {} }} />
      <Link to={article.link} data-testid="match-preview-link">{t("readMore")}</Link>
    </article>
  );
}
