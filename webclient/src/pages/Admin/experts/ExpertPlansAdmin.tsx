// /admin/experts/plans — the plan review queue and the published plans (staff with reviewExperts):
// publish or refuse a plan under review (the expert sees the reason), hide a published plan (the
// record keeps it), and correct a match's result when the feed was wrong: every plan on the match is
// settled again and the ledger movements follow (api/experts CorrectResult, audited).
import { useState } from "react";
import { errorText } from "../../../api/client";
import { useTranslation } from "react-i18next";
import { expertsApi, type Plan, type PlanAction } from "../../../api/experts";
import { OutcomeBadge, PickText, formatCoins } from "../../../features/experts/parts";
import { Loadable, useResource } from "../../../data";
import { useExpertsT } from "../../../i18n/experts";
import { formatTime } from "../format";
import styles from "./expertsAdmin.module.css";
import adminStyles from "../Admin.module.css";

const STATES = ["review", "published", "rejected", "hidden", "removed"] as const;

/** Result statuses staff may set (the match module's codes). */
const RESULT_STATUSES = [
  { code: 5, key: "finished" },
  { code: 6, key: "postponed" },
  { code: 7, key: "cancelled" },
] as const;

function Correction({ plan, onDone }: { plan: Plan; onDone: (msg: string) => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState(5);
  const [home, setHome] = useState("0");
  const [away, setAway] = useState("0");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const r = await expertsApi.adminCorrect({ matchId: plan.matchId, status, home: Number(home), away: Number(away), reason });
      onDone(t("admin.expertPlans.corrected", { match: `${plan.home} – ${plan.away}`, home: r.home, away: r.away }));
    } catch (e) {
      onDone(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const finished = status === 5;
  return (
    <div className={styles.eadmCorrect} data-testid="admin-plan-correct">
      <label>{t("admin.expertPlans.resultStatus")}
        <select value={status} onChange={(e) => setStatus(Number(e.target.value))}>
          {RESULT_STATUSES.map((s) => <option key={s.code} value={s.code}>{t(`matches.status.${s.key}`)}</option>)}
        </select>
      </label>
      {finished && (
        <>
          <label>{plan.home}<input type="number" min={0} value={home} onChange={(e) => setHome(e.target.value)} data-testid="admin-correct-home" /></label>
          <label>{plan.away}<input type="number" min={0} value={away} onChange={(e) => setAway(e.target.value)} data-testid="admin-correct-away" /></label>
        </>
      )}
      <label>{t("admin.common.reason")}<input value={reason} onChange={(e) => setReason(e.target.value)} data-testid="admin-correct-reason" /></label>
      <button type="button" className={`${adminStyles.adminBtn} ${adminStyles.adminBtnDanger}`} disabled={busy || !reason.trim()} onClick={submit} data-testid="admin-correct-submit">
        {t("admin.expertPlans.correctSubmit")}
      </button>
    </div>
  );
}

function PlanPanel({ plan, onDone }: { plan: Plan; onDone: (msg: string) => void }) {
  const { t, i18n } = useTranslation();
  const { t: et } = useExpertsT();
  const [reason, setReason] = useState("");
  const [correcting, setCorrecting] = useState(false);
  const decide = (action: PlanAction) =>
    expertsApi.adminDecidePlan(plan.id, action, reason).then(
      () => onDone(t(`admin.expertPlans.done.${action}`, { title: plan.title })),
      (e) => onDone(errorText(e)),
    );
  const actions: PlanAction[] = plan.state === "review" ? ["approve", "reject"] : plan.state === "published" ? ["hide"] : [];
  return (
    <article className={`${adminStyles.adminPanel} ${styles.eadmPlan}`} data-testid="admin-expert-plan" data-state={plan.state}>
      <h2 className={adminStyles.adminSub}>{plan.title}</h2>
      <p className={styles.eadmMuted}>
        {plan.expertName} · {plan.league} · {plan.home} {et("experts.plan.vs")} {plan.away} · {formatTime(plan.matchTime, i18n.language)}
      </p>
      <p className={styles.eadmPick}>
        {et(`experts.playType.${plan.playType}`)}: <PickText plan={plan} /> @ {plan.odds.toFixed(2)} · {"★".repeat(plan.playLevel)} ·{" "}
        {plan.price === 0 ? et("experts.plan.free") : et("experts.plan.coins", { n: formatCoins(plan.price, i18n.language) })}
        {plan.refundIfLost && ` · ${et("experts.plan.refundBadge")}`}
      </p>
      {plan.content && <p className={styles.eadmContent}>{plan.content}</p>}
      {(plan.outcome || plan.result) && <p><OutcomeBadge outcome={plan.outcome} result={plan.result} /></p>}
      {plan.reason && <p className={styles.eadmMuted}>{t("admin.common.reason")}: {plan.reason}</p>}
      <div className={adminStyles.adminActions}>
        {actions.some((a) => a !== "approve") && (
          <label>{t("admin.experts.reasonHelp")}
            <input value={reason} onChange={(e) => setReason(e.target.value)} data-testid="admin-plan-reason" />
          </label>
        )}
        {actions.map((a) => (
          <button key={a} type="button" className={`${adminStyles.adminBtn} ${a === "approve" ? adminStyles.adminBtnPrimary : adminStyles.adminBtnDanger}`}
            onClick={() => decide(a)} data-testid={`admin-plan-${a}`}>
            {t(`admin.expertPlans.action.${a}`)}
          </button>
        ))}
        {plan.state === "published" && plan.started && (
          <button type="button" className={adminStyles.adminBtn} onClick={() => setCorrecting(!correcting)} data-testid="admin-plan-correct-open">
            {t("admin.expertPlans.correct")}
          </button>
        )}
      </div>
      {correcting && <Correction plan={plan} onDone={onDone} />}
    </article>
  );
}

export function ExpertPlansAdmin() {
  const { t } = useTranslation();
  const { t: et } = useExpertsT();
  const [state, setState] = useState<string>("review");
  const [msg, setMsg] = useState("");
  const plans = useResource(`admin-expert-plans:${state}`, () => expertsApi.adminPlans(state).then((r) => r.list));
  const done = (m: string) => {
    setMsg(m);
    plans.refresh();
  };
  return (
    <section data-testid="admin-expert-plans">
      <h1 className={adminStyles.adminTitle}>{t("admin.menu.expertPlans")}</h1>
      <div className={adminStyles.adminFilters} role="group">
        {STATES.map((s) => (
          <button key={s} type="button" className={`${adminStyles.adminBtn}${s === state ? ` ${adminStyles.adminBtnOn}` : ""}`} aria-pressed={s === state} onClick={() => setState(s)}>
            {et(`experts.state.${s}`)}
          </button>
        ))}
      </div>
      {msg && <p className={adminStyles.adminMsg} role="status">{msg}</p>}
      <Loadable resource={plans} empty={(list) => list.length === 0} emptyLabel={t("admin.common.empty")}>
        {(list) => list.map((p) => <PlanPanel key={p.id} plan={p} onDone={done} />)}
      </Loadable>
    </section>
  );
}
