// /channel/gold — what the partner's users spent (coins and diamonds, from the ledger) and the
// partner's share, per channel, over 7, 14 or 30 days.
import { useState } from "react";
import { useChannelT } from "../../i18n/channel";
import { channelApi } from "../../api/channel";
import { formatNumber, formatPercent, useLocaleTag } from "./format";
import { Loadable, useResource } from "../../data";
import styles from "./Channel.module.css";

const PERIODS = [7, 14, 30] as const;

export default function Gold() {
  const { t } = useChannelT();
  const loc = useLocaleTag();
  const [days, setDays] = useState<number>(30);
  const res = useResource(`channel-gold|${days}`, () => channelApi.gold(days));
  return (
    <div data-testid="channel-gold">
      <div className={styles.chanHead}>
        <h1>{t("gold.title")}</h1>
        <div className={styles.chanActions}>
          {PERIODS.map((p) => (
            <button key={p} type="button" className={`${styles.chanBtn} ${p === days ? "" : styles.chanBtnGhost}`} onClick={() => setDays(p)}>
              {t("stats.days", { n: p })}
            </button>
          ))}
        </div>
      </div>
      <Loadable resource={res} minHeight={320}>
        {(g) => (
        <>
          <div className={styles.chanCards}>
            <div className={styles.chanCard} data-testid="gold-spent">
              <span>{t("gold.spent")}</span>
              <strong>{formatNumber(g.coins, loc)} <small>{t("gold.coins")}</small></strong>
              <em>{formatNumber(g.diamonds, loc)} {t("gold.diamonds")}</em>
            </div>
            <div className={`${styles.chanCard} ${styles.chanCardAccent}`} data-testid="gold-share">
              <span>{t("gold.share")}</span>
              <strong>{formatNumber(g.share.coins, loc)} <small>{t("gold.coins")}</small></strong>
              <em>{formatNumber(g.share.diamonds, loc)} {t("gold.diamonds")}</em>
            </div>
          </div>
          <table className={styles.chanTable}>
            <thead>
              <tr>
                <th>{t("users.channel")}</th>
                <th>{t("gold.spent")}</th>
                <th>{t("gold.rate")}</th>
                <th>{t("gold.share")}</th>
              </tr>
            </thead>
            <tbody>
              {g.channels.map((c) => (
                <tr key={c.channelId}>
                  <td className={styles.chanStrong}>{c.name}</td>
                  <td>
                    {formatNumber(c.coins, loc)} {t("gold.coins")} · {formatNumber(c.diamonds, loc)} {t("gold.diamonds")}
                  </td>
                  <td>{formatPercent(c.shareBps, loc)}</td>
                  <td className={styles.chanStrong}>
                    {formatNumber(c.share.coins, loc)} {t("gold.coins")} · {formatNumber(c.share.diamonds, loc)} {t("gold.diamonds")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
        )}
      </Loadable>
    </div>
  );
}
