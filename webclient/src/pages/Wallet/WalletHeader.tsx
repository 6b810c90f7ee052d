// The strip on top of every wallet page: balances, membership, and links between the pages.
import { NavLink } from "react-router";
import { useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { formatCount } from "./amount";
import { tierName } from "./membership";
import { useWalletBalance } from "./balance";
import styles from "./Wallet.module.css";

export function useIntlLocale(): string {
  const { i18n } = useTranslation();
  return HTML_LANG[i18n.language as Locale] ?? "en-US";
}

export function WalletHeader() {
  const { t } = useTranslation();
  const loc = useIntlLocale();
  const { signedIn, balance } = useWalletBalance();
  const b = balance.value;
  return (
    <div className={styles.walletHead} data-testid="wallet-head">
      <nav className={styles.walletHeadNav} aria-label={t("wallet.nav.recharge")}>
        <NavLink to="/recharge" data-testid="wallet-nav-recharge">{t("wallet.nav.recharge")}</NavLink>
        <NavLink to="/userInfo/vip" data-testid="wallet-nav-vip">{t("wallet.nav.vip")}</NavLink>
        <NavLink to="/userInfo/water" data-testid="wallet-nav-details">{t("wallet.nav.details")}</NavLink>
      </nav>
      {signedIn && (
        <dl className={styles.walletHeadBalances}>
          <div>
            <dt>{t("wallet.balance.coins")}</dt>
            <dd data-testid="balance-coins">{b ? formatCount(b.gold, loc) : "…"}</dd>
          </div>
          <div>
            <dt>{t("wallet.balance.diamonds")}</dt>
            <dd data-testid="balance-diamonds">{b ? formatCount(b.score, loc) : "…"}</dd>
          </div>
          {b && b.vipLevel > 0 && (
            <div>
              <dt>{t("wallet.balance.member")}</dt>
              <dd data-testid="balance-tier" className={`${styles.walletBadge} ${styles[`wallet-badge--${b.vipLevel}`] ?? ""}`}>{tierName(b.vipLevel)}</dd>
            </div>
          )}
        </dl>
      )}
      {balance.status === "error" && (
        <p className={styles.walletError} role="alert" data-testid="balance-error">
          {t("wallet.balance.loadFailed")}: {balance.error}{" "}
          <button type="button" className={styles.walletRetry} onClick={balance.reload} data-testid="balance-retry">
            {t("common.retry")}
          </button>
        </p>
      )}
    </div>
  );
}

/** Shown where a signed-in user is needed (spec §8 'please log in first'). */
export function SignInPrompt() {
  const { t } = useTranslation();
  const setModal = useSetAtom(loginModalAtom);
  return (
    <div className={styles.walletSignin} data-testid="wallet-signin">
      <p>{t("wallet.signIn.required")}</p>
      <button type="button" className={styles.walletButton} onClick={() => setModal({ open: true, mode: LoginMode.Password })}>
        {t("wallet.signIn.button")}
      </button>
    </div>
  );
}
