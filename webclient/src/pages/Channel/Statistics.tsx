// /channel/statistical — visits, registrations and downloads per day (a chart and a table) and per
// channel, over 7, 14 or 30 days, computed by the server from the stored events.
import { useCallback, useMemo, useState } from "react";
import { useChannelT } from "../../i18n/channel";
import { channelApi, type Stats } from "../../api/channel";
import { formatDay, formatNumber, useLocaleTag } from "./format";
import { Chart } from "../../components/Chart/Chart";
import { useLoad } from "./useLoad";

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
  const load = useCallback(() => channelApi.statistics(days), [days]);
  const res = useLoad(load, true, [days]);
  const rows = useMemo(() => (res.data ? perDay(res.data, channel) : []), [res.data, channel]);
  return (
    <div data-testid="channel-stats">
      <div className="chan-head">
        <h1>{t("stats.title")}</h1>
        <div className="chan-actions">
          <select value={channel} onChange={(e) => setChannel(Number(e.target.value))} aria-label={t("users.channel")} data-testid="stats-channel">
            <option value={0}>{t("menu.home")}</option>
            {res.data?.channels.map((c) => (
              <option key={c.channelId} value={c.channelId}>{c.name}</option>
            ))}
          </select>
          {PERIODS.map((p) => (
            <button key={p} type="button" className={`chan-btn ${p === days ? "" : "chan-btn--ghost"}`} onClick={() => setDays(p)}>
              {t("stats.days", { n: p })}
            </button>
          ))}
        </div>
      </div>
      {res.error && <p className="chan-error">{res.error}</p>}
      {res.data && (
        <>
          <div className="chan-cards">
            {(["visits", "registrations", "downloads"] as const).map((k) => (
              <div key={k} className="chan-card" data-testid={`stats-total-${k}`}>
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
          <table className="chan-table" data-testid="stats-per-channel">
            <thead>
              <tr>
                <th>{t("users.channel")}</th>
                <th>{t("visits")}</th>
                <th>{t("registrations")}</th>
                <th>{t("downloads")}</th>
              </tr>
            </thead>
            <tbody>
              {res.data.channels.map((c) => (
                <tr key={c.channelId}>
                  <td className="chan-strong">{c.name}</td>
                  <td>{formatNumber(c.visits, loc)}</td>
                  <td>{formatNumber(c.registrations, loc)}</td>
                  <td>{formatNumber(c.downloads, loc)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>{t("stats.perDay")}</h2>
          <table className="chan-table">
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
    </div>
  );
}
