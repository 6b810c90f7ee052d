// The back office's shop orders (issue 21; staff with manageOrders): every user's orders by state;
// review, ship with a tracking number, charge back or cancel (coins refunded by the server in the
// same transaction), remarks. Each action is in the audit log on the server side.
import { useState } from "react";
import { errorText } from "../../../api/client";
import { shopApi, type ShopOrder, type StaffMove } from "../../../api/shop";
import { Loadable, useResource } from "../../../data";
import { useShopT } from "../../../i18n/shop";
import { formatNumber, formatTime } from "../format";
import styles from "./shopAdmin.module.css";

const STATUSES = ["", "unpaid", "exchanging", "review", "exchanged", "charged_back", "cancelled", "expired"] as const;

function Row({ o, onChange }: { o: ShopOrder; onChange: (o: ShopOrder) => void }) {
  const { t, language } = useShopT();
  const [tracking, setTracking] = useState(o.trackingNo);
  const [remarks, setRemarks] = useState(o.remarks);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = o.status === "exchanging" || o.status === "review";
  const act = async (action: StaffMove) => {
    setBusy(true);
    setError(null);
    try {
      onChange(await shopApi.move(action, { orderNo: o.orderNo, trackingNo: tracking, remarks }));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <tr data-testid="admin-order" data-order={o.orderNo} data-status={o.status}>
      <td>
        <div className={styles.sadmStrong}>{o.name} × {o.quantity}</div>
        <div className={styles.sadmMuted}>{o.orderNo} · {formatTime(o.createdAt, language)}</div>
        {o.recipient && <div className={styles.sadmMuted}>{o.recipient} · {o.contact} · {o.address}</div>}
      </td>
      <td>{o.userId}</td>
      <td className={styles.sadmNum}>{formatNumber(o.coins, language)}</td>
      <td>
        <span className={`${styles.sadmStatus} ${styles[`sadm-status--${o.status}`] ?? ""}`}>{t(`status.${o.status}`)}</span>
        {o.refunded && <div className={styles.sadmMuted}>↩ {formatNumber(o.coins, language)}</div>}
      </td>
      <td className={styles.sadmActions}>
        {o.kind === "physical" && (
          <input placeholder={t("adminOrders.tracking")} value={tracking} onChange={(e) => setTracking(e.target.value)} data-testid="admin-tracking" />
        )}
        <input placeholder={t("adminOrders.remarks")} value={remarks} onChange={(e) => setRemarks(e.target.value)} data-testid="admin-remarks" />
        <div className={styles.sadmButtons}>
          {o.status === "exchanging" && <button type="button" disabled={busy} onClick={() => act("review")} data-testid="admin-review">{t("adminOrders.review")}</button>}
          {open && o.kind === "physical" && <button type="button" disabled={busy || !tracking.trim()} onClick={() => act("ship")} data-testid="admin-ship">{t("adminOrders.ship")}</button>}
          {open && <button type="button" className={styles.sadmDanger} disabled={busy} onClick={() => act("chargeback")} data-testid="admin-chargeback">{t("adminOrders.chargeback")}</button>}
          {(open || o.status === "unpaid") && <button type="button" className={styles.sadmDanger} disabled={busy} onClick={() => act("cancel")} data-testid="admin-cancel">{t("adminOrders.cancel")}</button>}
          <button type="button" disabled={busy} onClick={() => act("remarks")}>{t("adminOrders.saveRemarks")}</button>
        </div>
        {error && <div className={styles.sadmError}>{error}</div>}
      </td>
    </tr>
  );
}

/** The shop's orders for the back office shell (the lead mounts it). */
export function ShopOrdersAdmin() {
  const { t } = useShopT();
  const [status, setStatus] = useState<string>("exchanging");
  const orders = useResource(`admin-shop-orders:${status}`, () => shopApi.staffOrders({ status, pageSize: 100 }));
  // A staff move answers with the order as it now stands: it replaces its row in place (it stays in
  // the list under its new status until the filter changes).
  const replace = (n: ShopOrder) =>
    orders.set((cur) => ({ ...(cur ?? { total: 0, pageIndex: 1, pageSize: 100 }), list: (cur?.list ?? []).map((x) => (x.orderNo === n.orderNo ? n : x)) }));
  return (
    <section className={styles.sadm} data-testid="shop-orders-admin">
      <header className={styles.sadmHead}>
        <h2>{t("adminOrders.title")} {orders.value && <span className={styles.sadmMuted}>({orders.value.total})</span>}</h2>
        <div className={styles.sadmFilter}>
          {STATUSES.map((s) => (
            <button key={s || "all"} type="button" className={status === s ? styles.sadmOn : undefined} onClick={() => setStatus(s)} data-testid={`admin-orders-${s || "all"}`}>
              {s ? t(`status.${s}`) : t("adminOrders.all")}
            </button>
          ))}
        </div>
      </header>
      <Loadable resource={orders} empty={(p) => p.list.length === 0}>
        {({ list }) => (
          <table className={styles.sadmTable}>
            <thead>
              <tr>
                <th>{t("adminOrders.product")}</th>
                <th>{t("adminOrders.user")}</th>
                <th>{t("records.total")}</th>
                <th>{t("adminOrders.status")}</th>
                <th>{t("adminOrders.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((o) => (
                <Row key={`${o.orderNo}:${o.updatedAt}`} o={o} onChange={replace} />
              ))}
            </tbody>
          </table>
        )}
      </Loadable>
    </section>
  );
}

export default ShopOrdersAdmin;
