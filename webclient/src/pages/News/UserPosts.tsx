// /userInfo/userPost — the user's comments and replies, newest first, each with what it was said on.
import { Link } from "react-router";
import { commentsApi } from "../../api/news";
import { useNewsT } from "../../i18n/news";
import { useDateTime } from "../../components/Article";
import { NoData } from "../../components/NoData";
import { usePaged } from "../../data";
import styles from "./News.module.css";

export default function UserPosts() {
  const { t } = useNewsT();
  const when = useDateTime();
  const list = usePaged("news-my-comments", (page) => commentsApi.mine(page, 20));
  return (
    <div className={styles.newsUser} data-testid="user-posts">
      <h1>{t("my.commentsTitle")}</h1>
      {!list.loading && list.items.length === 0 && <NoData label={t("my.commentsEmpty")} />}
      <ul className={styles.newsUserList}>
        {list.items.map((c) => (
          <li key={c.id} className={styles.newsUserItem} data-testid="my-comment">
            <div>
              {c.parentId ? <span className={styles.newsState}>{t("my.replyBadge")}</span> : null}
              <p className={styles.newsUserText}>{c.text}</p>
              <span className={styles.newsMuted}>
                {c.targetLink ? <Link to={c.targetLink}>{t("my.on", { title: c.targetTitle })}</Link> : null} · {when(c.time)} · ♥ {c.likes}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {list.items.length < list.total && (
        <button type="button" className={styles.newsMore} onClick={list.more}>{t("more")}</button>
      )}
    </div>
  );
}
