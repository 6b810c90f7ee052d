// /expert — the experts home: featured experts, hot plans and the rankings (hit rate, winning
// streak and the luck-adjusted score over 7, 30 or 90 days).
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useExpertsT } from "../../i18n/experts";
import { expertsApi, type Expert, type Plan, type RankKind } from "../../api/experts";
import { NoData } from "../../components/NoData";
import { Avatar, ExpertCard, PlanCard, errorText, percent, signedPercent } from "./parts";
import styles from "./Experts.module.css";

export default function ExpertsHome() {
  const { t } = useExpertsT();
  const [featured, setFeatured] = useState<Expert[] | null>(null);
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [error, setError] = useState("");

  useEffect(() => {
    let live = true;
    expertsApi.recommend().then((r) => live && setFeatured(r.list), (e) => live && setError(errorText(e)));
    expertsApi.homePlans().then((r) => live && setPlans(r.list), (e) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, []);

  return (
    <main className={styles.experts} data-testid="experts-home">
      <ExpertsNav />
      {error && <p className={styles.expertsError}>{error}</p>}
      <section>
        <h2 className={styles.expertsSub}>{t("experts.home.featured")}</h2>
        {featured && featured.length === 0 && <NoData />}
        <ul className={styles.expertsCards}>{featured?.map((e) => <ExpertCard key={e.id} expert={e} />)}</ul>
      </section>
      <div className={styles.expertsGrid}>
        <section>
          <h2 className={styles.expertsSub}>{t("experts.home.hotPlans")}</h2>
          {plans && plans.length === 0 && <NoData />}
          <ul className={styles.expertsPlans}>{plans?.map((p) => <PlanCard key={p.id} plan={p} />)}</ul>
        </section>
        <Rankings />
      </div>
    </main>
  );
}

export function ExpertsNav() {
  const { t } = useExpertsT();
  return (
    <div className={styles.expertsRow}>
      <h1 className={styles.expertsTitle}>{t("experts.home.title")}</h1>
      <nav className={styles.expertsTabs}>
        <Link className={styles.expertsTab} to="/expert">{t("experts.nav.home")}</Link>
        <Link className={styles.expertsTab} to="/expert/allExperts">{t("experts.nav.all")}</Link>
        <Link className={styles.expertsTab} to="/expert/specialist" data-testid="experts-specialists-link">{t("experts.nav.specialist")}</Link>
        <Link className={styles.expertsTab} to="/expert/myPlans" data-testid="experts-my-plans">{t("experts.nav.mine")}</Link>
        <Link className={`${styles.expertsTab} ${styles.expertsTabOn}`} to="/creatorCenter" data-testid="experts-creator">{t("experts.nav.creator")}</Link>
      </nav>
    </div>
  );
}

const KINDS: RankKind[] = ["luck", "hitRate", "streak"];

function Rankings() {
  const { t } = useExpertsT();
  const [kind, setKind] = useState<RankKind>("luck");
  const [days, setDays] = useState<7 | 30 | 90>(30);
  const [list, setList] = useState<Expert[] | null>(null);

  useEffect(() => {
    let live = true;
    setList(null);
    expertsApi.ranking(kind, days).then((r) => live && setList(r.list), () => live && setList([]));
    return () => {
      live = false;
    };
  }, [kind, days]);

  const value = (e: Expert) =>
    kind === "hitRate" ? percent(e.stats?.hitRate ?? 0) : kind === "streak" ? String(e.stats?.streak ?? 0) : signedPercent(e.stats?.luckScore ?? 0);

  return (
    <section className={styles.expertsPanel} data-testid="experts-ranking">
      <h2 className={styles.expertsSub}>{t("experts.rank.title")}</h2>
      <div className={styles.expertsViews}>
        {KINDS.map((k) => (
          <button key={k} type="button" className={`${styles.expertsView}${k === kind ? ` ${styles.expertsViewOn}` : ""}`} onClick={() => setKind(k)}>
            {t(`experts.rank.${k}`)}
          </button>
        ))}
      </div>
      <div className={styles.expertsViews}>
        {([7, 30, 90] as const).map((d) => (
          <button key={d} type="button" className={`${styles.expertsView}${d === days ? ` ${styles.expertsViewOn}` : ""}`} onClick={() => setDays(d)}>
            {t("experts.rank.days", { count: d })}
          </button>
        ))}
      </div>
      {kind === "luck" && <p className={styles.expertsMuted}>{t("experts.rank.luckHelp")}</p>}
      {list && list.length === 0 && <NoData />}
      <ol className={styles.expertsRank}>
        {list?.map((e, i) => (
          <li key={e.id}>
            <span className={styles.expertsRankPos}>{i + 1}</span>
            <Avatar name={e.nickname} url={e.avatar} />
            <Link to={`/expert/${encodeURIComponent(e.id)}`}>{e.nickname}</Link>
            <span className={styles.expertsRankValue}>{value(e)}</span>
            <span className={styles.expertsMuted}>{t("experts.stats.ofSettled", { count: e.stats?.settled ?? 0 })}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function AllExperts() {
  const { t } = useExpertsT();
  const [sort, setSort] = useState<RankKind>("luck");
  const [list, setList] = useState<Expert[] | null>(null);
  useEffect(() => {
    let live = true;
    expertsApi.library(sort).then((r) => live && setList(r.list), () => live && setList([]));
    return () => {
      live = false;
    };
  }, [sort]);
  return (
    <main className={styles.experts} data-testid="experts-all">
      <ExpertsNav />
      <div className={styles.expertsViews}>
        {KINDS.map((k) => (
          <button key={k} type="button" className={`${styles.expertsView}${k === sort ? ` ${styles.expertsViewOn}` : ""}`} onClick={() => setSort(k)}>
            {t(`experts.rank.${k}`)}
          </button>
        ))}
      </div>
      {list && list.length === 0 && <NoData />}
      <ul className={styles.expertsCards}>{list?.map((e) => <ExpertCard key={e.id} expert={e} />)}</ul>
    </main>
  );
}
