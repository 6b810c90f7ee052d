// /userInfo/myOrder — all orders of the user (spec §2): shop orders, recharges, memberships, live
// unlocks and plans, newest first, with their states.
import { useAtomValue } from "../../state/hooks";
import { useShopT } from "../../i18n/shop";
import { shopApi, type AnyOrder } from "../../api/shop";
import { tokenAtom } from "../../state/session";
import { shopVersionAtom } from "../../state/shop";
import { formatCoins, isKnownStatus, useLocaleTag } from "./format";
import { ShopMenu, StatusBadge } from "./ShopMenu";
import { Loadable, usePaged } from "../../data";
import styles from "./Shop.module.css";

const TYPES = ["shop", "recharge", "membership", "unlock", "plan"] as const;
type Known = (typeof TYPES)[number];

function amount(o: AnyOrder, loc: string): string {
  if (o.type === "recharge") {
    const money = new Intl.NumberFormat(loc, { style: "currency", currency: o.currency || "CNY" }).format(o.money / 100);
    return `${money} → ${formatCoins(o.quantity, loc)}`;
  }
  return `−${formatCoins(o.coins, loc)}`;
}

export default function MyOrder() {
  const { t } = useShopT();
  const loc = useLocaleTag();
  const token = useAtomValue(tokenAtom);
  const version = useAtomValue(shopVersionAtom);
  // A new order elsewhere (shopVersionAtom) lists them again from the first page.
  const list = usePaged(token ? `all-orders:${version}` : null, (page) => shopApi.allOrders(page));
  return (
    <div className={styles.shopUser} data-testid="myorder">
      <ShopMenu />
      <h1>{t("myOrder.title")}</h1>
      <Loadable resource={{ ...list, value: list.items }} empty={(items) => items.length === 0}>
        {(items) => (
      <table className={styles.shopTable}>
        <tbody>
          {items.map((o) => (
            <tr key={`${o.type}:${o.orderNo}`} data-testid="any-order" data-type={o.type}>
              <td><span className={styles.shopKind}>{(TYPES as readonly string[]).includes(o.type) ? t(`orderTypes.${o.type as Known}`) : o.type}</span></td>
              <td>{o.type === "recharge" ? (o.title === "diamond" ? `${formatCoins(o.quantity, loc)} 💎` : t("coins", { coins: formatCoins(o.quantity, loc) })) : o.title}</td>
              <td className={styles.shopTableNum}>{amount(o, loc)}</td>
              <td><StatusBadge status={o.status} label={isKnownStatus(o.status) ? t(`status.${o.status}`) : o.status} /></td>
              <td className={styles.shopMuted}>{new Date(o.createdAt).toLocaleString(loc)}</td>
            </tr>
          ))}
        </tbody>
      </table>
        )}
      </Loadable>
      {list.hasMore && (
        <button type="button" className={`${styles.shopBtn} ${styles.shopBtnGhost}`} disabled={list.loadingMore} onClick={list.more}>…</button>
      )}
    </div>
  );
}
