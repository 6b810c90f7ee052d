// /expert/myPlans — the plans the signed-in user bought, with their content and settlement.
import { Link } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useExpertsT } from "../../i18n/experts";
import { expertsApi } from "../../api/experts";
import { tokenAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { Loadable, useResource } from "../../data";
import { ExpertsNav } from "./ExpertsHome";
import { OutcomeBadge, PickText, PlanCard, formatCoins, formatWhen } from "../../features/experts/parts";
import styles from "../../features/experts/Experts.module.css";

export default function MyPlans() {
  const { t, i18n } = useExpertsT();
  const token = useAtomValue(tokenAtom);
  const setModal = useSetAtom(loginModalAtom);
  // Signed out: nothing to load (a null key), the sign-in button instead.
  const bought = useResource(token ? `experts:bought:${token}` : null, () => expertsApi.bought().then((r) => r.list));
  const followed = useResource(token ? `experts:followed:${token}` : null, () => expertsApi.focusEvents().then((r) => r.list));

  return (
    <main className={styles.experts} data-testid="experts-mine">
      <ExpertsNav />
      <h2 className={styles.expertsSub}>{t("experts.mine.title")}</h2>
      {!token && (
        <button type="button" className={styles.expertsButton} onClick={() => setModal({ open: true, mode: LoginMode.Password })}>
          {t("experts.signIn")}
        </button>
      )}
      <Loadable resource={bought} empty={(l) => l.length === 0}>
        {(list) => (
      <ul className={styles.expertsPlans}>
        {list.map((p) => (
          <li key={p.id} className={styles.expertsPlan} data-testid="bought-plan">
            <div className={styles.expertsRow}>
              <span className={styles.expertsMuted}>
                {p.league} · {formatWhen(p.matchTime)}
              </span>
              <OutcomeBadge outcome={p.outcome} result={p.result} />
            </div>
            <p className={styles.expertsPlanMatch}>
              {p.home} <span className={styles.expertsMuted}>{t("experts.plan.vs")}</span> {p.away}
            </p>
            <p className={styles.expertsPlanTitle}>
              <Link to={`/expert/plan/${p.id}`}>{p.title}</Link>
            </p>
            <p>
              {t(`experts.playType.${p.playType}`)}: <PickText plan={p} /> @ {p.odds.toFixed(2)}
            </p>
            <p className={`${styles.expertsMuted} ${styles.expertsClamp}`}>{p.content}</p>
            <p className={styles.expertsMuted}>
              {p.expertName} · {p.paidPrice === 0 ? t("experts.plan.free") : t("experts.plan.coins", { n: formatCoins(p.paidPrice, i18n.language) })}
              {p.refunded && <span className={styles.expertsOk} data-testid="bought-refunded"> · {t("experts.mine.refunded")}</span>}
            </p>
          </li>
        ))}
      </ul>
        )}
      </Loadable>
      {token && (
        <section data-testid="experts-followed">
          <h2 className={styles.expertsSub}>{t("experts.mine.followed")}</h2>
          <p className={styles.expertsMuted}>{t("experts.mine.followedHelp")}</p>
          <Loadable resource={followed} empty={(l) => l.length === 0}>
            {(list) => <ul className={styles.expertsPlans}>{list.map((p) => <PlanCard key={p.id} plan={p} />)}</ul>}
          </Loadable>
        </section>
      )}
    </main>
  );
}
