// /userInfo/focus: the follow list (spec §2): who I follow (with unfollow) and my followers,
// paged from /user/getFollowOrFansH5 and virtualised (style.md React 3).
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Virtuoso } from "react-virtuoso";
import { useTranslation } from "react-i18next";
import { userApi, type FollowEntry } from "../../api/account";
import { refreshAccount } from "../../session/account";
import { Loadable, usePaged } from "../../data";
import { Avatar } from "../../components/Avatar";
import Bookings from "./Bookings";
import { useUserAreaT } from "../../i18n/userarea";
import focusStyles from "./Focus.module.css";
import styles from "./UserArea.module.css";

const PAGE_SIZE = 20;
type Tab = 1 | 2; // 1 following, 2 followers

export default function Focus() {
  const { t } = useTranslation();
  const { t: ut } = useUserAreaT();
  const [params, setParams] = useSearchParams();
  const bookings = params.get("tab") === "bookings";
  const [tab, setTab] = useState<Tab>(1);
  return (
    <div className={styles.ucard} data-testid="focus">
      <h1 className={focusStyles.focusTitle}>{t("account.menu.focus")}</h1>
      <div className={`${styles.utabs} ${focusStyles.focusTabs}`} role="tablist">
        {([1, 2] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={!bookings && tab === k}
            className={!bookings && tab === k ? `${styles.utabsTab} ${styles.utabsTabOn}` : styles.utabsTab}
            data-testid={`focus-tab-${k === 1 ? "following" : "followers"}`}
            onClick={() => {
              setTab(k);
              if (bookings) setParams({});
            }}
          >
            {t(k === 1 ? "account.following" : "account.followers")}
          </button>
        ))}
        <button
          type="button"
          role="tab"
          aria-selected={bookings}
          className={bookings ? `${styles.utabsTab} ${styles.utabsTabOn}` : styles.utabsTab}
          data-testid="focus-tab-bookings"
          onClick={() => setParams({ tab: "bookings" })}
        >
          {ut("menu.bookings")}
        </button>
      </div>
      {bookings ? <Bookings /> : <FollowList key={tab} type={tab} />}
    </div>
  );
}

const idOf = (x: FollowEntry) => x.userId;

function FollowList({ type }: { type: Tab }) {
  const { t } = useTranslation();
  // Page 1 on opening, the next page at the list's end (endReached).
  const list = usePaged(
    `follow-list|${type}`,
    (page) => userApi.followList({ type, pageIndex: page, pageSize: PAGE_SIZE }).then((r) => ({ list: r.list ?? [], total: r.total ?? 0 })),
    { idOf },
  );
  const [busy, setBusy] = useState<Set<string>>(new Set());

  async function unfollow(id: string) {
    setBusy((s) => new Set(s).add(id));
    try {
      await userApi.follow(id, false);
      list.update((old) => old.filter((x) => x.userId !== id), -1);
      void refreshAccount();
    } catch {
      // toasted by the client
    } finally {
      setBusy((s) => {
        const n = new Set(s);
        n.delete(id);
        return n;
      });
    }
  }

  return (
    <Loadable resource={list} empty={() => list.items.length === 0} minHeight={320}>
      {() => (
        <Virtuoso
          useWindowScroll
          data={list.items}
          endReached={list.more}
          computeItemKey={(_, it) => it.userId}
          itemContent={(_, it) => (
            <div className={focusStyles.focusRow} data-testid="focus-row">
              <Link to={`/userInfo/${it.userId}`} className={focusStyles.focusWho}>
                <Avatar src={it.avatar} name={it.name} size={44} />
                <span className={focusStyles.focusText}>
                  <span className={focusStyles.focusName}>
                    {it.name} <span className={focusStyles.focusLevel}>{t("account.levelShort", { level: it.level ?? 1 })}</span>
                  </span>
                  <span className={focusStyles.focusSig}>{it.signature || t("account.noSignature")}</span>
                </span>
              </Link>
              {type === 1 && (
                <button type="button" className={styles.uareaSecondary} data-testid="focus-unfollow" disabled={busy.has(it.userId)}
                  onClick={() => void unfollow(it.userId)}>
                  {t("account.unfollow")}
                </button>
              )}
            </div>
          )}
        />
      )}
    </Loadable>
  );
}
