// <Comments kind id /> — the comments of any target (spec §6: reading is open, commenting needs a
// sign-in): newest or top first, one level of replies, a like per user, reports with the spec's
// reasons. Any page mounts it (the article page today, the video page later). Loads through
// commentsApi; errors of a post (a banned word, a mute) show under the box.
import { useCallback, useState, type FormEvent } from "react";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { errorText } from "../../api/client";
import { commentsApi, REPORT_REASONS, type Comment, type CommentSort, type ReportReason } from "../../api/news";
import { Loadable, usePaged } from "../../data";
import { useNewsT } from "../../i18n/news";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { tokenAtom } from "../../state/session";
import { loginModalAtom, LoginMode, showToast } from "../../state/ui";
import styles from "./Comments.module.css";
import { TabList } from "../TabList/TabList";
import { avatarSrc } from "../Avatar";

const PAGE = 20;

function useTimeFormat() {
  const { language } = useNewsT();
  const tag = HTML_LANG[language as Locale] ?? "en-US";
  return (ms: number) => new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms));
}

function Composer({ onSend, placeholder, autoFocus, onCancel }: { onSend: (text: string) => Promise<void>; placeholder: string; autoFocus?: boolean; onCancel?: () => void }) {
  const { t } = useNewsT();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await onSend(text);
      setText("");
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.cmtComposer} onSubmit={submit} data-testid="comment-form">
      <textarea value={text} onChange={(e) => setText(e.target.value)} placeholder={placeholder} maxLength={1000} rows={3} autoFocus={autoFocus} data-testid="comment-input" />
      {error && <p className={styles.cmtError} role="alert" data-testid="comment-error">{error}</p>}
      <div className={styles.cmtComposerActions}>
        {onCancel && <button type="button" className={`${styles.cmtBtn} ${styles.cmtBtnGhost}`} onClick={onCancel}>{t("comments.cancel")}</button>}
        <button type="submit" className={styles.cmtBtn} disabled={busy || !text.trim()} data-testid="comment-send">{t("comments.send")}</button>
      </div>
    </form>
  );
}

