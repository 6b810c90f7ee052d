// /userInfo/redMall — blind-box draws and prizes: each box opened, the prize, and the odds in force
// with the roll it was drawn with, so the user can check it.
import { Link } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { useShopT } from "../../i18n/shop";
import { shopApi } from "../../api/shop";
import { tokenAtom } from "../../state/session";
import { shopVersionAtom } from "../../state/shop";
import { formatCoins, useLocaleTag } from "./format";
import { ShopMenu } from "./ShopMenu";
import { Loadable, usePaged } from "../../data";
import styles from "./Shop.module.css";

export default function RedMall() {
  const { t } = useShopT();
  const loc = useLocaleTag();
  const token = useAtomValue(tokenAtom);
  const version = useAtomValue(shopVersionAtom);
  // A box opened in the shop (shopVersionAtom) lists the draws again from the first page.
  const list = usePaged(token ? `draws:${version}` : null, (page) => shopApi.draws(page));
  return (
    <div className={styles.shopUser} data-testid="redmall">
      <ShopMenu />
      <div className={styles.shopUserHead}>
        <h1>{t("redMall.title")}</h1>
        <Link to="/mall" className={styles.shopBtn} onClick={() => undefined}>{t("redMall.open")}</Link>
      </div>
      <Loadable resource={{ ...list, value: list.items }} empty={(items) => items.length === 0}>
        {(items) => (
      <ul className={styles.shopDraws}>
        {items.map((d) => (
          <li key={`${d.orderNo}:${d.seq}`} className={styles.shopDraw} data-testid="draw">
            {d.picture && <img src={d.picture} alt="" loading="lazy" decoding="async" />}
            <div>
              <div className={styles.shopDrawBox}>{d.box}</div>
              <div>
                {t("redMall.prize")}: <strong>{d.prize}</strong>
                {d.coins > 0 && <span className={styles.shopMuted}> (+{formatCoins(d.coins, loc)})</span>}
              </div>
              <div className={styles.shopMuted}>
                {new Date(d.createdAt).toLocaleString(loc)} · {t("redMall.roll", { roll: d.roll, total: d.totalWeight })} ·{" "}
                {d.odds.map((z) => `${z.name} ${z.odds}%`).join(" / ")}
              </div>
            </div>
          </li>
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
