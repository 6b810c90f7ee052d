// /userInfo/vip — VIP and SVIP (spec §1, §2, §4): the current tier and its expiry, packages in
// months paid with coins, the price the server computes for this user right now (purchase,
// renewal, or an upgrade VIP -> SVIP that pays the difference for the remaining days),
// purchase with an idempotency key, 'activation failed' and 'insufficient gold coins' with the
// way to recharge, and the purchase records.
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { ApiError, errorText } from "../../api/client";
import { walletApi, type MembershipRecord } from "../../api/wallet";
import { tokenAtom } from "../../state/session";
import { Loadable, useResource, type Resource } from "../../data";
import { formatCount, newClientKey } from "./amount";
import { breakdownQuote, canBuyTier, daysLeft, memberState, packageSaving, packagesOf, shortfall, TIER_NAMES } from "./membership";
import { reloadBalance, useWalletBalance } from "./balance";
import { useConfirmCharge } from "../../components/ConfirmCharge/ConfirmCharge";
import { systemApi } from "../../api/system";
import { membershipPackages } from "./payButtons";
import { refreshAccount } from "../../session/account";
import { SignInPrompt, useIntlLocale, WalletHeader } from "./WalletHeader";
import styles from "./Wallet.module.css";

/** errorCodes of the wallet (api/wallet/errors.go). */
const CODE_INSUFFICIENT_COINS = 4007;
const CODE_DOWNGRADE = 4103;

function useDate() {
  const loc = useIntlLocale();
  return (ms: number) => new Date(ms).toLocaleDateString(loc, { year: "numeric", month: "short", day: "numeric" });
}

