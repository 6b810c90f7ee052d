// /admin — today's numbers, the queues waiting and the rooms live now.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { adminApi, type Dashboard as Data } from "../../api/admin";
import { errorText } from "./AdminApp";
import { formatFen, formatNumber } from "./format";
import { DashboardCharts } from "./ops/DashboardCharts";

export default function Dashboard() {
  const { t, i18n } = useTranslation();
  const [data, setData] = useState<Data | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    const load = () => adminApi.dashboard().then(setData, (e) => setError(errorText(e)));
    load();
    const timer = setInterval(load, 30_000);
    return () => clearInterval(timer);
  }, []);
  if (error) return <p className="admin-error" role="alert">{error}</p>;
  if (!data) return <div aria-busy="true" className="admin-wait" />;
  const n = (v: number) => formatNumber(v, i18n.language);
  const cards: { key: string; label: string; value: string; to?: string }[] = [
    { key: "signups", label: t("admin.dashboard.signups"), value: n(data.signups) },
    { key: "recharges", label: t("admin.dashboard.recharges"), value: `${n(data.recharges)} · ${formatFen(data.rechargeFen, i18n.language)}` },
    { key: "coins", label: t("admin.dashboard.coinsSpent"), value: n(data.coinsSpent) },
    { key: "reports", label: t("admin.dashboard.openReports"), value: n(data.openReports), to: "/admin/reports" },
    { key: "reportsHour", label: t("admin.dashboard.reportsHour"), value: n(data.reportsHour) },
    { key: "applications", label: t("admin.dashboard.applications"), value: n(data.applications), to: "/admin/streamers" },
    { key: "actions", label: t("admin.dashboard.actions"), value: n(data.recentActions), to: "/admin/audit" },
  ];
  const maxViewers = Math.max(1, ...data.liveRooms.map((r) => r.viewers));
  return (
    <section data-testid="admin-dashboard">
      <h1 className="admin__title">{t("admin.menu.dashboard")}</h1>
      <p className="admin-hint">{t("admin.dashboard.today")}</p>
      <div className="admin-cards">
        {cards.map((c) => (
          <div key={c.key} className="admin-card" data-testid={`admin-card-${c.key}`}>
            <span className="admin-card__label">{c.label}</span>
            <span className="admin-card__value">{c.to ? <Link to={c.to}>{c.value}</Link> : c.value}</span>
          </div>
        ))}
      </div>
      <DashboardCharts />
      <h2 className="admin__sub">{t("admin.dashboard.liveRooms", { count: data.liveRooms.length })}</h2>
      {data.liveRooms.length === 0 ? (
        <p className="admin-empty">{t("admin.dashboard.noLive")}</p>
      ) : (
        <ul className="admin-bars">
          {data.liveRooms.map((r) => (
            <li key={r.room}>
              <a href={`/live/${r.room}`} target="_blank" rel="noreferrer">{r.title || r.room}</a>
              <span className="admin-bar" style={{ width: `${(r.viewers / maxViewers) * 100}%` }} />
              <span>{t("admin.dashboard.viewers", { count: r.viewers })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
