// A user's published posts on their public profile (/userInfo/:id): the titles, newest first, each
// opening its article. Nothing shows for a user who has published none. The profile that places it
// gives the card's look (className).
import { Link } from "react-router";
import { newsApi, type Article } from "../../api/news";
import { useNewsT } from "../../i18n/news";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { useResource } from "../../data";
import styles from "./ProfilePosts.module.css";

export function ProfilePosts({ userId, className }: { userId: string; className?: string }) {
  const { t, language } = useNewsT();
  // A part of someone else's page: while loading, or if the read fails, it simply is not there.
  const posts = useResource(`profile-posts|${userId}`, () => newsApi.userList(userId, "posts", 1).then((p) => p.list as Article[])).value ?? [];
  if (posts.length === 0) return null;
  const date = new Intl.DateTimeFormat(HTML_LANG[language as Locale] ?? "en-US", { dateStyle: "medium" });
  return (
    <div className={className} data-testid="profile-posts">
      <h2>{t("profilePosts")}</h2>
      <ul className={styles.profilePosts}>
        {posts.map((a) => (
          <li key={a.id}>
            <Link to={a.link}>{a.title}</Link>
            {a.publishTime ? <span className={styles.profilePostsDate}> · {date.format(a.publishTime)}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
