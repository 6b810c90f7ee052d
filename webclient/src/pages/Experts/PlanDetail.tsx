// /expert/plan/:id — a plan: the match, the market, the price; buying it with coins (checkGold,
// then goldExpertPlan); the content for readers; the record: release time and SHA-256 hash of every
// version, and the settlement.
import { useState } from "react";
import { Link, useParams } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useExpertsT } from "../../i18n/experts";
import { expertsApi, type PlanInfo } from "../../api/experts";
import { Loadable, useResource } from "../../data";
import { tokenAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { refreshBalances } from "../../session/account";
import { useConfirmCharge } from "../../components/ConfirmCharge/ConfirmCharge";
import { useGiftFxT } from "../../i18n/giftfx";
import { ExpertsNav } from "./ExpertsHome";
import { OutcomeBadge, PickText, formatCoins, formatWhen, percent } from "../../features/experts/parts";
import styles from "../../features/experts/Experts.module.css";
import { errorText } from "../../api/client";

export default function PlanDetail() {
  const { id = "" } = useParams();
  const token = useAtomValue(tokenAtom);
  // Signing in may make the plan readable: the token is part of the key.
  const plan = useResource(`plan:${id}:${token}`, () => expertsApi.planInfo(id));
  return (
    <Loadable resource={plan} notFound="page" minHeight="60vh">
      {(info) => <PlanPage id={id} info={info} onBought={plan.refresh} />}
    </Loadable>
  );
}

function PlanPage({ id, info, onBought }: { id: string; info: PlanInfo; onBought: () => void }) {
  const { t, i18n } = useExpertsT();
  const token = useAtomValue(tokenAtom);
  const setModal = useSetAtom(loginModalAtom);
  const [buyError, setBuyError] = useState("");
  // The balance, for a signed-in reader of a paid plan they cannot read yet.
  const wantsGold = !!token && !info.plan.readable && info.plan.price > 0;
  const gold = useResource(wantsGold ? `plan:${id}:gold:${token}` : null, () => expertsApi.checkGold(id)).value;
  const [busy, setBusy] = useState(false);
  const { ask, dialog } = useConfirmCharge();
  const { t: fx } = useGiftFxT();

  const buy = async () => {
    if (!token) {
      setModal({ open: true, mode: LoginMode.Password });
      return;
    }
    // A paid plan is confirmed with its price and the balance after (issue 17).
    if (info.plan.price > 0) {
      const what = fx("what.plan", { title: `${info.plan.home} – ${info.plan.away}` });
      if (!(await ask({ what, price: info.plan.price, currency: "coin" }))) return;
    }
    setBusy(true);
    setBuyError("");
    try {
      await expertsApi.buy(id);
      await refreshBalances().catch(() => undefined);
      onBought();
    } catch (e) {
      setBuyError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const p = info.plan;
  const onSale = p.state === "published" && !p.started && !p.outcome;
  return (
    <main className={styles.experts} data-testid="plan-detail">
      <ExpertsNav />
      {dialog}
      <div className={`${styles.expertsGrid} ${styles.expertsGridWide}`}>
        <section className={styles.expertsPanel}>
          <div className={styles.expertsRow}>
            <span className={styles.expertsMuted}>
              {p.league} · {formatWhen(p.matchTime)}
            </span>
            <OutcomeBadge outcome={p.outcome} result={p.result} />
          </div>
          <h2 className={styles.expertsPlanMatch}>
            {p.home} <span className={styles.expertsMuted}>{t("experts.plan.vs")}</span> {p.away}
          </h2>
          <h3 className={styles.expertsSub} data-testid="plan-title">
            {p.label && <span className={styles.expertsLabel}>{p.label}</span>}
            {p.title}
          </h3>
          <dl className={styles.expertsFacts}>
            <dt>{t("experts.plan.expert")}</dt>
            <dd>
              <Link to={`/expert/${encodeURIComponent(p.expertId)}`}>{p.expertName}</Link>
            </dd>
            <dt>{t("experts.plan.market")}</dt>
            <dd>{t(`experts.playType.${p.playType}`)}</dd>
            <dt>{t("experts.plan.pick")}</dt>
            <dd>
              <PickText plan={p} /> {p.pick && <span className={styles.expertsMuted}>@ {p.odds.toFixed(2)}</span>}
            </dd>
            <dt>{t("experts.plan.level")}</dt>
            <dd>{"★".repeat(p.playLevel)}</dd>
            <dt>{t("experts.plan.price")}</dt>
            <dd>{p.price === 0 ? t("experts.plan.free") : t("experts.plan.coins", { n: formatCoins(p.price, i18n.language) })}</dd>
            {p.refundIfLost && (
              <>
                <dt>{t("experts.plan.refund")}</dt>
                <dd>{t("experts.plan.refundHelp")}</dd>
              </>
            )}
          </dl>
          {p.readable ? (
            <div className={styles.expertsContent} data-testid="plan-content">
              {p.content}
            </div>
          ) : (
            <div className={styles.expertsBuy}>
              <p className={styles.expertsLocked}>{p.loginToView && p.price === 0 ? t("experts.plan.loginToView") : t("experts.plan.locked")}</p>
              {onSale && (
                <>
                  {gold && (
                    <p className={styles.expertsMuted}>
                      {t("experts.plan.yourCoins", { n: formatCoins(gold.gold, i18n.language) })}
                      {!gold.enough && (
                        <>
                          {" · "}
                          <Link to="/recharge">{t("experts.plan.recharge")}</Link>
                        </>
                      )}
                    </p>
                  )}
                  <button type="button" className={styles.expertsButton} data-testid="plan-buy" disabled={busy} onClick={buy}>
                    {p.price === 0 ? t("experts.plan.signInToRead") : t("experts.plan.buy", { n: formatCoins(p.price, i18n.language) })}
                  </button>
                </>
              )}
              {buyError && <p className={styles.expertsError} data-testid="plan-buy-error">{buyError}</p>}
            </div>
          )}
        </section>
        <aside className={styles.expertsPanel} data-testid="plan-record">
          <h3 className={styles.expertsSub}>{t("experts.record.title")}</h3>
          <p className={styles.expertsMuted}>{t("experts.record.help")}</p>
          <dl className={styles.expertsFacts}>
            <dt>{t("experts.record.released")}</dt>
            <dd>{formatWhen(p.releaseTime)}</dd>
            <dt>{t("experts.record.hash")}</dt>
            <dd>
              <code className={styles.expertsHash} data-testid="plan-hash">{p.hash}</code>
            </dd>
          </dl>
          {info.versions.length > 1 && (
            <ol className={styles.expertsVersions}>
              {info.versions.map((v) => (
                <li key={v.version}>
                  {t("experts.record.version", { n: v.version })} · {formatWhen(v.releaseTime)} · <code>{v.hash.slice(0, 16)}…</code>
                </li>
              ))}
            </ol>
          )}
          {info.settlements.length > 0 && (
            <>
              <h3 className={styles.expertsSub}>{t("experts.record.settlement")}</h3>
              <ol className={styles.expertsVersions}>
                {info.settlements.map((s) => (
                  <li key={s.rev}>
                    {s.home}-{s.away} · {t(`experts.outcome.${s.outcome || "open"}`)} · {formatWhen(s.at)}
                    {s.refunds > 0 && ` · ${t("experts.record.refunds", { count: s.refunds })}`}
                  </li>
                ))}
              </ol>
            </>
          )}
          <h3 className={styles.expertsSub}>{t("experts.page.record")}</h3>
          <p>
            {percent(info.expertStats.hitRate)} {t("experts.stats.hitRate")} · {info.expertStats.settled} {t("experts.stats.settled")}
          </p>
        </aside>
      </div>
    </main>
  );
}
