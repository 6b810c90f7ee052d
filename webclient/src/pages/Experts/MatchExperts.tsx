// The match page's Experts tab: the published plans on this match, each linking to its page (the
// pick stays hidden until bought, and public once the match has started, as everywhere else).
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useExpertsT } from "../../i18n/experts";
import { expertsApi, type Plan } from "../../api/experts";
import { NoData } from "../../components/NoData";
import { PlanCard, errorText } from "./parts";
import styles from "./Experts.module.css";

export default function MatchExperts({ matchId }: { matchId: string }) {
  const { t } = useExpertsT();
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    let live = true;
    setPlans(null);
    expertsApi.plans({ matchId }).then((r) => live && setPlans(r.list), (e) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [matchId]);
  return (
    <div data-testid="match-experts">
      <p className={styles.expertsRow}>
        <span className={styles.expertsMuted}>{t("experts.match.help")}</span>
        <Link to="/expert">{t("experts.match.all")}</Link>
      </p>
      {error && <p className={styles.expertsError}>{error}</p>}
      {plans && plans.length === 0 && <NoData />}
      <ul className={styles.expertsPlans}>{plans?.map((p) => <PlanCard key={p.id} plan={p} />)}</ul>
    </div>
  );
}
