// The dashboard's charts: signups, recharge income and coins spent per day over the last two weeks
// (UTC days, today last, counted as the dashboard's "today"): a bar per day, the day's value under
// the pointer. Loading, a failed load (with Retry) and no days are drawn by <Loadable>.
import { adminOpsApi, type ChartDay } from "../../../api/adminops";
import { Loadable, useResource } from "../../../data";
import { useOpsT } from "../../../i18n/adminops";
import { HTML_LANG, isLocale } from "../../../i18n/locales";
import { formatFen, formatNumber } from "../format";
import styles from "./ops.module.css";
import adminStyles from "../Admin.module.css";
import { Chart, SERIES_COLOURS } from "../../../components/Chart/Chart";

const DAYS = 14;
/** Roughly a row of charts (a caption, a 110 px chart and the card's padding), held while the days load. */
const CHARTS_HEIGHT = 160;

function Bars({ title, days, value, show, testId }: {
  title: string; days: ChartDay[]; value: (d: ChartDay) => number; show: (v: number) => string; testId: string;
}) {
  const { language } = useOpsT();
  const tag = isLocale(language) ? HTML_LANG[language] : "en-US";
  const day = new Intl.DateTimeFormat(tag, { month: "numeric", day: "numeric", timeZone: "UTC" });
  const total = days.reduce((a, d) => a + value(d), 0);
  return (
    <figure className={styles.opsChart} data-testid={testId}>
      {/* the total left to right: Arabic's "0.00 CN¥" would otherwise draw as "¥CN 0.00" */}
      <figcaption><span>{title}</span> <strong><bdi dir="ltr">{show(total)}</bdi></strong></figcaption>
      <Chart
        label={title}
        xKind="index"
        x={days.map((_, i) => i)}
        formatX={(i) => (days[i] ? day.format(new Date(days[i].day)) : "")}
        formatY={show}
        height={110}
        legend={false}
        series={[{ name: title, color: SERIES_COLOURS[0]!, bars: true, values: days.map(value) }]}
      />
    </figure>
  );
}

export function DashboardCharts() {
  const { t, language } = useOpsT();
  const chart = useResource("admin-dashboard-days", () => adminOpsApi.days(DAYS).then((r) => r.list));
  const n = (v: number) => formatNumber(v, language);
  return (
    <section data-testid="admin-charts">
      <h2 className={adminStyles.adminSub}>{t("charts.title", { days: DAYS })}</h2>
      <Loadable resource={chart} empty={(days) => days.length === 0} minHeight={CHARTS_HEIGHT}>
        {(days) => (
          <div className={styles.opsCharts}>
            <Bars title={t("charts.signups")} days={days} value={(d) => d.signups} show={n} testId="admin-chart-signups" />
            <Bars title={t("charts.recharges")} days={days} value={(d) => d.rechargeFen} show={(v) => formatFen(v, language)} testId="admin-chart-recharges" />
            <Bars title={t("charts.coinsSpent")} days={days} value={(d) => d.coinsSpent} show={n} testId="admin-chart-coins" />
          </div>
        )}
      </Loadable>
    </section>
  );
}
