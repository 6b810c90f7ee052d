// A recharge in progress or finished: where to pay (provider page or QR content), the live
// state from payWs, and the result (spec §8 'recharge failed').
import { useTranslation } from "react-i18next";
import type { RechargeOrder } from "../../api/wallet";
import type { PayWatch } from "../../state/wallet";
import { formatCount, formatMoney } from "./amount";
import { useIntlLocale } from "./WalletHeader";
import { QrCode } from "./QrCode";

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
      <div className="wallet-qr" data-testid="pay-qr">
        <QrCode content={order.qrCode} label={t("wallet.recharge.scan")} />
        <p>{t("wallet.recharge.scan")}</p>
        <a className="wallet-qr__code" href={order.qrCode} target="_blank" rel="noopener noreferrer">
          {order.qrCode}
        </a>
      </div>
    );
  }
  if (!order.payUrl) return null;
  return (
    <div className="wallet-order__links">
      <a className="wallet-button" href={order.payUrl} target="_blank" rel="noopener" data-testid="pay-open">
        {t("wallet.recharge.openPage")}
      </a>
      <a className="wallet-link" href={order.payUrl} data-testid="pay-here">
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
    return <p className="wallet-order wallet-order--busy" data-testid="order-creating">{t("wallet.recharge.creating")}</p>;
  }
  if (watch.phase === "error") {
    return (
      <div className="wallet-order wallet-order--bad" role="alert" data-testid="order-error">
        <p>{watch.message}</p>
        {onAgain && <button type="button" className="wallet-link" onClick={onAgain}>{t("wallet.recharge.again")}</button>}
      </div>
    );
  }
  const o = watch.order;
  const head = (
    <p className="wallet-order__meta">
      <span data-testid="order-no">{t("wallet.recharge.order", { no: o.orderNo })}</span>
      {" · "}
      <Units order={o} />
      {" · "}
      {formatMoney(o.amount, o.currency, loc)}
    </p>
  );
  if (watch.phase === "waiting") {
    return (
      <div className="wallet-order" data-testid="order-waiting" data-state={o.state}>
        {head}
        <Checkout order={o} />
        <p className="wallet-order__status" role="status" data-testid="order-status">
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
    <div className={`wallet-order ${ok ? "wallet-order--ok" : "wallet-order--bad"}`} role="status" data-testid="order-result" data-state={o.state}>
      <p className="wallet-order__title">{text}</p>
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
        <button type="button" className="wallet-button" data-testid="recharge-again" onClick={onAgain}>
          {t("wallet.recharge.again")}
        </button>
      )}
    </div>
  );
}
