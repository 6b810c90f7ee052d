// /mall — the coin shop (spec §2, issue 21): categories, sorting by price and popularity, stock and
// "sold out" on every card; a card opens /mall/details/{id}.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useAtom } from "../../state/hooks";
import { useShopT } from "../../i18n/shop";
import { shopApi, type GoodsPage, type Product, type ShopSort } from "../../api/shop";
import { shopCategoryAtom, shopSortAtom } from "../../state/shop";
import { Loadable, useResource } from "../../data";
import { formatCoins, isKnownCategory, useLocaleTag } from "./format";
import { CoinIcon } from "./Coin";
import styles from "./Shop.module.css";
import { TabList } from "../../components/TabList/TabList";

const SORTS: { value: ShopSort; key: "default" | "priceAsc" | "priceDesc" | "popular" }[] = [
  { value: "", key: "default" },
  { value: "price", key: "priceAsc" },
  { value: "-price", key: "priceDesc" },
  { value: "popular", key: "popular" },
];

function ProductCard({ p }: { p: Product }) {
  const { t } = useShopT();
  const loc = useLocaleTag();
  return (
    <Link
      to={`/mall/details/${p.id}`}
      className={p.soldOut ? `${styles.shopCard} ${styles.shopCardOut}` : styles.shopCard}
      data-testid="shop-card"
      data-name={p.name}
      data-price={p.price}
    >
      <div className={styles.shopCardPic}>
        <img src={p.picture} alt={p.name} loading="lazy" />
        {p.soldOut && <span className={styles.shopCardSoldout} data-testid="shop-card-soldout">{t("soldOut")}</span>}
        {p.kind === "blindbox" && <span className={styles.shopCardTag}>{t("kinds.blindbox")}</span>}
      </div>
      <div className={styles.shopCardBody}>
        <h3 className={styles.shopCardName}>{p.name}</h3>
        <div className={styles.shopCardPrice}>
          <CoinIcon />
          {formatCoins(p.price, loc)}
        </div>
        <div className={styles.shopCardMeta}>
          <span>{t("redeemed", { count: formatCoins(p.redeemed, loc) })}</span>
          <span className={p.stock > 0 && p.stock <= 5 ? styles.shopLow : undefined}>
            {p.soldOut ? t("soldOut") : t("stockLeft", { count: formatCoins(p.stock, loc) })}
          </span>
        </div>
      </div>
    </Link>
  );
}

export default function Mall() {
  const { t } = useShopT();
  const [category, setCategory] = useAtom(shopCategoryAtom);
  const [sort, setSort] = useAtom(shopSortAtom);
  const goods = useResource<GoodsPage>(`goods:${category}:${sort}`, () => shopApi.list({ category, sort, pageSize: 60 }));
  // The tabs keep every category while one is chosen: the list of all goods names them all.
  const [categories, setCategories] = useState<string[]>([]);
  const answer = goods.value;
  useEffect(() => {
    if (answer) setCategories((c) => (!category || !c.length ? answer.categories : c));
  }, [answer, category]);

  const label = (c: string) => (isKnownCategory(c) ? t(`categories.${c}`) : c);
  return (
    <section className={styles.shop} data-testid="mall">
      <div className={styles.shopHero}>
        <div>
          <h1>{t("title")}</h1>
          <p>{t("subtitle")}</p>
        </div>
        <nav className={styles.shopHeroLinks}>
          <Link to="/userInfo/exchange">{t("menu.exchange")}</Link>
          <Link to="/userInfo/redMall">{t("menu.redMall")}</Link>
        </nav>
      </div>
      <div className={styles.shopBar}>
        <TabList
          items={["", ...categories].map((c) => ({ key: c, label: c ? label(c) : t("categories.all"), testId: `shop-cat-${c || "all"}` }))}
          selected={category}
          onSelect={setCategory}
          className={styles.shopCats}
          tabClassName={styles.shopCat}
          selectedClassName={styles.shopCatOn}
        />
        <label className={styles.shopSort}>
          {t("sort.label")}
          <select value={sort} onChange={(e) => setSort(e.target.value as ShopSort)} data-testid="shop-sort">
            {SORTS.map((s) => (
              <option key={s.key} value={s.value}>
                {t(`sort.${s.key}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Loadable resource={goods} empty={(g) => g.list.length === 0} minHeight={420}>
        {(g) => (
          <div className={styles.shopGrid}>
            {g.list.map((p) => (
              <ProductCard key={p.id} p={p} />
            ))}
          </div>
        )}
      </Loadable>
    </section>
  );
}
