// The gift ranking of a live room (issue 6): today, this week and all time, from
// GET /java/gift/leaderboard/{day|week|all}?room=<id>. Scores are the coin value of what each
// viewer gave. Names come from /user/info (public part); a name that cannot be read shows as
// the user id. The live room places it and may pass a `version` that changes when a gift
// arrives, so the ranking reloads.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { userApi } from "../../api/account";
import { walletApi, type GiftRank, type LeaderboardPeriod } from "../../api/wallet";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { NoData } from "../NoData";
import "./GiftLeaderboard.css";

export const PERIODS: readonly LeaderboardPeriod[] = ["day", "week", "all"];

type State = { status: "loading" } | { status: "ready"; list: GiftRank[] } | { status: "error"; message: string };

/** Names already read, shared by every leaderboard on the page. */
const names = new Map<number, Promise<string | null>>();

function nameOf(userId: number): Promise<string | null> {
  let p = names.get(userId);
  if (!p) {
    p = userApi.info(String(userId), { toast: false }).then(
      (u) => u.name || u.username || null,
      () => {
        names.delete(userId); // try again next time
        return null;
      },
    );
    names.set(userId, p);
  }
  return p;
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
  const [state, setState] = useState<State>({ status: "loading" });
  const [userNames, setUserNames] = useState<Record<number, string>>({});

  useEffect(() => {
    let live = true;
    walletApi.leaderboard(room, period, size).then(
      (res) => {
        if (!live) return;
        setState({ status: "ready", list: res.list ?? [] });
        for (const r of res.list ?? []) {
          void nameOf(r.userId).then((n) => live && n && setUserNames((m) => (m[r.userId] === n ? m : { ...m, [r.userId]: n })));
        }
      },
      (err: unknown) => live && setState({ status: "error", message: err instanceof ApiError ? err.userMessage : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [room, period, size, version]);

  const fmt = new Intl.NumberFormat(loc);
  return (
    <section className="gift-lb" data-testid="gift-leaderboard" aria-label={t("wallet.leaderboard.title")}>
      <div className="gift-lb__head">
        <h2>{t("wallet.leaderboard.title")}</h2>
        <div className="gift-lb__tabs" role="tablist">
          {PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              role="tab"
              aria-selected={period === p}
              className={period === p ? "gift-lb__tab gift-lb__tab--on" : "gift-lb__tab"}
              data-testid={`gift-lb-${p}`}
              onClick={() => setPeriod(p)}
            >
              {t(`wallet.leaderboard.${p}`)}
            </button>
          ))}
        </div>
      </div>
      {state.status === "error" ? (
        <p className="gift-lb__error" role="alert" data-testid="gift-lb-error">
          {t("wallet.leaderboard.loadFailed")}: {state.message}
        </p>
      ) : state.status === "loading" ? (
        <p className="gift-lb__muted" aria-busy="true">…</p>
      ) : state.list.length === 0 ? (
        <NoData label={t("wallet.leaderboard.empty")} />
      ) : (
        <ol className="gift-lb__list">
          {state.list.map((r) => (
            <li key={r.userId} className={`gift-lb__row gift-lb__row--${Math.min(r.rank, 4)}`} data-testid="gift-lb-row" data-user={r.userId} data-score={r.score}>
              <span className="gift-lb__rank">{r.rank}</span>
              <span className="gift-lb__name">{userNames[r.userId] ?? t("wallet.leaderboard.user", { id: r.userId })}</span>
              <span className="gift-lb__score">{t("wallet.units.coins", { amount: fmt.format(r.score) })}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default GiftLeaderboard;