/** The purchase records, newest first (the page loads them: they also tell "expired" from "never"). */
function Records({ recs }: { recs: Resource<MembershipRecord[]> }) {
  const { t } = useTranslation();
  const loc = useIntlLocale();
  const date = useDate();
  return (
    <div className={styles.walletPanel} data-testid="vip-records">
      <h2 className={styles.walletSub}>{t("wallet.vip.records")}</h2>
      <Loadable resource={recs} empty={(list) => list.length === 0} emptyLabel={t("wallet.details.empty")} minHeight={120}>
        {(list) => (
          <table className={styles.walletTable}>
            <thead>
              <tr>
                <th>{t("wallet.vip.recordTime")}</th>
                <th>{t("wallet.vip.recordItem")}</th>
                <th>{t("wallet.vip.recordCoins")}</th>
                <th>{t("wallet.vip.recordExpiry")}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r.id} data-testid="vip-record" data-action={r.action} data-tier={r.tier}>
                  <td>{new Date(r.createdAt).toLocaleString(loc)}</td>
                  <td>
                    {t(`wallet.vip.kind.${r.action}`)}
                    {r.action !== "upgrade" && <> · {TIER_NAMES[r.tier]}</>}
                    {r.months > 0 && <> · {t("wallet.vip.package", { months: r.months })}</>}
                    {r.upgradeDays > 0 && <> · {t("wallet.vip.difference", { days: r.upgradeDays })}</>}
                  </td>
                  <td>{formatCount(r.coins, loc)}</td>
                  <td>{date(r.expiresAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loadable>
    </div>
  );
}

export default function Vip() {
  const { t } = useTranslation();
  const loc = useIntlLocale();
  const date = useDate();
  const token = useAtomValue(tokenAtom);
  const { balance } = useWalletBalance();
  const [tier, setTier] = useState<1 | 2>(1);
  const [months, setMonths] = useState(1);
  const [buying, setBuying] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string; code?: number } | null>(null);
  const [version, setVersion] = useState(0);
  const clientKey = useRef(newClientKey());
  const { ask, dialog } = useConfirmCharge();
  const now = Date.now();

  // The membership buttons for this region and language (GET /system/payButton); null until known.
  const buttons = useResource("vip-buttons", () => systemApi.payButtons().catch(() => null)).value ?? null;
  const pkgs = useResource("vip-packages", () => walletApi.vipPackages());
  // Past purchases tell "expired" from "never activated".
  const recs = useResource(token ? `vip-records|${token}` : null, () => walletApi.vipRecords(1, 50).then((p) => p.list));

  const b = balance.value;
  const state = b ? memberState(b, recs.value ?? [], now) : "none";

  // An SVIP member buys SVIP; a VIP member sees the SVIP upgrade first.
  useEffect(() => {
    if (state === "svip" || state === "vip") setTier(2);
  }, [state]);

  // Another package is another purchase: new idempotency key. The last result stays on
  // screen until the user picks something else (the tier switching to SVIP after a VIP
  // purchase is not the user's doing).
  useEffect(() => {
    clientKey.current = newClientKey();
  }, [tier, months]);
  const pick = (nextTier: 1 | 2, nextMonths: number) => {
    setResult(null);
    setTier(nextTier);
    setMonths(nextMonths);
  };

  // The price is the server's, for this user now (getVipAmount); a purchase asks again (version).
  const quote = useResource(token ? `vip-quote|${tier}|${months}|${state}|${version}` : null, (signal) => walletApi.vipQuote({ tier, months }, signal));

  const list = useMemo(() => membershipPackages(pkgs.value?.list ?? [], buttons), [pkgs.value, buttons]);
  const tierPackages = useMemo(() => packagesOf(list, tier), [list, tier]);
  const monthly = pkgs.value ? (tier === 2 ? pkgs.value.svipMonthly : pkgs.value.vipMonthly) : 0;
  const q = quote.value;
  const split = q ? breakdownQuote(q, list) : null;
  const missing = q && b ? shortfall(b.gold, q.coins) : 0;
  const upgrading = state === "vip" && tier === 2;

  // "Upgrade only" (months 0) exists only while a VIP looks at SVIP.
  useEffect(() => {
    if (!upgrading && months === 0) setMonths(1);
  }, [upgrading, months]);

  const buy = async () => {
    if (!q || buying) return;
    // VIP, SVIP and the upgrade are confirmed with the price and the balance after (issue 17).
    const what = `${TIER_NAMES[tier]} · ${q.months > 0 ? t("wallet.vip.package", { months: q.months }) : t("wallet.vip.upgradeOnly")} · ${t(`wallet.vip.action.${q.action}`)}`;
    if (!(await ask({ what, price: q.coins, currency: "coin" }))) return;
    setBuying(true);
    setResult(null);
    try {
      const rec = await walletApi.buyVip({ tier, months, clientKey: clientKey.current });
      clientKey.current = newClientKey();
      setResult({ ok: true, text: `${t("wallet.vip.success")}: ${TIER_NAMES[rec.tier]} · ${t("wallet.vip.validUntil", { date: date(rec.expiresAt) })}` });
      reloadBalance();
      void refreshAccount(); // the profile's membership (header badge) changed too
      recs.refresh();
      setVersion((v) => v + 1);
    } catch (err) {
      const code = err instanceof ApiError ? err.errorCode : undefined;
      setResult({ ok: false, text: `${t("wallet.vip.activationFailed")}: ${errorText(err)}`, code });
    } finally {
      setBuying(false);
    }
  };

  const stateText = t(`wallet.vip.state.${state}`);

  return (
    <section className={styles.wallet} data-testid="vip-page">
      <WalletHeader />
      {dialog}
      <h1 className={styles.walletTitle}>{t("wallet.vip.title")}</h1>

      <div className={`${styles.walletPanel} ${styles.vipStatus} ${styles[`vip__status--${state}`] ?? ""}`} data-testid="vip-status" data-state={state}>
        <strong>{stateText}</strong>
        {b && b.vipLevel > 0 && b.vipExpire > now && (
          <span data-testid="vip-expiry">
            {" · "}
            {t("wallet.vip.validUntil", { date: date(b.vipExpire) })} · {t("wallet.vip.daysLeft", { days: daysLeft(b.vipExpire, now) })}
          </span>
        )}
      </div>

      <Loadable resource={pkgs} minHeight={320}>
        {() => (
          <div className={styles.walletPanel}>
            <div className={styles.walletTabs} role="tablist">
              {([1, 2] as const).filter((tr) => !buttons || buttons.membership.some((b) => b.product === (tr === 1 ? "vip" : "svip"))).map((tr) => (
                <button
                  key={tr}
                  type="button"
                  role="tab"
                  aria-selected={tier === tr}
                  className={tier === tr ? `${styles.walletTab} ${styles.walletTabOn}` : styles.walletTab}
                  data-testid={`vip-tier-${tr}`}
                  disabled={!canBuyTier(state, tr)}
                  onClick={() => pick(tr, tr === 1 && months === 0 ? 1 : months)}
                >
                  {TIER_NAMES[tr]}
                </button>
              ))}
            </div>
            <p className={styles.walletMuted}>{tier === 2 ? t("wallet.vip.benefits.svip") : t("wallet.vip.benefits.vip")}</p>

            <div className={styles.vipPackages} role="radiogroup">
              {upgrading && (
                <button
                  type="button"
                  role="radio"
                  aria-checked={months === 0}
                  className={months === 0 ? `${styles.vipPackage} ${styles.vipPackageOn}` : styles.vipPackage}
                  data-testid="vip-months-0"
                  onClick={() => pick(tier, 0)}
                >
                  <strong>{t("wallet.vip.upgradeOnly")}</strong>
                  {b && <span className={styles.walletMuted}>{t("wallet.vip.days", { days: daysLeft(b.vipExpire, now) })}</span>}
                </button>
              )}
              {tierPackages.map((p) => {
                const saving = packageSaving(p, monthly);
                return (
                  <button
                    key={`${p.tier}-${p.months}`}
                    type="button"
                    role="radio"
                    aria-checked={months === p.months}
                    className={months === p.months ? `${styles.vipPackage} ${styles.vipPackageOn}` : styles.vipPackage}
                    data-testid={`vip-months-${p.months}`}
                    onClick={() => pick(tier, p.months)}
                  >
                    <strong>{t("wallet.vip.package", { months: p.months })}</strong>
                    <span className={styles.vipPrice}>{t("wallet.units.coins", { amount: formatCount(p.coins, loc) })}</span>
                    <span className={styles.walletMuted}>{t("wallet.vip.days", { days: p.days })}</span>
                    {saving > 0 && <span className={styles.vipSave}>{t("wallet.vip.save", { percent: saving })}</span>}
                  </button>
                );
              })}
            </div>

            {!token ? (
              <SignInPrompt />
            ) : (
              <div className={styles.vipCheckout} data-testid="vip-quote">
                {upgrading && b && <p className={styles.vipUpgradeNote}>{t("wallet.vip.upgradeNote", { days: daysLeft(b.vipExpire, now) })}</p>}
                {quote.status === "error" ? (
                  <p className={styles.walletError} role="alert" data-testid="vip-quote-error">
                    {quote.error}{" "}
                    <button type="button" className={styles.walletRetry} onClick={quote.reload}>{t("common.retry")}</button>
                  </p>
                ) : !q || !split ? (
                  <p className={styles.walletMuted} aria-busy="true">{t("wallet.details.loading")}</p>
                ) : (
                  <>
                    <dl className={styles.vipBreakdown}>
                      {split.action === "upgrade" && split.packageCoins > 0 && (
                        <div>
                          <dt>{t("wallet.vip.packagePart")}</dt>
                          <dd data-testid="vip-package-coins">{t("wallet.units.coins", { amount: formatCount(split.packageCoins, loc) })}</dd>
                        </div>
                      )}
                      {split.action === "upgrade" && (
                        <div>
                          <dt>{t("wallet.vip.difference", { days: split.upgradeDays })}</dt>
                          <dd data-testid="vip-difference">{t("wallet.units.coins", { amount: formatCount(split.differenceCoins, loc) })}</dd>
                        </div>
                      )}
                      <div className={styles.vipTotal}>
                        <dt>{t("wallet.vip.total")}</dt>
                        <dd data-testid="vip-total" data-coins={q.coins}>{t("wallet.units.coins", { amount: formatCount(q.coins, loc) })}</dd>
                      </div>
                    </dl>
                    <p className={styles.walletMuted} data-testid="vip-new-expiry">{t("wallet.vip.newExpiry", { date: date(q.expiresAt) })}</p>
                    {b && <p className={styles.walletMuted}>{t("wallet.vip.balanceAfter", { balance: formatCount(b.gold, loc) })}</p>}
                    {missing > 0 && (
                      <p className={styles.walletError} data-testid="vip-insufficient">
                        {t("wallet.vip.insufficient", { missing: formatCount(missing, loc) })}{" "}
                        <Link to="/recharge">{t("wallet.vip.toRecharge")}</Link>
                      </p>
                    )}
                    <button type="button" className={`${styles.walletButton} ${styles.walletButtonBig}`} data-testid="vip-buy" disabled={buying} onClick={() => void buy()}>
                      {t(`wallet.vip.action.${q.action}`)}
                    </button>
                  </>
                )}
                {result && (
                  <div className={result.ok ? `${styles.walletOrder} ${styles.walletOrderOk}` : `${styles.walletOrder} ${styles.walletOrderBad}`} role="status" data-testid="vip-result" data-ok={result.ok}>
                    <p>{result.text}</p>
                    {result.code === CODE_INSUFFICIENT_COINS && <Link to="/recharge" className={styles.walletButton}>{t("wallet.vip.toRecharge")}</Link>}
                    {result.code === CODE_DOWNGRADE && <p>{t("wallet.vip.downgrade")}</p>}
                  </div>
                )}
              </div>
            )}
          </div>
        )}
      </Loadable>

      {token && <Records recs={recs} />}
    </section>
  );
}
