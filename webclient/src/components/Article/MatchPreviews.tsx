// The latest match previews (articles of type "preview"), for the home page's match-preview tab.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { newsApi, type Article } from "../../api/news";
import { useNewsT } from "../../i18n/news";
import { ArticleCard } from "./ArticleCard";
import styles from "./Article.module.css";

export function MatchPreviews() {
  const { t } = useNewsT();
  const [list, setList] = useState<Article[]>([]);
  useEffect(() => {
    let live = true;
    newsApi.listAll({ type: "preview", pageIndex: 1, pageSize: 3 }).then(
      (p) => live && setList(p.list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (list.length === 0) return null;
  return (
    <section className={styles.homePreviews} data-testid="home-previews">
      <div className={styles.homePreviewsHead}>
        <h2>{t("previews")}</h2>
        <Link to="/news?type=preview">{t("homeLink")}</Link>
      </div>
      <div className={styles.homePreviewsGrid}>
        {list.map((a) => (
          <ArticleCard key={a.id} a={a} />
        ))}
      </div>
    </section>
  );
}
