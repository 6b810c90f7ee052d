// An article in a list: its picture, type, title, summary, time and views.
import { Link } from "react-router";
import type { Article } from "../../api/news";
import { useNewsT } from "../../i18n/news";
import { langAttrs, useDateTime, useNumber } from "./ArticleBody";
import styles from "./Article.module.css";

export function ArticleCard({ a, compact }: { a: Article; compact?: boolean }) {
  const { t } = useNewsT();
  const when = useDateTime();
  const num = useNumber();
  return (
    <Link to={a.link} className={`${styles.newsCard}${compact ? ` ${styles.newsCardCompact}` : ""}`} data-testid="news-card" data-id={a.id}>
      {!compact && <img className={styles.newsCardCover} src={a.cover} alt="" loading="lazy" />}
      <div className={styles.newsCardBody} {...langAttrs(a.lang)}>
        <span className={styles.newsCardType}>{a.userPost ? t("userPost") : t(`types.${a.type}`)}</span>
        <h3 className={styles.newsCardTitle}>{a.title}</h3>
        {!compact && a.summary && <p className={styles.newsCardSummary}>{a.summary}</p>}
        <span className={styles.newsCardMeta}>
          {a.publishTime ? <time dateTime={new Date(a.publishTime).toISOString()}>{when(a.publishTime)}</time> : null}
          <span>{t("views", { count: num(a.views) })}</span>
        </span>
      </div>
    </Link>
  );
}
