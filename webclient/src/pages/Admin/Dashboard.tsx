// /admin — today's numbers, the queues waiting and the rooms live now.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { adminApi, type Dashboard as Data } from "../../api/admin";
import { Loadable, useResource } from "../../data";
import { formatFen, formatNumber } from "./format";
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
            <li key={r.room}>
              <a href={`/live/${r.room}`} target="_blank" rel="noreferrer" title={r.title || r.room} dir="auto">{r.title || r.room}</a>
              <span className={styles.adminBarTrack}>
                <span className={styles.adminBar} style={{ width: `${(r.viewers / maxViewers) * 100}%` }} />
              </span>
              <span>{t("admin.dashboard.viewers", { count: r.viewers })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
