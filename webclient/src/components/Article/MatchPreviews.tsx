// The latest match previews (articles of type "preview"), for the home page's match-preview tab.
import { Link } from "react-router";
import { newsApi } from "../../api/news";
import { useResource } from "../../data/resource";
import { useNewsT } from "../../i18n/news";
import { ArticleCard } from "./ArticleCard";
import styles from "./Article.module.css";

export function MatchPreviews() {
  const { t } = useNewsT();
  // The section is an extra of the home tab: while loading, on a failure or with no previews it is left out.
  const list = useResource("home-previews", () => newsApi.listAll({ type: "preview", pageIndex: 1, pageSize: 3 }).then((p) => p.list)).value ?? [];
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
