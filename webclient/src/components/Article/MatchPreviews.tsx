// The latest match previews (articles of type "preview"), for the home page's match-preview tab.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { newsApi, type Article } from "../../api/news";
import { useNewsT } from "../../i18n/news";
import { ArticleCard } from "./ArticleCard";

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
    <section className="home-previews" data-testid="home-previews">
      <div className="home-previews__head">
        <h2>{t("previews")}</h2>
        <Link to="/news?type=preview">{t("homeLink")}</Link>
      </div>
      <div className="home-previews__grid">
        {list.map((a) => (
          <ArticleCard key={a.id} a={a} />
        ))}
      </div>
    </section>
  );
}
