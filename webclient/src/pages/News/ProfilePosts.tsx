// A user's published posts on their public profile (/userInfo/:id): the titles, newest first, each
// opening its article. Nothing shows for a user who has published none.
import { Link } from "react-router";
import { newsApi, type Article } from "../../api/news";
import { useNewsT } from "../../i18n/news";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { useResource } from "../../data";

export function ProfilePosts({ userId }: { userId: string }) {
  const { t, language } = useNewsT();
  // A part of someone else's page: while loading, or if the read fails, it simply is not there.
  const posts = useResource(`profile-posts|${userId}`, () => newsApi.userList(userId, "posts", 1).then((p) => p.list as Article[])).value ?? [];
  if (posts.length === 0) return null;
  const date = new Intl.DateTimeFormat(HTML_LANG[language as Locale] ?? "en-US", { dateStyle: "medium" });
  return (
    <div className="ucard" data-testid="profile-posts">
      <h2>{t("profilePosts")}</h2>
      <ul className="profile-posts">
        {posts.map((a) => (
          <li key={a.id}>
            <Link to={a.link}>{a.title}</Link>
            {a.publishTime ? <span className="profile-posts__date"> · {date.format(a.publishTime)}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
