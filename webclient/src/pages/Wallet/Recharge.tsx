// /recharge — coins and diamonds (spec §2, §5, §9): the preset top-ups with their level labels,
// a custom diamond amount (1..99999, else 'out of recharge range'), the payment method, the
// price as the server quotes it in the method's currency, then the provider's page (or QR
// content) and the live result from payWs.
import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/client";
import { useResource, type Resource } from "../../data";
import { walletApi, type PayMethod, type PayMethods, type RechargePresets, type RechargeQuote, type WalletProduct } from "../../api/wallet";
import { tokenAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import type { Loadable } from "../../state/wallet";
import { NoData } from "../../components/NoData";
import { checkCustomAmount, formatCount, formatMoney, MAX_CUSTOM_TOPUP, newClientKey, presetLabel, sanitizeAmountInput } from "./amount";
import { systemApi, type PayButtons } from "../../api/system";
import { rechargeMethods, rechargeProducts } from "./payButtons";
import { OrderResult } from "./OrderResult";
import { useOrderWatch } from "./useOrderWatch";
import { useIntlLocale, WalletHeader } from "./WalletHeader";
import styles from "./Wallet.module.css";
import { TabList } from "../../components/TabList/TabList";

/** Brand names stay as they are in every language. */
const BRANDS: Record<string, string> = { alipay: "Alipay", paypal: "PayPal", usdt: "USDT" };

/** A src/data resource in the page's state shape (the wallet's Loadable), which its parts read. */
function stateOf<T>(r: Resource<T>): Loadable<T> {
  if (r.status === "ready") return { status: "ready", value: r.value as T };
  if (r.status === "error") return { status: "error", message: r.error ?? "" };
  return { status: r.status };
}

export function MethodName({ m }: { m: Pick<PayMethod, "type"> }) {
  const { t } = useTranslation();
  if (m.type === "card") return <>{t("wallet.methods.card")}</>;
  if (m.type === "dev") return <>{t("wallet.methods.dev")}</>;
  return <>{BRANDS[m.type] ?? m.type}</>;
}

type Choice = number | "custom";

export default function Recharge() {
  const { t } = useTranslation();
  const loc = useIntlLocale();
  const token = useAtomValue(tokenAtom);
  const setModal = useSetAtom(loginModalAtom);
  const [params, setParams] = useSearchParams();
  const asked: WalletProduct = params.get("type") === "diamond" ? "diamond" : "coin";

  // Loaded once when the page opens, through the data layer.
  const coins = stateOf(useResource("recharge-presets|coin", () => walletApi.presets("coin")));
  const diamonds = stateOf(useResource("recharge-presets|diamond", () => walletApi.presets("diamond")));
  const methods = stateOf(useResource<PayMethods>("recharge-methods", () => walletApi.payMethods()));
  // The buttons for this region and language (GET /system/payButton); null until known.
  const buttons = stateOf(useResource<PayButtons | null>("recharge-buttons", () => systemApi.payButtons().catch(() => null)));
  const shown = buttons.status === "ready" ? buttons.value : null;
  const products = rechargeProducts(shown);
  const product: WalletProduct = products.includes(asked) || products.length === 0 ? asked : products[0]!;
  const presets: Loadable<RechargePresets> = product === "coin" ? coins : diamonds;

  const [choice, setChoice] = useState<Choice>(1);
  const [customRaw, setCustomRaw] = useState("");
  const [method, setMethod] = useState("");
  const clientKey = useRef(newClientKey());
  const { watch, setWatch, follow, reset } = useOrderWatch();

  const max = presets.status === "ready" ? (presets.value.custom?.max ?? MAX_CUSTOM_TOPUP) : MAX_CUSTOM_TOPUP;
  const min = presets.status === "ready" ? (presets.value.custom?.min ?? 1) : 1;
  const custom = useMemo(() => checkCustomAmount(customRaw, min, max), [customRaw, min, max]);
  const busy = watch.phase === "creating" || watch.phase === "waiting";

  // The first method is chosen until the user picks another.
  const methodList = methods.status === "ready" ? rechargeMethods(methods.value.list, shown, product) : [];
  const chosen = methodList.find((m) => m.type === method) ?? methodList[0];

  // A different purchase is a different attempt: new idempotency key.
  useEffect(() => {
    clientKey.current = newClientKey();
  }, [product, choice, customRaw, chosen?.type]);

  const request = useMemo(() => {
    if (!chosen) return null;
    if (choice === "custom") {
      if (product !== "diamond" || !custom.ok) return null;
      return { product, id: 0, amount: custom.value, payType: chosen.type };
    }
    return { product, id: choice, payType: chosen.type };
  }, [chosen, choice, custom, product]);

  // The price in the method's currency is the server's (USD methods round up, spec §9). A custom
  // amount is quoted once typing pauses; the key is the request, so a newer one aborts the older.
  const requestText = request ? JSON.stringify(request) : null;
  const [quoted, setQuoted] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQuoted(requestText), request?.id === 0 ? 250 : 0);
    return () => clearTimeout(timer);
    // The request's text says when it changed; the object is rebuilt on renders that change nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestText]);
  const quoteRes = useResource<RechargeQuote>(quoted ? `recharge-quote|${quoted}` : null, (signal) => walletApi.quote(JSON.parse(quoted!) as NonNullable<typeof request>, signal));
  const quote: Loadable<RechargeQuote> = !requestText ? { status: "idle" } : quoted !== requestText ? { status: "loading" } : stateOf(quoteRes);

  const selectProduct = (p: WalletProduct) => {
    if (busy) return;
    const next = new URLSearchParams(params);
    if (p === "coin") next.delete("type");
    else next.set("type", p);
    setParams(next, { replace: true });
    setChoice(1);
    setCustomRaw("");
  };

  const pay = async () => {
    if (!token) {
      setModal({ open: true, mode: LoginMode.Password });
      return;
    }
    if (!request || busy) return;
    // A retry after a failed request keeps its key (the server then returns the same order);
    // paying again after an order finished is a new purchase.
    if (watch.phase === "done" || (watch.phase === "error" && watch.order)) clientKey.current = newClientKey();
    setWatch({ phase: "creating" });
    try {
      const order = await walletApi.createOrder({ ...request, clientKey: clientKey.current });
      follow(order);
    } catch (err) {
      setWatch({ phase: "error", message: `${t("wallet.recharge.failed")}: ${errorText(err)}` });
    }
  };

  const again = () => {
    clientKey.current = newClientKey();
    reset();
  };

  const unit = (amount: number) =>
    product === "diamond" ? t("wallet.units.diamonds", { amount: formatCount(amount, loc) }) : t("wallet.units.coins", { amount: formatCount(amount, loc) });

  const rangeMessage =
    choice === "custom" && customRaw !== "" && !custom.ok
      ? custom.reason === "outOfRange"
        ? t("wallet.recharge.outOfRange", { max: formatCount(max, loc) })
        : t("wallet.recharge.notInteger")
      : null;

  return (
    <section className={styles.wallet} data-testid="recharge">
      <WalletHeader />
      <h1 className={styles.walletTitle}>{t("wallet.recharge.title")}</h1>
      <TabList
        items={products.map((p) => ({
          key: p,
          label: p === "coin" ? t("wallet.balance.coins") : t("wallet.balance.diamonds"),
          testId: `recharge-tab-${p}`,
          disabled: busy && product !== p,
        }))}
        selected={product}
        onSelect={selectProduct}
        label={t("wallet.recharge.title")}
        className={styles.walletTabs}
        tabClassName={styles.walletTab}
        selectedClassName={styles.walletTabOn}
      />

      {presets.status === "error" || methods.status === "error" ? (
        <div className={styles.walletPanel} role="alert" data-testid="recharge-load-error">
          <NoData label={t("wallet.recharge.loadFailed")} />
          <p className={styles.walletError}>{presets.status === "error" ? presets.message : methods.status === "error" ? methods.message : ""}</p>
        </div>
      ) : presets.status !== "ready" ? (
        <p className={styles.walletMuted} aria-busy="true">{t("wallet.details.loading")}</p>
      ) : presets.value.list.length === 0 ? (
        <NoData />
      ) : (
        <div className={styles.walletPanel}>
          <h2 className={styles.walletSub}>{t("wallet.recharge.presets")}</h2>
          <div className={styles.rechargePresets} role="radiogroup" aria-label={t("wallet.recharge.presets")}>
            {presets.value.list.map((p) => (
              <button
                key={p.id}
                type="button"
                role="radio"
                aria-checked={choice === p.id}
                className={choice === p.id ? `${styles.rechargePreset} ${styles.rechargePresetOn}` : styles.rechargePreset}
                data-testid={`preset-${p.id}`}
                disabled={busy}
                onClick={() => setChoice(p.id)}
              >
                <span className={`${styles.rechargeLevel} ${styles[`recharge__level--${p.level}`] ?? ""}`}>{presetLabel(p)}</span>
                <strong className={styles.rechargeAmount}>{unit(p.amount)}</strong>
                <span className={styles.rechargeMoney}>{formatMoney(p.money, "CNY", loc)}</span>
              </button>
            ))}
            {product === "diamond" && (
              <label className={choice === "custom" ? `${styles.rechargePreset} ${styles.rechargePresetOn} ${styles.rechargeCustom}` : `${styles.rechargePreset} ${styles.rechargeCustom}`}>
                <span className={styles.rechargeLevel}>{t("wallet.recharge.custom")}</span>
                <input
                  data-testid="custom-amount"
                  inputMode="numeric"
                  autoComplete="off"
                  disabled={busy}
                  placeholder={t("wallet.recharge.customPlaceholder", { max: formatCount(max, loc) })}
                  value={customRaw}
                  aria-invalid={rangeMessage !== null}
                  onFocus={() => setChoice("custom")}
                  onChange={(e) => {
                    setChoice("custom");
                    setCustomRaw(sanitizeAmountInput(e.target.value, max));
                  }}
                />
              </label>
            )}
          </div>
          {rangeMessage && <p className={styles.walletError} role="alert" data-testid="amount-error">{rangeMessage}</p>}
          {product === "coin" && <p className={styles.walletMuted}>{t("wallet.recharge.coinsPresetsOnly")}</p>}

          <h2 className={styles.walletSub}>{t("wallet.recharge.method")}</h2>
          {methods.status !== "ready" ? (
            <p className={styles.walletMuted} aria-busy="true">{t("wallet.details.loading")}</p>
          ) : methodList.length === 0 ? (
            <p className={styles.walletError} data-testid="no-methods">{t("wallet.recharge.noMethods")}</p>
          ) : (
            <div className={styles.rechargeMethods} role="radiogroup" aria-label={t("wallet.recharge.method")}>
              {methodList.map((m) => (
                <label key={m.type} className={chosen?.type === m.type ? `${styles.rechargeMethod} ${styles.rechargeMethodOn}` : styles.rechargeMethod}>
                  <input
                    type="radio"
                    name="payType"
                    value={m.type}
                    data-testid={`method-${m.type}`}
                    checked={chosen?.type === m.type}
                    disabled={busy}
                    onChange={() => setMethod(m.type)}
                  />
                  <MethodName m={m} /> <span className={styles.walletMuted}>{m.currency}</span>
                </label>
              ))}
            </div>
          )}

          <div className={styles.rechargePay}>
            <div className={styles.rechargePrice} data-testid="recharge-price">
              <span>{t("wallet.recharge.toPay")}</span>{" "}
              {quote.status === "ready" ? (
                <strong data-testid="price-amount">{formatMoney(quote.value.amount, quote.value.currency, loc)}</strong>
              ) : quote.status === "error" ? (
                <span className={styles.walletError} data-testid="price-error">{quote.message}</span>
              ) : (
                <strong>—</strong>
              )}
              {quote.status === "ready" && quote.value.currency === "USD" && methods.status === "ready" && (
                <span className={styles.walletMuted}> · {t("wallet.recharge.usdNote", { rate: methods.value.usdRate })}</span>
              )}
            </div>
            <button type="button" className={`${styles.walletButton} ${styles.walletButtonBig}`} data-testid="recharge-pay" disabled={busy || !request || quote.status === "error"} onClick={() => void pay()}>
              {t("wallet.recharge.pay")}
            </button>
          </div>
          <p className={styles.walletMuted}>{t("wallet.recharge.mobileHint")}</p>
        </div>
      )}

      <OrderResult watch={watch} onAgain={watch.phase === "done" || watch.phase === "error" ? again : undefined} />
    </section>
  );
}
