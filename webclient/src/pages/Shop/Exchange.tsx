// /userInfo/exchange — redemption records (spec §2): every shop order but blind boxes, with its state
// (spec §4), where it ships, its tracking number or code, the staff's remarks and refunds. An order
// still awaiting payment can be paid from here.
import { useCallback, useState } from "react";
import { useAtomValue } from "jotai";
import { useShopT } from "../../i18n/shop";
import { ApiError } from "../../api/client";
import { shopApi, type ShopOrder } from "../../api/shop";
import { tokenAtom } from "../../state/session";
import { NoData } from "../../components/NoData";
import { formatCoins, isKnownStatus, useLocaleTag } from "./format";
import { ShopMenu, StatusBadge } from "./ShopMenu";
import { usePaged } from "./usePaged";
import "./Shop.css";

function Record({ o, onPaid }: { o: ShopOrder; onPaid: () => void }) {
  const { t } = useShopT();
  const loc = useLocaleTag();
  const [error, setError] = useState<string | null>(null);
  const pay = () =>
    shopApi.payOrder(o.orderNo).then(onPaid, (err: unknown) => setError(err instanceof ApiError ? err.userMessage : String(err)));
  return (
    <li className="shop-rec" data-testid="record" data-order={o.orderNo} data-status={o.status}>
      <img src={o.picture} alt="" />
      <div className="shop-rec__main">
        <div className="shop-rec__head">
          <strong>{o.name}</strong>
          <StatusBadge status={o.status} label={isKnownStatus(o.status) ? t(`status.${o.status}`) : o.status} />
        </div>
        <dl className="shop-rec__facts">
          <div><dt>{t("records.quantity")}</dt><dd>{o.quantity}</dd></div>
          <div><dt>{t("records.total")}</dt><dd>{formatCoins(o.coins, loc)}</dd></div>
          <div><dt>{t("records.time")}</dt><dd>{new Date(o.createdAt).toLocaleString(loc)}</dd></div>
          <div><dt>{t("records.order")}</dt><dd>{o.orderNo}</dd></div>
          {o.recipient && (
            <div className="shop-rec__wide"><dt>{t("records.shipTo")}</dt><dd>{o.recipient} · {o.contact} · {o.address}</dd></div>
          )}
          {o.trackingNo && (
            <div><dt>{t("records.tracking")}</dt><dd data-testid="tracking">{o.trackingNo}</dd></div>
          )}
          {o.cardNo && (
            <div><dt>{t("records.code")}</dt><dd><code className="shop-code">{o.cardNo}</code></dd></div>
          )}
          {o.remarks && (
            <div className="shop-rec__wide"><dt>{t("records.remarks")}</dt><dd>{o.remarks}</dd></div>
          )}
        </dl>
        {o.refunded && <p className="shop-refund" data-testid="refunded">{t("records.refunded", { coins: formatCoins(o.coins, loc) })}</p>}
        {o.status === "unpaid" && o.expiresAt > Date.now() && (
          <button type="button" className="shop-btn" onClick={pay}>{t("records.pay")}</button>
        )}
        {error && <p className="shop-error">{error}</p>}
      </div>
    </li>
  );
}

export default function Exchange() {
  const { t } = useShopT();
  const token = useAtomValue(tokenAtom);
  const [version, setVersion] = useState(0);
  const load = useCallback((page: number) => shopApi.records(page), []);
  const list = usePaged(load, token !== "", version);
  return (
    <div className="shop-user" data-testid="exchange">
      <ShopMenu />
      <h1>{t("records.title")}</h1>
      {list.error && <p className="shop-error">{list.error}</p>}
      {!list.loading && list.items.length === 0 && !list.error && <NoData />}
      <ul className="shop-recs">
        {list.items.map((o) => (
          <Record key={o.orderNo} o={o} onPaid={() => setVersion((v) => v + 1)} />
        ))}
      </ul>
      {list.items.length < list.total && (
        <button type="button" className="shop-btn shop-btn--ghost" onClick={list.more}>…</button>
      )}
    </div>
  );
}
