// /expert — the experts home: featured experts, hot plans and the rankings (hit rate, winning
// streak and the luck-adjusted score over 7, 30 or 90 days).
import { useState } from "react";
import { Link, NavLink } from "react-router";
import { useExpertsT } from "../../i18n/experts";
import { expertsApi, type Expert, type RankKind } from "../../api/experts";
import { Loadable, useResource } from "../../data";
import { Avatar, ExpertCard, PlanCard, percent, signedPercent } from "../../features/experts/parts";
import styles from "../../features/experts/Experts.module.css";

export default function ExpertsHome() {
  const { t } = useExpertsT();
  const featured = useResource("experts:featured", () => expertsApi.recommend().then((r) => r.list));
  const plans = useResource("experts:hotPlans", () => expertsApi.homePlans().then((r) => r.list));

  return (
    <main className={styles.experts} data-testid="experts-home">
      <ExpertsNav />
      <section>
        <h2 className={styles.expertsSub}>{t("experts.home.featured")}</h2>
        <Loadable resource={featured} empty={(l) => l.length === 0}>
          {(list) => <ul className={styles.expertsCards}>{list.map((e) => <ExpertCard key={e.id} expert={e} />)}</ul>}
        </Loadable>
      </section>
      <div className={styles.expertsGrid}>
        <section>
          <h2 className={styles.expertsSub}>{t("experts.home.hotPlans")}</h2>
          <Loadable resource={plans} empty={(l) => l.length === 0}>
            {(list) => <ul className={styles.expertsPlans}>{list.map((p) => <PlanCard key={p.id} plan={p} />)}</ul>}
          </Loadable>
        </section>
        <Rankings />
      </div>
    </main>
  );
}

const tabClass = ({ isActive }: { isActive: boolean }) => `${styles.expertsTab}${isActive ? ` ${styles.expertsTabOn}` : ""}`;

export function ExpertsNav() {
  const { t } = useExpertsT();
  return (
    <div className={styles.expertsRow}>
      <h1 className={styles.expertsTitle}>{t("experts.home.title")}</h1>
      {/* The page's own tab is the marked one (the creator centre was always marked, and read as the
          page a fan was on). */}
      <nav className={styles.expertsTabs}>
        <NavLink end className={tabClass} to="/expert">{t("experts.nav.home")}</NavLink>
        <NavLink className={tabClass} to="/expert/allExperts">{t("experts.nav.all")}</NavLink>
        <NavLink className={tabClass} to="/expert/specialist" data-testid="experts-specialists-link">{t("experts.nav.specialist")}</NavLink>
        <NavLink className={tabClass} to="/expert/myPlans" data-testid="experts-my-plans">{t("experts.nav.mine")}</NavLink>
        <NavLink className={tabClass} to="/creatorCenter" data-testid="experts-creator">{t("experts.nav.creator")}</NavLink>
      </nav>
    </div>
  );
}

const KINDS: RankKind[] = ["luck", "hitRate", "streak"];

function Rankings() {
  const { t } = useExpertsT();
  const [kind, setKind] = useState<RankKind>("luck");
  const [days, setDays] = useState<7 | 30 | 90>(30);
  const ranking = useResource(`experts:ranking:${kind}:${days}`, () => expertsApi.ranking(kind, days).then((r) => r.list));

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
      <Loadable resource={ranking} empty={(l) => l.length === 0}>
        {(list) => (
      <ol className={styles.expertsRank}>
        {list.map((e, i) => (
          <li key={e.id}>
            <span className={styles.expertsRankPos}>{i + 1}</span>
            <Avatar name={e.nickname} url={e.avatar} />
            <Link to={`/expert/${encodeURIComponent(e.id)}`}>{e.nickname}</Link>
            <span className={styles.expertsRankValue}>{value(e)}</span>
            <span className={styles.expertsMuted}>{t("experts.stats.ofSettled", { count: e.stats?.settled ?? 0 })}</span>
          </li>
        ))}
      </ol>
        )}
      </Loadable>
    </section>
  );
}

export function AllExperts() {
  const { t } = useExpertsT();
  const [sort, setSort] = useState<RankKind>("luck");
  const experts = useResource(`experts:library:${sort}`, () => expertsApi.library(sort).then((r) => r.list));
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
      <Loadable resource={experts} empty={(l) => l.length === 0}>
        {(list) => <ul className={styles.expertsCards}>{list.map((e) => <ExpertCard key={e.id} expert={e} />)}</ul>}
      </Loadable>
    </main>
  );
}
