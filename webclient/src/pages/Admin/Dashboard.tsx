// /admin — today's numbers, the queues waiting, the rooms live now (viewers, chat rate, reports of the
// hour) and the node's health from its own metrics.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { adminApi, type Dashboard as Data, type NodeHealth } from "../../api/admin";
import { Loadable, useResource } from "../../data";
import { formatBytes, formatFen, formatNumber, formatUptime } from "./format";
import { DashboardCharts } from "./ops/DashboardCharts";
import styles from "./Admin.module.css";

/** How often the numbers refresh while the dashboard is open. */
const REFRESH_MS = 30_000;

export default function Dashboard() {
  const today = useResource("admin-dashboard", () => adminApi.dashboard(), { refreshMs: REFRESH_MS });
  return <Loadable resource={today} minHeight="40vh">{(data) => <Today data={data} />}</Loadable>;
}

function Today({ data }: { data: Data }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  const cards: { key: string; label: string; value: string; money?: string; to?: string }[] = [
    { key: "signups", label: t("admin.dashboard.signups"), value: n(data.signups) },
    // The amount is isolated left to right (<bdi> below): Arabic's "0.00 CN¥" would otherwise draw as "¥CN 0.00".
    { key: "recharges", label: t("admin.dashboard.recharges"), value: n(data.recharges), money: formatFen(data.rechargeFen, i18n.language) },
    { key: "coins", label: t("admin.dashboard.coinsSpent"), value: n(data.coinsSpent) },
    { key: "reports", label: t("admin.dashboard.openReports"), value: n(data.openReports), to: "/admin/reports" },
    { key: "reportsHour", label: t("admin.dashboard.reportsHour"), value: n(data.reportsHour) },
    { key: "applications", label: t("admin.dashboard.applications"), value: n(data.applications), to: "/admin/streamers" },
    { key: "actions", label: t("admin.dashboard.actions"), value: n(data.recentActions), to: "/admin/audit" },
  ];
  const maxViewers = Math.max(1, ...data.liveRooms.map((r) => r.viewers));
  return (
    <section data-testid="admin-dashboard">
      <h1 className={styles.adminTitle}>{t("admin.menu.dashboard")}</h1>
      <p className={styles.adminHint}>{t("admin.dashboard.today")}</p>
      <div className={styles.adminCards}>
        {cards.map((c) => (
          <div key={c.key} className={styles.adminCard} data-testid={`admin-card-${c.key}`}>
            <span className={styles.adminCardLabel}>{c.label}</span>
            <span className={styles.adminCardValue}>
              {c.to ? <Link to={c.to}>{c.value}</Link> : c.value}
              {c.money && <> · <bdi dir="ltr">{c.money}</bdi></>}
            </span>
          </div>
        ))}
      </div>
      <DashboardCharts />
      <h2 className={styles.adminSub}>{t("admin.dashboard.liveRooms", { count: data.liveRooms.length })}</h2>
      {data.liveRooms.length === 0 ? (
        <p className={styles.adminEmpty}>{t("admin.dashboard.noLive")}</p>
      ) : (
        <ul className={styles.adminBars}>
          {data.liveRooms.map((r) => (
            <li key={r.room} data-testid="admin-live-room" data-room={r.room}>
              <a href={`/live/${r.room}`} target="_blank" rel="noreferrer" title={r.title || r.room} dir="auto">{r.title || r.room}</a>
              <span className={styles.adminBarTrack}>
                <span className={styles.adminBar} style={{ width: `${(r.viewers / maxViewers) * 100}%` }} />
              </span>
              <span data-testid="admin-room-viewers">{t("admin.dashboard.viewers", { count: r.viewers })}</span>
              <span data-testid="admin-room-chat">{t("admin.dashboard.chatRate", { count: r.chatPerMin })}</span>
              <span data-testid="admin-room-reports" className={r.reportsHour > 0 ? styles.adminNeg : undefined}>
                {r.reportsHour > 0 ? <Link to="/admin/reports">{t("admin.dashboard.roomReports", { count: r.reportsHour })}</Link>
                  : t("admin.dashboard.roomReports", { count: 0 })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <NodeHealthPanel nodes={data.nodes ?? []} />
    </section>
  );
}

/** The nodes' health from their own metrics (the values /metrics serves); -1 shows a dash. */
function NodeHealthPanel({ nodes }: { nodes: NodeHealth[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const v = (x: number, f: (x: number) => string) => (x < 0 ? "—" : f(x));
  const count = (x: number) => v(x, (y) => formatNumber(y, lang));
  const bytes = (x: number) => v(x, (y) => formatBytes(y, lang));
  return (
    <>
      <h2 className={styles.adminSub}>{t("admin.dashboard.health")}</h2>
      {nodes.length === 0 ? (
        <p className={styles.adminEmpty}>{t("admin.dashboard.noHealth")}</p>
      ) : (
        nodes.map((h) => (
          <div key={h.node} className={styles.adminPanel} data-testid="admin-node">
            <p className={styles.adminHint}>
              {t("admin.dashboard.node")} <bdi dir="ltr">{h.node}</bdi>{h.host && <> · <bdi dir="ltr">{h.host}</bdi></>}
            </p>
            <div className={styles.adminCards}>
              {([
                ["uptime", v(h.uptimeSecs, (y) => formatUptime(y, lang))],
                ["connections", count(h.connections)],
                ["rooms", count(h.rooms)],
                ["matches", count(h.matches)],
                ["goroutines", count(h.goroutines)],
                ["heap", bytes(h.heapBytes)],
                ["rss", bytes(h.rssBytes)],
              ] as const).map(([key, value]) => (
                <div key={key} className={styles.adminCard} data-testid={`admin-node-${key}`}>
                  <span className={styles.adminCardLabel}>{t(`admin.dashboard.nodeStat.${key}`)}</span>
                  <span className={styles.adminCardValue}><bdi>{value}</bdi></span>
                </div>
              ))}
            </div>
          </div>
        ))
      )}
    </>
  );
}
