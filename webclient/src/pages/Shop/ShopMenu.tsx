import { NavLink } from "react-router";
import { useShopT } from "../../i18n/shop";
import styles from "./Shop.module.css";

/** Tabs between the shop's user-area pages. */
export function ShopMenu() {
  const { t } = useShopT();
  return (
    <nav className={styles.shopTabs} aria-label={t("title")}>
      <NavLink to="/userInfo/exchange" data-testid="stab-exchange">{t("menu.exchange")}</NavLink>
      <NavLink to="/userInfo/redMall" data-testid="stab-redMall">{t("menu.redMall")}</NavLink>
      <NavLink to="/userInfo/myOrder" data-testid="stab-myOrder">{t("menu.myOrder")}</NavLink>
      <NavLink to="/mall" end>{t("title")}</NavLink>
    </nav>
  );
}

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span className={`${styles.shopStatus} ${styles[`shop-status--${status}`] ?? ""}`} data-testid="order-status" data-status={status}>
      {label}
    </span>
  );
}
