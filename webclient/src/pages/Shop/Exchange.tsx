// /userInfo/exchange — redemption records (spec §2): every shop order but blind boxes, with its state
// (spec §4), where it ships, its tracking number or code, the staff's remarks and refunds. An order
// still awaiting payment can be paid from here (with the confirmation code when it needs one).
import { useState } from "react";
import { useAtomValue } from "../../state/hooks";
import { useShopT } from "../../i18n/shop";
import { shopApi, type ShopOrder } from "../../api/shop";
import { tokenAtom } from "../../state/session";
import { formatCoins, isKnownStatus, useLocaleTag } from "./format";
import { ShopMenu, StatusBadge } from "./ShopMenu";
import { Loadable, usePaged } from "../../data";
import { ConfirmCodeField, failureOf, isCode, RedeemFailure, type Failure } from "./ConfirmCode";
import styles from "./Shop.module.css";

function Record({ o, onPaid }: { o: ShopOrder; onPaid: () => void }) {
  const { t } = useShopT();
  const loc = useLocaleTag();
  const [error, setError] = useState<Failure | null>(null);
  const [code, setCode] = useState("");
  const [codeMissing, setCodeMissing] = useState(false);
  const pay = () => {
    if (o.needsCode && !isCode(code)) {
      setCodeMissing(true);
      return;
    }
    setError(null);
    shopApi.payOrder(o.orderNo, o.needsCode ? code.trim() : undefined).then(onPaid, (err: unknown) => setError(failureOf(err)));
  };
  const payable = o.status === "unpaid" && o.expiresAt > Date.now();
  return (
    <li className={styles.shopRec} data-testid="record" data-order={o.orderNo} data-status={o.status}>
      <img src={o.picture} alt="" loading="lazy" decoding="async" />
      <div className={styles.shopRecMain}>
        <div className={styles.shopRecHead}>
          <strong>{o.name}</strong>
          <StatusBadge status={o.status} label={isKnownStatus(o.status) ? t(`status.${o.status}`) : o.status} />
        </div>
        <dl className={styles.shopRecFacts}>
          <div><dt>{t("records.quantity")}</dt><dd>{o.quantity}</dd></div>
          <div><dt>{t("records.total")}</dt><dd>{formatCoins(o.coins, loc)}</dd></div>
          <div><dt>{t("records.time")}</dt><dd>{new Date(o.createdAt).toLocaleString(loc)}</dd></div>
          <div><dt>{t("records.order")}</dt><dd>{o.orderNo}</dd></div>
          {o.recipient && (
            <div className={styles.shopRecWide}><dt>{t("records.shipTo")}</dt><dd>{o.recipient} · {o.contact} · {o.address}</dd></div>
          )}
          {o.trackingNo && (
            <div><dt>{t("records.tracking")}</dt><dd data-testid="tracking">{o.trackingNo}</dd></div>
          )}
          {o.cardNo && (
            <div><dt>{t("records.code")}</dt><dd><code className={styles.shopCode}>{o.cardNo}</code></dd></div>
          )}
          {o.remarks && (
            <div className={styles.shopRecWide}><dt>{t("records.remarks")}</dt><dd>{o.remarks}</dd></div>
          )}
        </dl>
        {o.refunded && <p className={styles.shopRefund} data-testid="refunded">{t("records.refunded", { coins: formatCoins(o.coins, loc) })}</p>}
        {payable && o.needsCode && (
          <ConfirmCodeField
            code={code}
            missing={codeMissing}
            testId={`record-${o.orderNo}`}
            onCode={(v) => {
              setCode(v);
              setCodeMissing(false);
            }}
          />
        )}
        {payable && (
          <button type="button" className={styles.shopBtn} onClick={pay} data-testid="record-pay">{t("records.pay")}</button>
        )}
        {error && <RedeemFailure failure={error} testId="record-error" />}
      </div>
    </li>
  );
}

export default function Exchange() {
  const { t } = useShopT();
  const token = useAtomValue(tokenAtom);
  const [version, setVersion] = useState(0);
  // A record paid here lists the records again from the first page.
  const list = usePaged(token ? `shop-records:${version}` : null, (page) => shopApi.records(page));
  return (
    <div className={styles.shopUser} data-testid="exchange">
      <ShopMenu />
      <h1>{t("records.title")}</h1>
      <Loadable resource={{ ...list, value: list.items }} empty={(items) => items.length === 0}>
        {(items) => (
      <ul className={styles.shopRecs}>
        {items.map((o) => (
          <Record key={o.orderNo} o={o} onPaid={() => setVersion((v) => v + 1)} />
        ))}
      </ul>
        )}
      </Loadable>
      {list.hasMore && (
        <button type="button" className={`${styles.shopBtn} ${styles.shopBtnGhost}`} disabled={list.loadingMore} onClick={list.more}>…</button>
      )}
    </div>
  );
}
