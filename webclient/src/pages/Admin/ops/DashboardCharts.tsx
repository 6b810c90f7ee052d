// The dashboard's charts: signups, recharge income and coins spent per day over the last two weeks
// (UTC days, today last, counted as the dashboard's "today"). Plain bars: one column per day, the
// value in each bar's title for a pointer.
import { useEffect, useState } from "react";
import { adminOpsApi, type ChartDay } from "../../../api/adminops";
import { useOpsT } from "../../../i18n/adminops";
import { HTML_LANG, isLocale } from "../../../i18n/locales";
import { formatFen, formatNumber } from "../format";
import styles from "./ops.module.css";
import adminStyles from "../Admin.module.css";

const DAYS = 14;

function Bars({ title, days, value, show, testId }: {
  title: string; days: ChartDay[]; value: (d: ChartDay) => number; show: (v: number) => string; testId: string;
}) {
  const { language } = useOpsT();
  const tag = isLocale(language) ? HTML_LANG[language] : "en-US";
  const day = new Intl.DateTimeFormat(tag, { month: "numeric", day: "numeric", timeZone: "UTC" });
  const max = Math.max(1, ...days.map(value));
  const total = days.reduce((a, d) => a + value(d), 0);
  return (
    <figure className={styles.opsChart} data-testid={testId}>
      <figcaption><span>{title}</span> <strong>{show(total)}</strong></figcaption>
      <div className={styles.opsChartBars}>
        {days.map((d) => (
          <div key={d.day} className={styles.opsChartCol} title={`${day.format(new Date(d.day))}: ${show(value(d))}`}>
            <span className={styles.opsChartBar} style={{ height: `${(value(d) / max) * 100}%` }} />
          </div>
        ))}
      </div>
      <div className={styles.opsChartAxis}>
        <span>{days[0] ? day.format(new Date(days[0].day)) : ""}</span>
        <span>{days.length ? day.format(new Date(days[days.length - 1]!.day)) : ""}</span>
      </div>
    </figure>
  );
}

export function DashboardCharts() {
  const { t, language } = useOpsT();
  const [days, setDays] = useState<ChartDay[] | null>(null);
  useEffect(() => {
    adminOpsApi.days(DAYS).then((r) => setDays(r.list), () => setDays([]));
  }, []);
  if (!days || days.length === 0) return null;
  const n = (v: number) => formatNumber(v, language);
  return (
    <section data-testid="admin-charts">
      <h2 className={adminStyles.adminSub}>{t("charts.title", { days: DAYS })}</h2>
      <div className={styles.opsCharts}>
        <Bars title={t("charts.signups")} days={days} value={(d) => d.signups} show={n} testId="admin-chart-signups" />
        <Bars title={t("charts.recharges")} days={days} value={(d) => d.rechargeFen} show={(v) => formatFen(v, language)} testId="admin-chart-recharges" />
        <Bars title={t("charts.coinsSpent")} days={days} value={(d) => d.coinsSpent} show={n} testId="admin-chart-coins" />
      </div>
    </section>
  );
}
