// /expert/:id — an expert's page: the record over 7/30/90 days, hit rate and yield over time, the
// plans on sale and the settled record.
import { useParams } from "react-router";
import { useExpertsT } from "../../i18n/experts";
import { expertsApi, type Expert, type ExpertStats, type Plan } from "../../api/experts";
import { Chart, SERIES_COLOURS } from "../../components/Chart/Chart";
import { NoData } from "../../components/NoData";
import { Loadable, useResource } from "../../data";
import { useLocaleTag } from "../../i18n/format";
import { ExpertsNav } from "./ExpertsHome";
import { Avatar, PlanCard, StatsLine, percent, signedPercent } from "../../features/experts/parts";
import styles from "../../features/experts/Experts.module.css";

type ExpertInfo = { expert: Expert; experience: string };
type Graph = { day: string; hitRate: number; yield: number; settled: number }[];

export default function ExpertPage() {
  const { id = "" } = useParams();
  // The record, the chart and the plans load alongside the expert; the page waits for the expert only.
  const expert = useResource(`expert:${id}`, () => expertsApi.info(id));
  const acc = useResource(`expert:${id}:accuracy`, () => expertsApi.accuracy(id));
  const graph = useResource(`expert:${id}:graph`, () => expertsApi.graph(id).then((r) => r.list));
  const plans = useResource(`expert:${id}:plans`, () => expertsApi.plans({ expertId: id }).then((r) => r.list));
  return (
    <Loadable resource={expert} notFound="page" minHeight="60vh">
      {(e) => <ExpertPageBody expert={e} acc={acc.value} graph={graph.value ?? []} plans={plans.value ?? []} />}
    </Loadable>
  );
}

function ExpertPageBody({ expert, acc, graph, plans }: { expert: ExpertInfo; acc: Record<string, ExpertStats> | null; graph: Graph; plans: Plan[] }) {
  const { t } = useExpertsT();
  const open = plans.filter((p) => !p.started);
  const record = plans.filter((p) => p.outcome);
  return (
    <main className={styles.experts} data-testid="expert-page">
      <ExpertsNav />
      <section className={`${styles.expertsPanel} ${styles.expertsHero}`}>
        <Avatar name={expert.expert.nickname} url={expert.expert.avatar} />
        <div>
          <h2 className={styles.expertsSub} data-testid="expert-name">{expert.expert.nickname}</h2>
          <StatsLine stats={expert.expert.stats} />
          <p>{expert.expert.intro}</p>
          {expert.experience && <p className={styles.expertsMuted}>{expert.experience}</p>}
        </div>
      </section>
      {acc && (
        <section className={styles.expertsPanel}>
          <h2 className={styles.expertsSub}>{t("experts.page.record")}</h2>
          <table className={styles.expertsTable}>
            <thead>
              <tr>
                <th />
                <th>{t("experts.stats.hitRate")}</th>
                <th>{t("experts.stats.streak")}</th>
                <th>{t("experts.stats.yield")}</th>
                <th>{t("experts.rank.luck")}</th>
                <th>{t("experts.stats.settled")}</th>
              </tr>
            </thead>
            <tbody>
              {(["days7", "days30", "days90"] as const).map((k) => (
                <tr key={k}>
                  <th>{t("experts.rank.days", { count: Number(k.slice(4)) })}</th>
                  <td>{percent(acc[k]?.hitRate ?? 0)}</td>
                  <td>{acc[k]?.streak ?? 0}</td>
                  <td>{signedPercent(acc[k]?.yield ?? 0)}</td>
                  <td>{signedPercent(acc[k]?.luckScore ?? 0)}</td>
                  <td>{acc[k]?.settled ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {graph.length > 1 && <HitRateChart graph={graph} />}
        </section>
      )}
      <div className={styles.expertsGrid}>
        <section>
          <h2 className={styles.expertsSub}>{t("experts.page.onSale")}</h2>
          {open.length === 0 && <NoData />}
          <ul className={styles.expertsPlans}>{open.map((p) => <PlanCard key={p.id} plan={p} showExpert={false} />)}</ul>
        </section>
        <section>
          <h2 className={styles.expertsSub}>{t("experts.page.history")}</h2>
          {record.length === 0 && <NoData />}
          <ul className={styles.expertsPlans}>{record.map((p) => <PlanCard key={p.id} plan={p} showExpert={false} />)}</ul>
        </section>
      </div>
    </main>
  );
}

/** Cumulative hit rate by day, as a small line chart. */
function HitRateChart({ graph }: { graph: Graph }) {
  const { t } = useExpertsT();
  const tag = useLocaleTag();
  const rate = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 0 });
  const day = new Intl.DateTimeFormat(tag, { month: "numeric", day: "numeric", timeZone: "UTC" });
  return (
    <figure className={styles.expertsChart}>
      <Chart
        label={t("experts.page.chart")}
        xKind="index"
        x={graph.map((_, i) => i)}
        formatX={(i) => (graph[i] ? day.format(new Date(`${graph[i].day.slice(0, 10)}T00:00:00Z`)) : "")}
        formatY={(v) => rate.format(v)}
        yMin={0}
        yMax={1}
        height={140}
        legend={false}
        series={[{ name: t("experts.stats.hitRate"), color: SERIES_COLOURS[0]!, values: graph.map((g) => g.hitRate) }]}
      />
      <figcaption className={styles.expertsMuted}>
        {t("experts.page.chart")} · {graph[0]?.day} – {graph[graph.length - 1]?.day}
      </figcaption>
    </figure>
  );
}
