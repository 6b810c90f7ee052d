// /channel/water — the flow of the partner's users' spending: each movement (gift, shop, plan,
// unlock, membership, refund), its amount and the partner's share of it, newest first.
import { useState } from "react";
import { useChannelT } from "../../i18n/channel";
import { channelApi } from "../../api/channel";
import { Loadable, useResource } from "../../data";
import { formatDateTime, formatNumber, isMovementType, useLocaleTag } from "./format";
import { Pager } from "./Pager";
import styles from "./Channel.module.css";

export default function Water() {
  const { t } = useChannelT();
  const loc = useLocaleTag();
  const [page, setPage] = useState(1);
  const res = useResource(`channel-water|${page}`, () => channelApi.water(30, page));
  return (
    <div data-testid="channel-water">
      <div className={styles.chanHead}>
        <h1>{t("water.title")}</h1>
        <span className={styles.chanMuted}>{t("stats.days", { n: 30 })}</span>
      </div>
      <Loadable resource={res} empty={(p) => p.list.length === 0} minHeight={240}>
        {({ list: rows }) => (
        <table className={styles.chanTable}>
          <thead>
            <tr>
              <th>{t("water.time")}</th>
              <th>{t("users.name")}</th>
              <th>{t("users.channel")}</th>
              <th>{t("water.kind")}</th>
              <th>{t("water.amount")}</th>
              <th>{t("water.share")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m, i) => (
              <tr key={`${m.id}:${i}`} data-testid="channel-movement">
                <td>{formatDateTime(m.at, loc)}</td>
                <td>{m.user}</td>
                <td>{m.channel}</td>
                <td>{isMovementType(m.type) ? t(`water.types.${m.type}`) : m.type}</td>
                <td className={m.amount < 0 ? styles.chanNeg : ""}>
                  {formatNumber(m.amount, loc)} {t(m.currency === "DIAMOND" ? "gold.diamonds" : "gold.coins")}
                </td>
                <td className={styles.chanStrong}>{formatNumber(m.share, loc)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        )}
      </Loadable>
      <Pager page={page} total={res.value?.total ?? 0} size={20} onPage={setPage} />
    </div>
  );
}
