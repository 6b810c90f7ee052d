// /userInfo/userPost — the user's comments and replies, newest first, each with what it was said on.
import { Link } from "react-router";
import { commentsApi } from "../../api/news";
import { useNewsT } from "../../i18n/news";
import { useDateTime } from "../../components/Article";
import { NoData } from "../../components/NoData";
import { usePagedList } from "./hooks";
import "./News.css";

export default function UserPosts() {
  const { t } = useNewsT();
  const when = useDateTime();
  const list = usePagedList((page) => commentsApi.mine(page, 20), "mine");
  return (
    <div className="news-user" data-testid="user-posts">
      <h1>{t("my.commentsTitle")}</h1>
      {!list.loading && list.items.length === 0 && <NoData label={t("my.commentsEmpty")} />}
      <ul className="news-user__list">
        {list.items.map((c) => (
          <li key={c.id} className="news-user__item news-user__item--comment" data-testid="my-comment">
            <div>
              {c.parentId ? <span className="news-state">{t("my.replyBadge")}</span> : null}
              <p className="news-user__text">{c.text}</p>
              <span className="news__muted">
                {c.targetLink ? <Link to={c.targetLink}>{t("my.on", { title: c.targetTitle })}</Link> : null} · {when(c.time)} · ♥ {c.likes}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {list.items.length < list.total && (
        <button type="button" className="news__more" onClick={list.more}>{t("more")}</button>
      )}
    </div>
  );
}
