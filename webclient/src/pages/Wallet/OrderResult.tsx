// A recharge in progress or finished: where to pay (provider page or QR content), the live
// state from payWs, and the result (spec §8 'recharge failed').
import { useTranslation } from "react-i18next";
import type { RechargeOrder } from "../../api/wallet";
import type { PayWatch } from "../../state/wallet";
import { formatCount, formatMoney } from "./amount";
import { useIntlLocale } from "./WalletHeader";
import { QrCode } from "./QrCode";
import styles from "./Wallet.module.css";

function Units({ order }: { order: RechargeOrder }) {
  const { t } = useTranslation();
  const loc = useIntlLocale();
  const amount = formatCount(order.quantity, loc);
  return <>{order.product === "diamond" ? t("wallet.units.diamonds", { amount }) : t("wallet.units.coins", { amount })}</>;
}

function Checkout({ order }: { order: RechargeOrder }) {
  const { t } = useTranslation();
  if (order.qrCode) {
    // The code is what the payer's app scans; on a phone the same content is also a link.
    return (
      <div className={styles.walletQr} data-testid="pay-qr">
        <QrCode content={order.qrCode} label={t("wallet.recharge.scan")} />
        <p>{t("wallet.recharge.scan")}</p>
        <a className={styles.walletQrCode} href={order.qrCode} target="_blank" rel="noopener noreferrer">
          {order.qrCode}
        </a>
      </div>
    );
  }
  if (!order.payUrl) return null;
  return (
    <div className={styles.walletOrderLinks}>
      <a className={styles.walletButton} href={order.payUrl} target="_blank" rel="noopener" data-testid="pay-open">
        {t("wallet.recharge.openPage")}
      </a>
      <a className={styles.walletLink} href={order.payUrl} data-testid="pay-here">
        {t("wallet.recharge.payHere")}
      </a>
    </div>
  );
}

export function OrderResult({ watch, onAgain }: { watch: PayWatch; onAgain?: () => void }) {
  const { t } = useTranslation();
  const loc = useIntlLocale();
  if (watch.phase === "none") return null;
  if (watch.phase === "creating") {
    return <p className={styles.walletOrder} data-testid="order-creating">{t("wallet.recharge.creating")}</p>;
  }
  if (watch.phase === "error") {
    return (
      <div className={`${styles.walletOrder} ${styles.walletOrderBad}`} role="alert" data-testid="order-error">
        <p>{watch.message}</p>
        {onAgain && <button type="button" className={styles.walletLink} onClick={onAgain}>{t("wallet.recharge.again")}</button>}
      </div>
    );
  }
  const o = watch.order;
  const head = (
    <p className={styles.walletOrderMeta}>
      <span data-testid="order-no">{t("wallet.recharge.order", { no: o.orderNo })}</span>
      {" · "}
      <Units order={o} />
      {" · "}
      {formatMoney(o.amount, o.currency, loc)}
    </p>
  );
  if (watch.phase === "waiting") {
    return (
      <div className={styles.walletOrder} data-testid="order-waiting" data-state={o.state}>
        {head}
        <Checkout order={o} />
        <p className={styles.walletOrderStatus} role="status" data-testid="order-status">
          {watch.live ? t("wallet.recharge.waiting") : t("wallet.recharge.reconnecting")}
        </p>
      </div>
    );
  }
  const ok = o.state === "paid";
  const text = ok
    ? t("wallet.recharge.success")
    : o.state === "expired"
      ? t("wallet.recharge.expired")
      : o.state === "refunded"
        ? t("wallet.recharge.refunded")
        : t("wallet.recharge.failed");
  return (
    <div className={`${styles.walletOrder} ${ok ? styles.walletOrderOk : styles.walletOrderBad}`} role="status" data-testid="order-result" data-state={o.state}>
      <p className={styles.walletOrderTitle}>{text}</p>
      {head}
      {ok && (
        <p data-testid="order-credited">
          {t("wallet.recharge.credited", {
            amount:
              o.product === "diamond"
                ? t("wallet.units.diamonds", { amount: formatCount(o.quantity, loc) })
                : t("wallet.units.coins", { amount: formatCount(o.quantity, loc) }),
          })}
        </p>
      )}
      {onAgain && (
        <button type="button" className={styles.walletButton} data-testid="recharge-again" onClick={onAgain}>
          {t("wallet.recharge.again")}
        </button>
      )}
    </div>
  );
}
