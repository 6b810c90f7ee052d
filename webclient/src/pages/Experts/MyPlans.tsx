// /expert/myPlans — the plans the signed-in user bought, with their content and settlement.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useExpertsT } from "../../i18n/experts";
import { expertsApi, type BoughtPlan } from "../../api/experts";
import { tokenAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { NoData } from "../../components/NoData";
import { ExpertsNav } from "./ExpertsHome";
import { OutcomeBadge, PickText, PlanCard, errorText, formatCoins, formatWhen } from "./parts";
import type { Plan } from "../../api/experts";
import "./Experts.css";

export default function MyPlans() {
  const { t, i18n } = useExpertsT();
  const token = useAtomValue(tokenAtom);
  const setModal = useSetAtom(loginModalAtom);
  const [list, setList] = useState<BoughtPlan[] | null>(null);
  const [followed, setFollowed] = useState<Plan[] | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    if (!token) return;
    expertsApi.bought().then((r) => setList(r.list), (e) => setError(errorText(e)));
    expertsApi.focusEvents().then((r) => setFollowed(r.list), (e) => setError(errorText(e)));
  }, [token]);

  return (
    <main className="experts" data-testid="experts-mine">
      <ExpertsNav />
      <h2 className="experts__sub">{t("experts.mine.title")}</h2>
      {!token && (
        <button type="button" className="experts-button" onClick={() => setModal({ open: true, mode: LoginMode.Password })}>
          {t("experts.signIn")}
        </button>
      )}
      {error && <p className="experts-error">{error}</p>}
      {list && list.length === 0 && <NoData />}
      <ul className="experts-plans">
        {list?.map((p) => (
          <li key={p.id} className="experts-plan" data-testid="bought-plan">
            <div className="experts-row">
              <span className="experts-muted">
                {p.league} · {formatWhen(p.matchTime)}
              </span>
              <OutcomeBadge outcome={p.outcome} result={p.result} />
            </div>
            <p className="experts-plan__match">
              {p.home} <span className="experts-muted">{t("experts.plan.vs")}</span> {p.away}
            </p>
            <p className="experts-plan__title">
              <Link to={`/expert/plan/${p.id}`}>{p.title}</Link>
            </p>
            <p>
              {t(`experts.playType.${p.playType}`)}: <PickText plan={p} /> @ {p.odds.toFixed(2)}
            </p>
            <p className="experts-muted experts-clamp">{p.content}</p>
            <p className="experts-muted">
              {p.expertName} · {p.paidPrice === 0 ? t("experts.plan.free") : t("experts.plan.coins", { n: formatCoins(p.paidPrice, i18n.language) })}
              {p.refunded && <span className="experts-ok" data-testid="bought-refunded"> · {t("experts.mine.refunded")}</span>}
            </p>
          </li>
        ))}
      </ul>
      {token && (
        <section data-testid="experts-followed">
          <h2 className="experts__sub">{t("experts.mine.followed")}</h2>
          <p className="experts-muted">{t("experts.mine.followedHelp")}</p>
          {followed && followed.length === 0 && <NoData />}
          <ul className="experts-plans">{followed?.map((p) => <PlanCard key={p.id} plan={p} />)}</ul>
        </section>
      )}
    </main>
  );
}
