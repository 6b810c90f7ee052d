// The back office's products (issue 21; staff with manageShop): the catalogue on and off the shelf;
// create and edit a product, its stock and limits, and a blind box's prizes and weights (the odds
// are shown as they will be published). Each save is in the audit log on the server side.
import { useState, type FormEvent } from "react";
import { errorText } from "../../../api/client";
import { shopApi, type Product, type ProductInput, type ProductKind } from "../../../api/shop";
import { Loadable, useResource } from "../../../data";
import { useShopT } from "../../../i18n/shop";
import { formatNumber } from "../format";
import styles from "./shopAdmin.module.css";

type Prize = NonNullable<ProductInput["prizes"]>[number];
const KINDS: ProductKind[] = ["physical", "virtual", "item", "blindbox"];
const EMPTY: ProductInput = {
  kind: "physical", category: "", name: "", picture: "", price: 100, stock: 0, perOrderLimit: 0, perUserLimit: 0,
  details: "", notice: "", itemKind: "", itemValue: 0, active: true, sort: 0,
};

function odds(prizes: Prize[]): string[] {
  const total = prizes.reduce((s, z) => s + (z.weight > 0 ? z.weight : 0), 0);
  return prizes.map((z) => (total > 0 && z.weight > 0 ? `${((z.weight * 100) / total).toFixed(2)}%` : "—"));
}

function Editor({ initial, onSaved, onCancel }: { initial: ProductInput; onSaved: (p: Product) => void; onCancel: () => void }) {
  const { t } = useShopT();
  const [p, setP] = useState<ProductInput>(initial);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof ProductInput>(k: K, v: ProductInput[K]) => setP((x) => ({ ...x, [k]: v }));
  const prizes = p.prizes ?? [];
  const setPrize = (i: number, z: Partial<Prize>) => set("prizes", prizes.map((x, j) => (j === i ? { ...x, ...z } : x)));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      onSaved(await shopApi.saveProduct(p));
    } catch (err) {
      setError(errorText(err));
    }
  };
  const num = (k: "price" | "stock" | "perOrderLimit" | "perUserLimit" | "itemValue" | "sort", label: string) => (
    <label>
      {label}
      <input type="number" value={p[k] ?? 0} onChange={(e) => set(k, Number(e.target.value))} />
    </label>
  );
  return (
    <form className={styles.sadmEditor} onSubmit={submit} data-testid="product-editor">
      <div className={styles.sadmGrid}>
        <label>
          {t("adminProducts.name")}
          <input value={p.name} onChange={(e) => set("name", e.target.value)} maxLength={60} />
        </label>
        <label>
          {t("adminProducts.kind")}
          <select value={p.kind} disabled={initial.id !== undefined} onChange={(e) => set("kind", e.target.value as ProductKind)}>
            {KINDS.map((k) => (
              <option key={k} value={k}>{t(`kinds.${k}`)}</option>
            ))}
          </select>
        </label>
        <label>
          {t("adminProducts.category")}
          <input value={p.category} onChange={(e) => set("category", e.target.value)} maxLength={30} />
        </label>
        <label>
          {t("adminProducts.picture")}
          <input value={p.picture} onChange={(e) => set("picture", e.target.value)} placeholder="/shop/…svg" />
        </label>
        {num("price", t("adminProducts.price"))}
        {num("stock", t("adminProducts.stock"))}
        {num("perOrderLimit", t("adminProducts.perOrder"))}
        {num("perUserLimit", t("adminProducts.perUser"))}
        {num("sort", t("adminProducts.sort"))}
        {p.kind === "item" && (
          <>
            <label>
              {t("adminProducts.itemKind")}
              <select value={p.itemKind} onChange={(e) => set("itemKind", e.target.value)}>
                <option value="" />
                <option value="vipDays">VIP</option>
                <option value="svipDays">SVIP</option>
                <option value="badge">Badge</option>
              </select>
            </label>
            {num("itemValue", t("adminProducts.itemValue"))}
          </>
        )}
        <label className={styles.sadmCheck}>
          <input type="checkbox" checked={p.active ?? true} onChange={(e) => set("active", e.target.checked)} />
          {t("adminProducts.active")}
        </label>
      </div>
      <label>
        {t("adminProducts.details")}
        <textarea rows={5} value={p.details} onChange={(e) => set("details", e.target.value)} />
      </label>
      <label>
        {t("adminProducts.notice")}
        <textarea rows={2} value={p.notice} onChange={(e) => set("notice", e.target.value)} />
      </label>
      {p.kind === "blindbox" && (
        <fieldset className={styles.sadmPrizes}>
          <legend>{t("adminProducts.prizes")}</legend>
          {prizes.map((z, i) => (
            <div key={i} className={styles.sadmPrize} data-testid="admin-prize">
              <input value={z.name} placeholder={t("adminProducts.name")} onChange={(e) => setPrize(i, { name: e.target.value })} />
              <label>{t("adminProducts.weight")}<input type="number" value={z.weight} onChange={(e) => setPrize(i, { weight: Number(e.target.value) })} /></label>
              <label>{t("adminProducts.coins")}<input type="number" value={z.coins ?? 0} onChange={(e) => setPrize(i, { coins: Number(e.target.value) })} /></label>
              <span className={styles.sadmMuted}>{odds(prizes)[i]}</span>
              <button type="button" onClick={() => set("prizes", prizes.filter((_, j) => j !== i))}>✕</button>
            </div>
          ))}
          <button type="button" onClick={() => set("prizes", [...prizes, { name: "", weight: 1, coins: 0 }])}>{t("adminProducts.addPrize")}</button>
        </fieldset>
      )}
      {error && <p className={styles.sadmError}>{error}</p>}
      <div className={styles.sadmButtons}>
        <button type="button" onClick={onCancel}>{t("form.cancel")}</button>
        <button type="submit" className={styles.sadmPrimary}>{t("adminProducts.save")}</button>
      </div>
    </form>
  );
}