function ReportMenu({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useNewsT();
  const send = async (reason: ReportReason) => {
    try {
      await commentsApi.report(id, reason);
      showToast(t("comments.reported"), "info");
    } finally {
      onDone();
    }
  };
  return (
    <div className={styles.cmtReport} role="menu" aria-label={t("comments.reportTitle")} data-testid="report-menu">
      <p>{t("comments.reportTitle")}</p>
      {REPORT_REASONS.map((r) => (
        <button key={r} type="button" role="menuitem" className={styles.cmtReportReason} onClick={() => void send(r)} data-testid={`report-${r}`}>
          {t(`reasons.${r}`)}
        </button>
      ))}
      <button type="button" className={`${styles.cmtBtn} ${styles.cmtBtnGhost}`} onClick={onDone}>{t("comments.cancel")}</button>
    </div>
  );
}

function Item({ c, signedIn, askSignIn, onReply }: { c: Comment; signedIn: boolean; askSignIn: () => void; onReply?: () => void }) {
  const { t } = useNewsT();
  const time = useTimeFormat();
  const [likes, setLikes] = useState({ n: c.likes, on: c.liked });
  const [reporting, setReporting] = useState(false);
  const like = async () => {
    if (!signedIn) return askSignIn();
    const on = !likes.on;
    const res = await commentsApi.like(c.id, on);
    setLikes({ n: res.likes, on });
  };
  return (
    <div className={styles.cmtItem} data-testid="comment" data-comment-id={c.id}>
      <div className={styles.cmtAvatar} aria-hidden="true">
        {c.avatar ? <img src={avatarSrc(c.avatar, 36)} alt="" loading="lazy" decoding="async" /> : <span>{(c.userName || "?").slice(0, 1).toUpperCase()}</span>}
      </div>
      <div className={styles.cmtMain}>
        <div className={styles.cmtHead}>
          <span className={styles.cmtName}>{c.userName}</span>
          <time className={styles.cmtTime} dateTime={new Date(c.time).toISOString()}>{time(c.time)}</time>
        </div>
        {c.deleted ? (
          <p className={`${styles.cmtText} ${styles.cmtTextRemoved}`} data-testid="comment-removed">{t("comments.removed")}</p>
        ) : (
          <p className={styles.cmtText} data-testid="comment-text">{c.text}</p>
        )}
        {!c.deleted && (
          <div className={styles.cmtActions}>
            <button type="button" className={`${styles.cmtLink}${likes.on ? ` ${styles.cmtLinkOn}` : ""}`} onClick={() => void like()} aria-pressed={likes.on} data-testid="comment-like">
              ♥ {t("comments.like")} {likes.n > 0 && <span data-testid="comment-likes">{likes.n}</span>}
            </button>
            {onReply && (
              <button type="button" className={styles.cmtLink} onClick={() => (signedIn ? onReply() : askSignIn())} data-testid="comment-reply">
                {t("comments.reply")}
              </button>
            )}
            <button type="button" className={styles.cmtLink} onClick={() => (signedIn ? setReporting((v) => !v) : askSignIn())} data-testid="comment-report">
              {t("comments.report")}
            </button>
          </div>
        )}
        {reporting && <ReportMenu id={c.id} onDone={() => setReporting(false)} />}
      </div>
    </div>
  );
}

function Thread({ c, signedIn, askSignIn, kind, id }: { c: Comment; signedIn: boolean; askSignIn: () => void; kind: string; id: string }) {
  const { t } = useNewsT();
  const [replies, setReplies] = useState<Comment[]>(c.replies ?? []);
  const [count, setCount] = useState(c.replyCount);
  const [replying, setReplying] = useState(false);
  const all = async () => {
    const page = await commentsApi.replies(c.id, 1, 100);
    setReplies(page.list);
    setCount(page.total);
  };
  return (
    <li className={styles.cmtThread}>
      <Item c={c} signedIn={signedIn} askSignIn={askSignIn} onReply={() => setReplying(true)} />
      {(replies.length > 0 || replying) && (
        <div className={styles.cmtReplies} data-testid="comment-replies">
          {replies.map((r) => (
            <Item key={r.id} c={r} signedIn={signedIn} askSignIn={askSignIn} />
          ))}
          {count > replies.length && (
            <button type="button" className={styles.cmtLink} onClick={() => void all()}>{t("comments.moreReplies", { count })}</button>
          )}
          {replying && (
            <Composer
              autoFocus
              placeholder={t("comments.replyTo", { name: c.userName })}
              onCancel={() => setReplying(false)}
              onSend={async (text) => {
                const r = await commentsApi.add(kind, id, text, c.id);
                setReplies((x) => [...x, r]);
                setCount((n) => n + 1);
                setReplying(false);
              }}
            />
          )}
        </div>
      )}
    </li>
  );
}

export function Comments({ kind, id }: { kind: string; id: string }) {
  const { t } = useNewsT();
  const token = useAtomValue(tokenAtom);
  const openLogin = useSetAtom(loginModalAtom);
  const askSignIn = useCallback(() => openLogin({ open: true, mode: LoginMode.Password }), [openLogin]);
  const [sort, setSort] = useState<CommentSort>("newest");
  // A new target, order or session (likes are per user) starts again at page 1; More appends.
  const list = usePaged(
    `comments:${kind}:${id}:${sort}:${token ?? ""}`,
    (page) => commentsApi.list(kind, id, sort, page, PAGE),
    { idOf: (c) => c.id },
  );

  return (
    <section className={styles.cmt} aria-labelledby="cmt-title" data-testid="comments">
      <header className={styles.cmtTop}>
        <h2 id="cmt-title">{t("comments.title", { count: list.total })}</h2>
        <TabList
          items={(["newest", "top"] as const).map((s) => ({ key: s, label: t(`comments.${s}`), testId: `comments-sort-${s}` }))}
          selected={sort}
          onSelect={setSort}
          labelledBy="cmt-title"
          className={styles.cmtSort}
          tabClassName={styles.cmtSortTab}
          selectedClassName={styles.cmtSortTabOn}
        />
      </header>
      {token ? (
        <Composer
          placeholder={t("comments.placeholder")}
          onSend={async (text) => {
            const c = await commentsApi.add(kind, id, text);
            list.update((x) => [c, ...x], 1);
          }}
        />
      ) : (
        <button type="button" className={`${styles.cmtBtn} ${styles.cmtSignin}`} onClick={askSignIn} data-testid="comment-signin">
          {t("comments.signIn")}
        </button>
      )}
      <Loadable resource={list} minHeight={120}>
        {() =>
          list.items.length === 0 ? (
            <p className={styles.cmtEmpty}>{t("comments.empty")}</p>
          ) : (
            <ul className={styles.cmtList}>
              {list.items.map((c) => (
                <Thread key={`${sort}-${c.id}`} c={c} signedIn={!!token} askSignIn={askSignIn} kind={kind} id={id} />
              ))}
            </ul>
          )
        }
      </Loadable>
      {/* A failed next page: the list read so far stays; More asks again. */}
      {list.status === "ready" && list.error && <p className={styles.cmtError} role="alert">{list.error}</p>}
      {list.hasMore && (
        <button type="button" className={`${styles.cmtBtn} ${styles.cmtBtnGhost} ${styles.cmtMore}`} disabled={list.loadingMore} onClick={list.more}>
          {t("comments.more")}
        </button>
      )}
    </section>
  );
}

export default Comments;
