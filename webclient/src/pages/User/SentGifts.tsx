// /userInfo/send: the gifts the user sent (to whom, when, how much), with totals per streamer, from
// the gift records of the ledger.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { useUserAreaT } from "../../i18n/userarea";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { userAreaApi, type SentGift, type SentGifts as Page } from "../../api/userarea";
import { tokenAtom } from "../../state/session";
import { NoData } from "../../components/NoData";
import { useResource } from "../../data";
import userAreaPagesStyles from "./UserAreaPages.module.css";
import styles from "./UserArea.module.css";

export default function SentGifts() {
  const { t, language } = useUserAreaT();
  const loc = HTML_LANG[language as Locale] ?? "en-US";
  const token = useAtomValue(tokenAtom);
  // The newest page; older ones are appended by "More" (the list pages by a cursor, not a number).
  const page = useResource<Page>(token ? "sent-gifts" : null, () => userAreaApi.gifts(0));
  const [older, setOlder] = useState<SentGift[]>([]);
  const [next, setNext] = useState(0);
  useEffect(() => {
    if (page.value) setNext(page.value.next);
  }, [page.value]);
  const amount = (currency: string, n: number) =>
    currency === "DIAMOND" ? t("gifts.diamonds", { n: n.toLocaleString(loc) }) : t("gifts.coins", { n: n.toLocaleString(loc) });
  const list = [...(page.value?.list ?? []), ...older];
  const more = () =>
    userAreaApi.gifts(next).then((p) => {
      setOlder((o) => [...o, ...p.list]);
      setNext(p.next);
    });
  return (
    <div className={`${styles.ucard} ${userAreaPagesStyles.upage}`} data-testid="page-send">
      <h1>{t("gifts.title")}</h1>
      {page.error && <p className={styles.uformError}>{page.error}</p>}
      {!page.loading && !page.error && list.length === 0 && <NoData />}
      {page.value && page.value.totals.length > 0 && (
        <>
          <h2>{t("gifts.totals")}</h2>
          <ul className={userAreaPagesStyles.ugiftTotals} data-testid="gift-totals">
            {page.value.totals.map((s) => (
              <li key={`${s.streamerId}-${s.currency}`}>
                <Link to={`/userInfo/${s.streamerId}`}>{s.streamer || "—"}</Link>
                <strong>{amount(s.currency, s.total)}</strong>
                <span>{t("gifts.giftsCount", { n: s.gifts })}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {list.length > 0 && (
        <>
          <h2>{t("gifts.history")}</h2>
          <table className={userAreaPagesStyles.utable} data-testid="gift-list">
            <thead>
              <tr>
                <th>{t("gifts.time")}</th>
                <th>{t("gifts.streamer")}</th>
                <th>{t("gifts.gift")}</th>
                <th>{t("gifts.count")}</th>
                <th>{t("gifts.total")}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((g) => (
                <tr key={g.id}>
                  <td>{new Date(g.time).toLocaleString(loc, { dateStyle: "medium", timeStyle: "short" })}</td>
                  <td><Link to={`/userInfo/${g.streamerId}`}>{g.streamer || "—"}</Link></td>
                  <td>{g.gift}</td>
                  <td>×{g.count}</td>
                  <td>{amount(g.currency, g.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {next > 0 && (
        <button type="button" className={styles.uareaSecondary} onClick={() => void more()}>
          {t("gifts.more")}
        </button>
      )}
    </div>
  );
}
