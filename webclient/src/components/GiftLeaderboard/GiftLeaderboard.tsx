// The gift ranking of a live room (issue 6): today, this week and all time, from
// GET /java/gift/leaderboard/{day|week|all}?room=<id>. Scores are the coin value of what each
// viewer gave. Names come from /user/info (public part); a name that cannot be read shows as
// the user id. The live room places it and may pass a `version` that changes when a gift
// arrives, so the ranking reloads.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { userApi } from "../../api/account";
import { walletApi, type LeaderboardPeriod } from "../../api/wallet";
import { useResource } from "../../data/resource";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { NoData } from "../NoData";
import styles from "./GiftLeaderboard.module.css";
import { TabList } from "../TabList/TabList";

export const PERIODS: readonly LeaderboardPeriod[] = ["day", "week", "all"];

/** Names already read, shared by every leaderboard on the page (a failed read is asked again next time). */
const names = new Map<number, Promise<string | null>>();
/** The names that arrived: shown at once when a refreshed ranking asks for its names again. */
const known = new Map<number, string>();

function nameOf(userId: number): Promise<string | null> {
  let p = names.get(userId);
  if (!p) {
    p = userApi.info(String(userId), { toast: false }).then(
      (u) => {
        const n = u.name || u.username || null;
        if (n) known.set(userId, n);
        return n;
      },
      () => {
        names.delete(userId); // try again next time
        return null;
      },
    );
    names.set(userId, p);
  }
  return p;
}

/** The readable names of users (an unreadable one is left out). */
async function namesOf(ids: number[]): Promise<Record<number, string>> {
  const out: Record<number, string> = {};
  const got = await Promise.all(ids.map(nameOf));
  ids.forEach((id, i) => {
    const n = got[i];
    if (n) out[id] = n;
  });
  return out;
}

export interface GiftLeaderboardProps {
  room: string;
  /** Change it to reload (e.g. on each gift event of the room). */
  version?: number;
  /** Rows shown; the server allows up to 100. Default 10. */
  size?: number;
  initialPeriod?: LeaderboardPeriod;
}

export function GiftLeaderboard({ room, version = 0, size = 10, initialPeriod = "day" }: GiftLeaderboardProps) {
  const { t, i18n } = useTranslation();
  const loc = HTML_LANG[i18n.language as Locale] ?? "en-US";
  const [period, setPeriod] = useState<LeaderboardPeriod>(initialPeriod);
  // A new room, period or size is a new ranking (loading shows); a new `version` (a gift arrived)
  // refreshes the one on screen without blinking.
  const ranking = useResource(`gift-lb:${room}:${period}:${size}`, () => walletApi.leaderboard(room, period, size).then((res) => res.list ?? []));
  const { refresh } = ranking;
  const seenVersion = useRef(version);
  useEffect(() => {
    if (seenVersion.current === version) return;
    seenVersion.current = version;
    refresh();
  }, [version, refresh]);
  const ids = (ranking.value ?? []).map((r) => r.userId);
  const userNames = useResource(ids.length ? `gift-lb-names:${ids.join(",")}` : null, () => namesOf(ids)).value;

  const fmt = new Intl.NumberFormat(loc);
  return (
    <section className={styles.giftLb} data-testid="gift-leaderboard" aria-label={t("wallet.leaderboard.title")}>
      <div className={styles.giftLbHead}>
        <h2>{t("wallet.leaderboard.title")}</h2>
        <TabList
          items={PERIODS.map((p) => ({ key: p, label: t(`wallet.leaderboard.${p}`), testId: `gift-lb-${p}` }))}
          selected={period}
          onSelect={setPeriod}
          label={t("wallet.leaderboard.title")}
          className={styles.giftLbTabs}
          tabClassName={styles.giftLbTab}
          selectedClassName={styles.giftLbTabOn}
        />
      </div>
      {ranking.status === "error" ? (
        <p className={styles.giftLbError} role="alert" data-testid="gift-lb-error">
          {t("wallet.leaderboard.loadFailed")}: {ranking.error}
        </p>
      ) : !ranking.value ? (
        <p className={styles.giftLbMuted} aria-busy="true">…</p>
      ) : ranking.value.length === 0 ? (
        <NoData label={t("wallet.leaderboard.empty")} />
      ) : (
        <ol className={styles.giftLbList}>
          {ranking.value.map((r) => (
            <li key={r.userId} className={`${styles.giftLbRow} ${styles[`gift-lb__row--${Math.min(r.rank, 4)}`] ?? ""}`} data-testid="gift-lb-row" data-user={r.userId} data-score={r.score}>
              <span className={styles.giftLbRank}>{r.rank}</span>
              <span className={styles.giftLbName}>{userNames?.[r.userId] ?? known.get(r.userId) ?? t("wallet.leaderboard.user", { id: r.userId })}</span>
              <span className={styles.giftLbScore}>{t("wallet.units.coins", { amount: fmt.format(r.score) })}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default GiftLeaderboard;
