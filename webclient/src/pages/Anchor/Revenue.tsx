// /anchorCenter/revenueDetails — gift income (spec §2, §7 goldTotal / goldDetail): totals and a
// daily bar chart for the last 7, 14 or 30 days, and the income lines, newest first.
import { useState } from "react";
import { useAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { anchorApi, type AnchorGoldTotal } from "../../api/anchor";
import { earningDaysAtom } from "../../state/anchor";
import { Chart, SERIES_COLOURS } from "../../components/Chart/Chart";
import { formatNumber, useLocaleTag } from "../../i18n/format";
import { Loadable, useResource } from "../../data";
import { EARNING_VIEWS, fillDays } from "./earnings";
import styles from "./Anchor.module.css";

const PAGE_SIZE = 20;

export default function Revenue() {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useAtom(earningDaysAtom);
  const [page, setPage] = useState(1);
  const total = useResource(`anchor-gold-total|${days}`, () => anchorApi.goldTotal(days));
  const detail = useResource(`anchor-gold-detail|${days}|${page}`, () => anchorApi.goldDetail(days, page, PAGE_SIZE));

  const nf = new Intl.NumberFormat(i18n.language.replace("_", "-").replace(/^thai$/, "th").replace(/^jp$/, "ja").replace(/^tl$/, "fil"));
  const pages = detail.value ? Math.max(1, Math.ceil(detail.value.total / PAGE_SIZE)) : 1;

  return (
    <div className={`${styles.anchorGrid} ${styles.anchorGridWide}`}>
      <section className={styles.anchorPanel} data-testid="revenue" data-days={days}>
        <div className={styles.anchorRow}>
          <h2 className={styles.anchorSub}>{t("anchor.revenue.title")}</h2>
          <div className={styles.anchorViews} role="group" aria-label={t("anchor.revenue.period")}>
            {EARNING_VIEWS.map((d) => (
              <button
                key={d}
                type="button"
                className={`${styles.anchorView}${d === days ? ` ${styles.anchorViewOn}` : ""}`}
                aria-pressed={d === days}
                data-testid={`revenue-${d}`}
                onClick={() => {
                  setDays(d);
                  setPage(1);
                }}
              >
                {t("anchor.revenue.days", { count: d })}
              </button>
            ))}
          </div>
        </div>
        <Loadable resource={total} minHeight={300}>
          {(total) => (
          <>
            <dl className={styles.anchorTotals}>
              <div>
                <dt>{t("anchor.revenue.coins")}</dt>
                <dd data-testid="revenue-coins">{nf.format(total.coins)}</dd>
              </div>
              <div>
                <dt>{t("anchor.revenue.diamonds")}</dt>
                <dd data-testid="revenue-diamonds">{nf.format(total.diamonds)}</dd>
              </div>
              <div>
                <dt>{t("anchor.revenue.gifts")}</dt>
                <dd data-testid="revenue-gifts">{nf.format(total.gifts)}</dd>
              </div>
            </dl>
            <EarningsChart total={total} label={t("anchor.revenue.chart", { count: days })} />
          </>
          )}
        </Loadable>
      </section>
      <section className={styles.anchorPanel} data-testid="revenue-detail">
        <h2 className={styles.anchorSub}>{t("anchor.revenue.detail")}</h2>
        <Loadable resource={detail} empty={(d) => d.list.length === 0} minHeight={240}>
          {(detail) => (
          <table className={styles.anchorTable}>
            <thead>
              <tr>
                <th>{t("anchor.revenue.time")}</th>
                <th>{t("anchor.revenue.gift")}</th>
                <th>{t("anchor.revenue.from")}</th>
                <th>{t("anchor.revenue.amount")}</th>
              </tr>
            </thead>
            <tbody>
              {detail.list.map((l, i) => (
                <tr key={`${l.time}-${i}`} data-testid="revenue-line">
                  <td>{new Date(l.time).toLocaleString()}</td>
                  <td>
                    {l.gift} × {l.quantity}
                  </td>
                  <td>{l.fromUser}</td>
                  <td>
                    {nf.format(l.amount)} {l.currency === "diamond" ? t("anchor.revenue.diamonds") : t("anchor.revenue.coins")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          )}
        </Loadable>
        {pages > 1 && (
          <div className={styles.anchorActions}>
            <button type="button" className={styles.anchorLink} disabled={page <= 1} onClick={() => setPage(page - 1)}>
              ‹
            </button>
            <span>
              {page} / {pages}
            </span>
            <button type="button" className={styles.anchorLink} disabled={page >= pages} onClick={() => setPage(page + 1)}>
              ›
            </button>
          </div>
        )}
      </section>
    </div>
  );
}

/** Daily coin income as bars; diamonds as a second, thinner series over them when there are any. */
export function EarningsChart({ total, label }: { total: AnchorGoldTotal; label: string }) {
  const { t } = useTranslation();
  const tag = useLocaleTag();
  const days = (total.days === 14 || total.days === 30 ? total.days : 7) as 7 | 14 | 30;
  const daily = fillDays(total.daily, days, lastDay(total));
  const hasDiamonds = daily.some((d) => d.diamonds > 0);
  const dayFormat = new Intl.DateTimeFormat(tag, { month: "numeric", day: "numeric", timeZone: "UTC" });
  return (
    <Chart
      testId="revenue-chart"
      label={label}
      xKind="index"
      x={daily.map((_, i) => i)}
      formatX={(i) => (daily[i] ? dayFormat.format(new Date(`${daily[i].date}T00:00:00Z`)) : "")}
      formatY={(v) => formatNumber(v, tag)}
      height={200}
      legend={hasDiamonds}
      series={[
        { name: t("anchor.revenue.coins"), color: SERIES_COLOURS[0]!, bars: true, values: daily.map((d) => d.coins) },
        ...(hasDiamonds ? [{ name: t("anchor.revenue.diamonds"), color: SERIES_COLOURS[1]!, bars: true, barWidth: 0.3, values: daily.map((d) => d.diamonds) }] : []),
      ]}
    />
  );
}

/** The chart ends on the server's last day (its clock decides "today"), else on today in UTC. */
function lastDay(total: AnchorGoldTotal): Date {
  const last = total.daily[total.daily.length - 1]?.date;
  const d = last ? new Date(`${last}T00:00:00Z`) : new Date();
  return Number.isNaN(d.getTime()) ? new Date() : d;
}
