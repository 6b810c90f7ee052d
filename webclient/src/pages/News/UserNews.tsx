// /userInfo/userNews — the user's submitted posts with their states (under review, published,
// rejected with the reviewer's note), and the form to submit one: staff review it before it appears.
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/client";
import { newsApi, type ArticleType, type Block } from "../../api/news";
import { useNewsT } from "../../i18n/news";
import { GAME_ID_BY_SLUG, useDateTime } from "../../components/Article";
import { NoData } from "../../components/NoData";
import { CHANNELS } from "./NewsList";
import { usePaged } from "../../data";
import styles from "./News.module.css";

/** Paragraphs of a post: the text split at blank lines. */
export function paragraphs(text: string): Block[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ type: "p" as const, text: p }));
}

function SubmitForm({ onDone }: { onDone: () => void }) {
  const { t, language } = useNewsT();
  const { t: tg } = useTranslation();
  const [game, setGame] = useState("soccer");
  const [type, setType] = useState<ArticleType>("news");
  const [title, setTitle] = useState("");
  const [summary, setSummary] = useState("");
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await newsApi.submit({ gameId: GAME_ID_BY_SLUG[game] ?? 202, type, title, summary, body: paragraphs(text), tags: [], lang: language });
      setTitle("");
      setSummary("");
      setText("");
      onDone();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <form className={styles.newsForm} onSubmit={submit} data-testid="post-form">
      <h2>{t("my.write")}</h2>
      <div className={styles.newsFormRow}>
        <label>
          {t("my.game")}
          <select value={game} onChange={(e) => setGame(e.target.value)}>
            {CHANNELS.map((g) => (
              <option key={g} value={g}>{(tg as unknown as (k: string, o?: object) => string)(`matches.game.${g}`, { defaultValue: g })}</option>
            ))}
          </select>
        </label>
        <label>
          {t("my.type")}
          <select value={type} onChange={(e) => setType(e.target.value as ArticleType)}>
            {(["news", "analysis", "interview", "transfer"] as const).map((ty) => (
              <option key={ty} value={ty}>{t(`types.${ty}`)}</option>
            ))}
          </select>
        </label>
      </div>
      <label>
        {t("my.titleField")}
        <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={300} data-testid="post-title" />
      </label>
      <label>
        {t("my.summary")}
        <input value={summary} onChange={(e) => setSummary(e.target.value)} maxLength={500} />
      </label>
      <label>
        {t("my.body")} <small>({t("my.bodyHint")})</small>
        <textarea value={text} onChange={(e) => setText(e.target.value)} rows={8} data-testid="post-body" />
      </label>
      {error && <p className={styles.newsError} role="alert">{error}</p>}
      <button type="submit" className={styles.newsPrimary} data-testid="post-submit">{t("my.submit")}</button>
    </form>
  );
}

export default function UserNews() {
  const { t } = useNewsT();
  const when = useDateTime();
  const [sent, setSent] = useState(false);
  const list = usePaged("news-my-posts", (page) => newsApi.myPosts(page, 20));
  return (
    <div className={styles.newsUser} data-testid="user-news">
      <h1>{t("my.postsTitle")}</h1>
      {sent && <p className={styles.newsOk} role="status">{t("my.submitted")}</p>}
      {!list.loading && list.items.length === 0 && <NoData label={t("my.empty")} />}
      <ul className={styles.newsUserList}>
        {list.items.map((a) => (
          <li key={a.id} className={styles.newsUserItem} data-testid="my-post">
            <div>
              {a.state === "published" ? <Link to={a.link}>{a.title}</Link> : <strong>{a.title}</strong>}
              <span className={styles.newsMuted}> · {when(a.updateTime)}</span>
              {a.state === "rejected" && a.reviewNote && <p className={styles.newsMuted}>{t("my.note", { note: a.reviewNote })}</p>}
            </div>
            <span className={`${styles.newsState} ${styles[`news-state--${a.state}`] ?? ""}`} data-testid="my-post-state">{t(`states.${a.state}`)}</span>
          </li>
        ))}
      </ul>
      {list.items.length < list.total && (
        <button type="button" className={styles.newsMore} onClick={list.more}>{t("more")}</button>
      )}
      <SubmitForm
        onDone={() => {
          setSent(true);
          // From page 1 again: the new post is the newest.
          list.reload();
        }}
      />
    </div>
  );
}
