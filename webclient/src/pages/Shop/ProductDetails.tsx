// /mall/details/{id} — a product (spec §2): picture, price, stock, limits, details and the redemption
// notice; a blind box's published odds; "Redeem now" opens the order confirmation form, and the
// result (a code, a prize, the shipping note) replaces it.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useShopT } from "../../i18n/shop";
import { shopApi, type PaidOrder, type Product } from "../../api/shop";
import { tokenAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { shopVersionAtom } from "../../state/shop";
import { ErrorPanel } from "../../components/ErrorPanel";
import { Loadable, useResource } from "../../data";
import { CoinIcon } from "./Coin";
import { Details } from "./Details";
import { formatCoins, useLocaleTag } from "./format";
import { OrderForm } from "./OrderForm";
import styles from "./Shop.module.css";

function Result({ r }: { r: PaidOrder }) {
  const { t } = useShopT();
  const o = r.order;
  return (
    <div className={styles.shopResult} data-testid="order-result" data-status={o.status}>
      <h2>{t("result.done")}</h2>
      {o.kind === "physical" && <p>{t("result.shipping")}</p>}
      {o.kind === "item" && <p>{t("result.delivered")}</p>}
      {o.cardNo && (
        <p>
          {t("result.code")}: <code className={styles.shopCode} data-testid="order-code">{o.cardNo}</code>
        </p>
      )}
      {r.draws.length > 0 && (
        <ul className={styles.shopWon} data-testid="order-draws">
          {r.draws.map((d) => (
            <li key={d.seq}>
              {d.picture && <img src={d.picture} alt="" />}
              {t("result.won")}: <strong>{d.prize}</strong>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.shopResultLinks}>
        <Link to={o.kind === "blindbox" ? "/userInfo/redMall" : "/userInfo/exchange"}>
          {o.kind === "blindbox" ? t("result.draws") : t("result.records")}
        </Link>
        <Link to="/mall">{t("details.back")}</Link>
      </p>
    </div>
  );
}

export default function ProductDetails() {
  const { t } = useShopT();
  const loc = useLocaleTag();
  const { id } = useParams();
  const token = useAtomValue(tokenAtom);
  const version = useAtomValue(shopVersionAtom);
  const setModal = useSetAtom(loginModalAtom);
  const { t: common } = useTranslation();
  const [step, setStep] = useState<"view" | "form" | PaidOrder>("view");
  const n = Number(id);
  const valid = Number.isInteger(n) && n > 0;
  const product = useResource<Product>(valid ? `product:${n}` : null, () => shopApi.details(n));
  const { refresh } = product;

  // An order (shopVersionAtom) changes the stock: load the product again, keeping it on screen.
  const seenVersion = useRef(version);
  useEffect(() => {
    if (seenVersion.current === version) return;
    seenVersion.current = version;
    refresh();
  }, [version, refresh]);

  if (!valid) return <ErrorPanel code="404" title={common("errors.notFound")} />;
  const p = product.value;
  if (!p) {
    return (
      <section className={styles.shop}>
        <Loadable resource={product} notFound="page" minHeight={360}>
          {() => null}
        </Loadable>
      </section>
    );
  }

  const limits = [
    p.perOrderLimit > 0 ? t("details.perOrder", { count: p.perOrderLimit }) : null,
    p.perUserLimit > 0 ? t("details.perUser", { count: p.perUserLimit }) : null,
  ].filter(Boolean);

  return (
    <section className={styles.shop} data-testid="product-details">
      <Link to="/mall" className={styles.shopBack}>
        ← {t("details.back")}
      </Link>
      <div className={styles.shopDetailsTop}>
        <div className={styles.shopDetailsPic}>
          <img src={p.picture} alt={p.name} />
        </div>
        <div className={styles.shopDetailsInfo}>
          <span className={styles.shopKind}>{t(`kinds.${p.kind}`)}</span>
          <h1 data-testid="product-name">{p.name}</h1>
          <div className={styles.shopDetailsPrice}>
            <CoinIcon /> {formatCoins(p.price, loc)}
          </div>
          <div className={styles.shopDetailsFacts}>
            <span data-testid="product-stock">{p.soldOut ? t("soldOut") : t("stockLeft", { count: formatCoins(p.stock, loc) })}</span>
            <span>{t("redeemed", { count: formatCoins(p.redeemed, loc) })}</span>
            {limits.map((l) => (
              <span key={l}>{l}</span>
            ))}
          </div>
          {step === "view" &&
            (p.soldOut ? (
              <button type="button" className={styles.shopBtn} disabled>
                {t("soldOut")}
              </button>
            ) : token ? (
              <button type="button" className={`${styles.shopBtn} ${styles.shopBtnBig}`} data-testid="redeem" onClick={() => setStep("form")}>
                {t("details.redeem")}
              </button>
            ) : (
              <button type="button" className={`${styles.shopBtn} ${styles.shopBtnBig}`} data-testid="redeem-login" onClick={() => setModal({ open: true, mode: LoginMode.Password })}>
                {t("details.signIn")}
              </button>
            ))}
          {step === "form" && <OrderForm product={p} onCancel={() => setStep("view")} onDone={(r) => setStep(r)} />}
          {typeof step === "object" && <Result r={step} />}
        </div>
      </div>
      {p.prizes && p.prizes.length > 0 && (
        <div className={styles.shopPanel} data-testid="odds">
          <h2>{t("details.odds")}</h2>
          <table className={styles.shopOdds}>
            <thead>
              <tr>
                <th>{t("details.prize")}</th>
                <th>{t("details.chance")}</th>
              </tr>
            </thead>
            <tbody>
              {p.prizes.map((z) => (
                <tr key={z.name}>
                  <td>
                    {z.picture && <img src={z.picture} alt="" />} {z.name}
                  </td>
                  <td>
                    {new Intl.NumberFormat(loc, { maximumFractionDigits: 2 }).format(z.odds)}%
                    <span className={styles.shopOddsBar} style={{ width: `${Math.max(z.odds, 1)}%` }} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={styles.shopMuted}>{t("details.oddsNote")}</p>
        </div>
      )}
      {p.details && (
        <div className={styles.shopPanel}>
          <h2>{t("details.description")}</h2>
          <Details text={p.details} />
        </div>
      )}
      {p.notice && (
        <div className={`${styles.shopPanel} ${styles.shopNotice}`}>
          <h2>{t("details.notice")}</h2>
          <p>{p.notice}</p>
        </div>
      )}
    </section>
  );
}
