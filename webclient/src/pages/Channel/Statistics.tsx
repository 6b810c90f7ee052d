// /channel/statistical — visits, registrations and downloads per day (a chart and a table) and per
// channel, over 7, 14 or 30 days, computed by the server from the stored events.
import { useMemo, useState } from "react";
import { useChannelT } from "../../i18n/channel";
import { channelApi, type Stats } from "../../api/channel";
import { formatDay, formatNumber, useLocaleTag } from "./format";
import { Chart } from "../../components/Chart/Chart";
import { Loadable, useResource } from "../../data";
import styles from "./Channel.module.css";

const PERIODS = [7, 14, 30] as const;

/** Every day of the period with the sums over the channels (days without events are zero). */
export function perDay(s: Stats, channelId = 0): { day: string; visits: number; registrations: number; downloads: number }[] {
  const out = new Map<string, { day: string; visits: number; registrations: number; downloads: number }>();
  for (let d = new Date(`${s.from}T00:00:00Z`); d <= new Date(`${s.to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    const day = d.toISOString().slice(0, 10);
    out.set(day, { day, visits: 0, registrations: 0, downloads: 0 });
  }
  for (const r of s.days) {
    if (channelId && r.channelId !== channelId) continue;
    const o = out.get(r.day);
    if (!o) continue;
    o.visits += r.visits;
    o.registrations += r.registrations;
    o.downloads += r.downloads;
  }
  return [...out.values()];
}

export default function Statistics() {
  const { t } = useChannelT();
  const loc = useLocaleTag();
  const [days, setDays] = useState<number>(14);
  const [channel, setChannel] = useState(0);
  const res = useResource(`channel-stats|${days}`, () => channelApi.statistics(days));
  const rows = useMemo(() => (res.value ? perDay(res.value, channel) : []), [res.value, channel]);
  return (
    <div data-testid="channel-stats">
      <div className={styles.chanHead}>
        <h1>{t("stats.title")}</h1>
        <div className={styles.chanActions}>
          <select value={channel} onChange={(e) => setChannel(Number(e.target.value))} aria-label={t("users.channel")} data-testid="stats-channel">
            <option value={0}>{t("menu.home")}</option>
            {res.value?.channels.map((c) => (
              <option key={c.channelId} value={c.channelId}>{c.name}</option>
            ))}
          </select>
          {PERIODS.map((p) => (
            <button key={p} type="button" className={`${styles.chanBtn} ${p === days ? "" : styles.chanBtnGhost}`} onClick={() => setDays(p)}>
              {t("stats.days", { n: p })}
            </button>
          ))}
        </div>
      </div>
      <Loadable resource={res} minHeight={480}>
        {(stats) => (
        <>
          <div className={styles.chanCards}>
            {(["visits", "registrations", "downloads"] as const).map((k) => (
              <div key={k} className={styles.chanCard} data-testid={`stats-total-${k}`}>
                <span>{t(k)}</span>
                <strong>{formatNumber(rows.reduce((n, r) => n + r[k], 0), loc)}</strong>
              </div>
            ))}
          </div>
          <Chart
            label={[t("visits"), t("registrations"), t("downloads")].join(", ")}
            xKind="index"
            x={rows.map((_, i) => i)}
            formatX={(i) => formatDay(rows[i]?.day ?? "", loc)}
            yFromZero
            height={220}
            series={[
              { name: t("visits"), color: "#2f6fed", values: rows.map((r) => r.visits) },
              { name: t("registrations"), color: "#1aa36b", values: rows.map((r) => r.registrations) },
              { name: t("downloads"), color: "#e8891c", values: rows.map((r) => r.downloads) },
            ]}
          />
          <h2>{t("stats.perChannel")}</h2>
          <table className={styles.chanTable} data-testid="stats-per-channel">
            <thead>
              <tr>
                <th>{t("users.channel")}</th>
                <th>{t("visits")}</th>
                <th>{t("registrations")}</th>
                <th>{t("downloads")}</th>
              </tr>
            </thead>
            <tbody>
              {stats.channels.map((c) => (
                <tr key={c.channelId}>
                  <td className={styles.chanStrong}>{c.name}</td>
                  <td>{formatNumber(c.visits, loc)}</td>
                  <td>{formatNumber(c.registrations, loc)}</td>
                  <td>{formatNumber(c.downloads, loc)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>{t("stats.perDay")}</h2>
          <table className={styles.chanTable}>
            <thead>
              <tr>
                <th>{t("stats.day")}</th>
                <th>{t("visits")}</th>
                <th>{t("registrations")}</th>
                <th>{t("downloads")}</th>
              </tr>
            </thead>
            <tbody>
              {[...rows].reverse().map((r) => (
                <tr key={r.day}>
                  <td>{formatDay(r.day, loc)}</td>
                  <td>{formatNumber(r.visits, loc)}</td>
                  <td>{formatNumber(r.registrations, loc)}</td>
                  <td>{formatNumber(r.downloads, loc)}</td>
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
