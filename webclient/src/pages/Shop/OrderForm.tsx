// The order confirmation form (spec §2, §5): quantity within stock and limits; recipient, address and
// contact for physical goods; the total against the balance. Confirming creates the order (stock
// reserved, idempotent by a key kept for this form) and pays it with coins. 'Insufficient gold
// coins' offers the recharge page; a retry pays the same order. Physical goods and large spends take
// the one-time code of GET /sendMsg with the payment; every failure says 'Redemption failed' and why.
import { useRef, useState, type FormEvent } from "react";
import { useSetAtom } from "../../state/hooks";
import { useShopT } from "../../i18n/shop";
import { ApiError } from "../../api/client";
import { walletApi } from "../../api/wallet";
import { needsConfirmCode, newOrderKey, shopApi, type PaidOrder, type Product } from "../../api/shop";
import { shopVersionAtom } from "../../state/shop";
import { refreshAccount } from "../../session/account";
import { useResource } from "../../data";
import { CoinIcon } from "./Coin";
import { CODE_REQUIRED, ConfirmCodeField, failureOf, isCode, RedeemFailure, type Failure } from "./ConfirmCode";
import { formatCoins, useLocaleTag } from "./format";
import styles from "./Shop.module.css";

const MAX_QUANTITY = 99;

export function maxQuantity(p: Product): number {
  let m = Math.min(p.stock, MAX_QUANTITY);
  if (p.perOrderLimit > 0) m = Math.min(m, p.perOrderLimit);
  if (p.perUserLimit > 0) m = Math.min(m, p.perUserLimit);
  return Math.max(m, 0);
}

type Field = "recipient" | "address" | "contact";

export function OrderForm({ product, onDone, onCancel }: { product: Product; onDone: (r: PaidOrder) => void; onCancel: () => void }) {
  const { t } = useShopT();
  const loc = useLocaleTag();
  const bump = useSetAtom(shopVersionAtom);
  const key = useRef(newOrderKey());
  const [quantity, setQuantity] = useState(1);
  const [fields, setFields] = useState<Record<Field, string>>({ recipient: "", address: "", contact: "" });
  const [missing, setMissing] = useState<Field | null>(null);
  const wallet = useResource("wallet-balance", () => walletApi.balance());
  const balance = wallet.value?.gold ?? null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Failure | null>(null);
  const [code, setCode] = useState("");
  const [codeMissing, setCodeMissing] = useState(false);
  // The server may say an order needs the code where the product did not (a price changed since).
  const [serverNeedsCode, setServerNeedsCode] = useState(false);
  const physical = product.kind === "physical";
  const max = maxQuantity(product);
  const total = product.price * quantity;
  const needsCode = serverNeedsCode || needsConfirmCode(product, quantity);

  const change = (q: number) => {
    setQuantity(Math.min(Math.max(1, q), Math.max(1, max)));
    key.current = newOrderKey(); // another quantity is another order
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (physical) {
      const empty = (["recipient", "address", "contact"] as const).find((f) => fields[f].trim() === "");
      setMissing(empty ?? null);
      if (empty) return;
    }
    if (needsCode && !isCode(code)) {
      setCodeMissing(true);
      return;
    }
    setBusy(true);
    try {
      const order = await shopApi.createOrder({ goodsId: product.id, quantity, ...(physical ? fields : {}), key: key.current });
      if (order.needsCode && !needsCode) {
        setServerNeedsCode(true);
        setCodeMissing(true);
        return;
      }
      const paid = await shopApi.payOrder(order.orderNo, needsCode ? code.trim() : undefined);
      bump((v) => v + 1);
      void refreshAccount(); // the header's balance
      onDone(paid);
    } catch (err) {
      if (err instanceof ApiError && err.errorCode === CODE_REQUIRED) setServerNeedsCode(true);
      setError(failureOf(err));
    } finally {
      setBusy(false);
    }
  };

  const input = (f: Field, type = "text", maxLength = 200) => (
    <label className={styles.shopFormField}>
      <span>{t(`form.${f}`)}</span>
      <input
        type={type}
        value={fields[f]}
        maxLength={maxLength}
        aria-invalid={missing === f}
        data-testid={`order-${f}`}
        onChange={(e) => {
          setFields((x) => ({ ...x, [f]: e.target.value }));
          if (missing === f) setMissing(null);
        }}
      />
      {missing === f && <em className={styles.shopFormErr}>{t(`form.${f}Required`)}</em>}
    </label>
  );

  return (
    <form className={styles.shopForm} onSubmit={submit} noValidate data-testid="order-form">
      <h2>{t("form.title")}</h2>
      <div className={styles.shopFormProduct}>
        <img src={product.picture} alt="" />
        <div>
          <strong>{product.name}</strong>
          <div className={styles.shopPrice}>
            <CoinIcon /> {formatCoins(product.price, loc)}
          </div>
        </div>
      </div>
      <label className={styles.shopFormField}>
        <span>{t("form.quantity")}</span>
        <div className={styles.shopQty}>
          <button type="button" onClick={() => change(quantity - 1)} disabled={quantity <= 1} aria-label="−">−</button>
          <input
            type="number"
            min={1}
            max={max}
            value={quantity}
            data-testid="order-quantity"
            onChange={(e) => change(Number(e.target.value) || 1)}
          />
          <button type="button" onClick={() => change(quantity + 1)} disabled={quantity >= max} aria-label="+">+</button>
        </div>
      </label>
      {physical && (
        <>
          {input("recipient", "text", 50)}
          {input("address", "text", 200)}
          {input("contact", "tel", 50)}
        </>
      )}
      {needsCode && (
        <ConfirmCodeField
          code={code}
          missing={codeMissing}
          onCode={(v) => {
            setCode(v);
            setError(null); // a new code is a new attempt
            if (codeMissing) setCodeMissing(false);
          }}
        />
      )}
      <dl className={styles.shopFormSum}>
        <div>
          <dt>{t("form.total")}</dt>
          <dd data-testid="order-total">{t("coins", { coins: formatCoins(total, loc) })}</dd>
        </div>
        {balance !== null && (
          <div>
            <dt>{t("form.balance")}</dt>
            <dd className={balance < total ? styles.shopLow : undefined}>{t("coins", { coins: formatCoins(balance, loc) })}</dd>
          </div>
        )}
      </dl>
      {error && <RedeemFailure failure={error} />}
      <div className={styles.shopFormActions}>
        <button type="button" className={`${styles.shopBtn} ${styles.shopBtnGhost}`} onClick={onCancel}>
          {t("form.cancel")}
        </button>
        <button type="submit" className={styles.shopBtn} disabled={busy || max < 1} data-testid="order-submit">
          {busy ? t("form.paying") : t("form.submit")}
        </button>
      </div>
    </form>
  );
}
