// Users' posts waiting for review (editContent): read one, approve it (it is published at once) or
// reject it with a note the author sees on /userInfo/userNews.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { newsApi, type Article } from "../../../api/news";
import { Loadable, useResource } from "../../../data";
import { useNewsT } from "../../../i18n/news";
import { ArticleBody, langAttrs, useDateTime } from "../../../components/Article";
import styles from "./newsAdmin.module.css";
import shopStyles from "../shop/shopAdmin.module.css";

function Pending({ a, onDone }: { a: Article; onDone: () => void }) {
  const { t } = useNewsT();
  const { t: tg } = useTranslation();
  const gameName = (slug: string) => (tg as unknown as (k: string, o?: object) => string)(`matches.game.${slug}`, { defaultValue: slug });
  const when = useDateTime();
  const [note, setNote] = useState("");
  // The list carries the summary; the body comes with the article itself.
  const full = useResource(`admin-news-article:${a.id}`, () => newsApi.staffArticle(a.id));
  return (
    <li className={styles.nadmPending} data-testid="pending-post">
      <div {...langAttrs(a.lang)}>
        <h3>{a.title}</h3>
        <p className={shopStyles.sadmMuted}>{t("by", { name: a.author || a.authorId })} · {gameName(a.game)} · {when(a.updateTime)}</p>
        {a.summary && <p className={shopStyles.sadmStrong}>{a.summary}</p>}
        <Loadable resource={full}>{(article) => <ArticleBody article={article} />}</Loadable>
      </div>
      <div className={shopStyles.sadmActions}>
        <button type="button" className={shopStyles.sadmPrimary} onClick={() => void newsApi.review(a.id, true).then(onDone)} data-testid="post-approve">{t("admin.approve")}</button>
        <input placeholder={t("admin.rejectNote")} value={note} onChange={(e) => setNote(e.target.value)} />
        <button type="button" className={shopStyles.sadmDanger} onClick={() => void newsApi.review(a.id, false, note).then(onDone)} data-testid="post-reject">{t("admin.reject")}</button>
      </div>
    </li>
  );
}

export function NewsReview() {
  const { t } = useNewsT();
  const pending = useResource("admin-news-pending", () => newsApi.staffList({ state: "pending", userPost: true, pageSize: 50 }).then((p) => p.list));
  return (
    <div className={shopStyles.sadm} data-testid="news-review">
      <div className={shopStyles.sadmHead}>
        <h2>{t("admin.reviewTitle")}</h2>
      </div>
      <Loadable resource={pending} empty={(rows) => rows.length === 0} emptyLabel={t("admin.noPending")}>
        {(rows) => (
          <ul className={styles.nadmList}>
            {rows.map((a) => (
              <Pending key={a.id} a={a} onDone={pending.refresh} />
            ))}
          </ul>
        )}
      </Loadable>
    </div>
  );
}
