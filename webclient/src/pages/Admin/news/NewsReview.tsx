// Users' posts waiting for review (editContent): read one, approve it (it is published at once) or
// reject it with a note the author sees on /userInfo/userNews.
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { newsApi, type Article } from "../../../api/news";
import { useNewsT } from "../../../i18n/news";
import { ArticleBody, langAttrs, useDateTime } from "../../../components/Article";
import "./admin.css";

function Pending({ a, onDone }: { a: Article; onDone: () => void }) {
  const { t } = useNewsT();
  const { t: tg } = useTranslation();
  const gameName = (slug: string) => (tg as unknown as (k: string, o?: object) => string)(`matches.game.${slug}`, { defaultValue: slug });
  const when = useDateTime();
  const [full, setFull] = useState<Article | null>(null);
  const [note, setNote] = useState("");
  useEffect(() => {
    void newsApi.staffArticle(a.id).then(setFull);
  }, [a.id]);
  return (
    <li className="nadm-pending" data-testid="pending-post">
      <div {...langAttrs(a.lang)}>
        <h3>{a.title}</h3>
        <p className="sadm-muted">{t("by", { name: a.author || a.authorId })} · {gameName(a.game)} · {when(a.updateTime)}</p>
        {a.summary && <p className="sadm-strong">{a.summary}</p>}
        {full && <ArticleBody article={full} />}
      </div>
      <div className="sadm-actions">
        <button type="button" className="sadm-primary" onClick={() => void newsApi.review(a.id, true).then(onDone)} data-testid="post-approve">{t("admin.approve")}</button>
        <input placeholder={t("admin.rejectNote")} value={note} onChange={(e) => setNote(e.target.value)} />
        <button type="button" className="sadm-danger" onClick={() => void newsApi.review(a.id, false, note).then(onDone)} data-testid="post-reject">{t("admin.reject")}</button>
      </div>
    </li>
  );
}

export function NewsReview() {
  const { t } = useNewsT();
  const [rows, setRows] = useState<Article[] | null>(null);
  const load = useCallback(() => newsApi.staffList({ state: "pending", userPost: true, pageSize: 50 }).then((p) => setRows(p.list)), []);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="sadm" data-testid="news-review">
      <div className="sadm-head">
        <h2>{t("admin.reviewTitle")}</h2>
      </div>
      {rows && rows.length === 0 && <p className="sadm-muted">{t("admin.noPending")}</p>}
      <ul className="nadm-list">
        {rows?.map((a) => (
          <Pending key={a.id} a={a} onDone={() => void load()} />
        ))}
      </ul>
    </div>
  );
}
