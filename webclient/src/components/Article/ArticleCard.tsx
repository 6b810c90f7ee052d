// An article in a list: its picture, type, title, summary, time and views.
import { Link } from "react-router";
import type { Article } from "../../api/news";
import { useNewsT } from "../../i18n/news";
import { langAttrs, useDateTime, useNumber } from "./ArticleBody";

export function ArticleCard({ a, compact }: { a: Article; compact?: boolean }) {
  const { t } = useNewsT();
  const when = useDateTime();
  const num = useNumber();
  return (
    <Link to={a.link} className={`news-card${compact ? " news-card--compact" : ""}`} data-testid="news-card" data-id={a.id}>
      {!compact && <img className="news-card__cover" src={a.cover} alt="" loading="lazy" />}
      <div className="news-card__body" {...langAttrs(a.lang)}>
        <span className="news-card__type">{a.userPost ? t("userPost") : t(`types.${a.type}`)}</span>
        <h3 className="news-card__title">{a.title}</h3>
        {!compact && a.summary && <p className="news-card__summary">{a.summary}</p>}
        <span className="news-card__meta">
          {a.publishTime ? <time dateTime={new Date(a.publishTime).toISOString()}>{when(a.publishTime)}</time> : null}
          <span>{t("views", { count: num(a.views) })}</span>
        </span>
      </div>
    </Link>
  );
}
