// The match page's Experts tab: the published plans on this match, each linking to its page (the
// pick stays hidden until bought, and public once the match has started, as everywhere else).
import { Link } from "react-router";
import { useExpertsT } from "../../i18n/experts";
import { expertsApi } from "../../api/experts";
import { Loadable, useResource } from "../../data";
import { PlanCard } from "./parts";
import styles from "./Experts.module.css";

export default function MatchExperts({ matchId }: { matchId: string }) {
  const { t } = useExpertsT();
  const plans = useResource(`experts:match:${matchId}`, () => expertsApi.plans({ matchId }).then((r) => r.list));
  return (
    <div data-testid="match-experts">
      <p className={styles.expertsRow}>
        <span className={styles.expertsMuted}>{t("experts.match.help")}</span>
        <Link to="/expert">{t("experts.match.all")}</Link>
      </p>
      <Loadable resource={plans} empty={(l) => l.length === 0}>
        {(list) => <ul className={styles.expertsPlans}>{list.map((p) => <PlanCard key={p.id} plan={p} />)}</ul>}
      </Loadable>
    </div>
  );
}
