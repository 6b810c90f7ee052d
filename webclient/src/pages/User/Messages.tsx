// /userInfo/msgInfo: the message centre (api/notice): system notices, order and review updates,
// replies, booked matches starting, followed streamers going live, tasks and levels. New notices
// arrive live (the `notice` frame bumps inboxVersionAtom); reading here clears the badge on every
// device (the server pushes the new count to the user's other sessions).
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useUserAreaT, type UserAreaKey } from "../../i18n/userarea";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { userAreaApi, type NoticeItem, type NoticePage } from "../../api/userarea";
import { tokenAtom } from "../../state/session";
import { inboxVersionAtom, unreadAtom } from "../../state/userarea";
import { NoData } from "../../components/NoData";
import { useResource } from "../../data";
import userAreaPagesStyles from "./UserAreaPages.module.css";
import styles from "./UserArea.module.css";
import { TabList } from "../../components/TabList/TabList";

export default function Messages() {
  const { t, language } = useUserAreaT();
  const loc = HTML_LANG[language as Locale] ?? "en-US";
  const token = useAtomValue(tokenAtom);
  const version = useAtomValue(inboxVersionAtom);
  const setUnread = useSetAtom(unreadAtom);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [older, setOlder] = useState<NoticeItem[]>([]);
  const [next, setNext] = useState(0);
  const page = useResource<NoticePage>(token ? `notices:${unreadOnly ? "unread" : "all"}` : null, () => userAreaApi.notices(0, unreadOnly));
  const { refresh } = page;

  // A new notice (the live frame bumps the version) refreshes the first page in place.
  const seenVersion = useRef(version);
  useEffect(() => {
    if (seenVersion.current === version) return;
    seenVersion.current = version;
    refresh();
  }, [version, refresh]);

  useEffect(() => {
    if (!page.value) return;
    setUnread(page.value.unread);
    setOlder([]);
    setNext(page.value.next);
  }, [page.value, setUnread]);

  const list = [...(page.value?.list ?? []), ...older];
  const more = () =>
    userAreaApi.notices(next, unreadOnly).then((p) => {
      setOlder((o) => [...o, ...p.list]);
      setNext(p.next);
    });
  const read = (ids: number[]) =>
    userAreaApi.markRead(ids).then((r) => {
      setUnread(r.unread);
      refresh();
    });

  return (
    <div className={`${styles.ucard} ${userAreaPagesStyles.upage}`} data-testid="page-msgInfo">
      <div className={userAreaPagesStyles.upageHead}>
        <h1>{t("messages.title")}</h1>
        {page.value && page.value.unread > 0 && (
          <span className={userAreaPagesStyles.upill} data-testid="msg-unread">{t("messages.unreadCount", { count: page.value.unread })}</span>
        )}
        <span className={userAreaPagesStyles.upageSpacer} />
        <button type="button" className={styles.uareaSecondary} data-testid="msg-read-all" disabled={!page.value?.unread} onClick={() => void read([])}>
          {t("messages.markAll")}
        </button>
      </div>
      <TabList
        items={(["all", "unread"] as const).map((k) => ({ key: k, label: t(`messages.${k}`) }))}
        selected={unreadOnly ? "unread" : "all"}
        onSelect={(k) => setUnreadOnly(k === "unread")}
        className={styles.utabs}
        tabClassName={styles.utabsTab}
        selectedClassName={styles.utabsTabOn}
      />
      {page.error && <p className={styles.uformError}>{page.error}</p>}
      {!page.loading && !page.error && list.length === 0 && <NoData />}
      <ul className={userAreaPagesStyles.unotices} data-testid="msg-list">
        {list.map((n) => (
          <li key={n.id} className={n.unread ? `${userAreaPagesStyles.unotice} ${userAreaPagesStyles.unoticeUnread}` : userAreaPagesStyles.unotice} data-testid="msg-item" data-kind={n.kind}>
            <span className={userAreaPagesStyles.unoticeKind}>{t(`messages.kind.${n.kind}` as UserAreaKey)}</span>
            <div>
              <p>{n.text}</p>
              <time dateTime={new Date(n.time).toISOString()}>{new Date(n.time).toLocaleString(loc, { dateStyle: "medium", timeStyle: "short" })}</time>
            </div>
            {n.link ? (
              <Link className={styles.uareaSecondary} to={n.link} onClick={() => n.unread && void read([n.id])}>
                {t("messages.open")}
              </Link>
            ) : (
              n.unread && (
                <button type="button" className={styles.uareaSecondary} onClick={() => void read([n.id])}>
                  ✓
                </button>
              )
            )}
          </li>
        ))}
      </ul>
      {next > 0 && (
        <button type="button" className={styles.uareaSecondary} onClick={() => void more()}>
          {t("messages.more")}
        </button>
      )}
    </div>
  );
}