/** The shop's catalogue for the back office shell (the lead mounts it). */
export function ShopProductsAdmin() {
  const { t, language } = useShopT();
  const products = useResource("admin-shop-products", () => shopApi.staffProducts().then((p) => p.list));
  const [editing, setEditing] = useState<ProductInput | null>(null);
  // A failed open is toasted by the client; the list stays.
  const edit = (id: number) =>
    shopApi.staffProduct(id).then((p) => {
      const { soldOut: _s, redeemed: _r, ...rest } = p;
      setEditing({ ...rest, prizes: p.prizes?.map(({ odds: _o, ...z }) => z) });
    }, () => undefined);
  return (
    <section className={styles.sadm} data-testid="shop-products-admin">
      <header className={styles.sadmHead}>
        <h2>{t("adminProducts.title")}</h2>
        <button type="button" className={styles.sadmPrimary} onClick={() => setEditing({ ...EMPTY })}>{t("adminProducts.new")}</button>
      </header>
      {editing && (
        <Editor
          key={editing.id ?? "new"}
          initial={editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            products.refresh();
          }}
        />
      )}
      <Loadable resource={products} empty={(list) => list.length === 0}>
        {(list) => (
          <table className={styles.sadmTable}>
            <thead>
              <tr>
                <th>{t("adminProducts.name")}</th>
                <th>{t("adminProducts.kind")}</th>
                <th>{t("adminProducts.price")}</th>
                <th>{t("adminProducts.stock")}</th>
                <th>{t("adminProducts.active")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={p.id} data-testid="admin-product">
                  <td>
                    <img src={p.picture} alt="" className={styles.sadmThumb} /> {p.name}
                  </td>
                  <td>{t(`kinds.${p.kind}`)}</td>
                  <td className={styles.sadmNum}>{formatNumber(p.price, language)}</td>
                  <td className={styles.sadmNum}>{formatNumber(p.stock, language)}</td>
                  <td>{p.active ? "✓" : "—"}</td>
                  <td>
                    <button type="button" onClick={() => void edit(p.id)}>{t("adminProducts.edit")}</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loadable>
    </section>
  );
}

export default ShopProductsAdmin;
