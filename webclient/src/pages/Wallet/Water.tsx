// /userInfo/water — coin and diamond details (spec §2, §3: type, amount, time), newest first,
// loaded a page at a time as the virtualised list scrolls; the no-data image when empty. It is
// also where a payer's browser comes back from a provider (?order=<no>): the order's result is
// shown from payWs on top.
import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { Virtuoso } from "react-virtuoso";
import { ApiError } from "../../api/client";
import { walletApi, type WalletDetail, type WalletProduct } from "../../api/wallet";
import { tokenAtom } from "../../state/session";
import { NoData } from "../../components/NoData";
import { formatCount } from "./amount";
import { OrderResult } from "./OrderResult";
import { useOrderWatch } from "./useOrderWatch";
import { SignInPrompt, useIntlLocale, WalletHeader } from "./WalletHeader";
import { useUserAreaT } from "../../i18n/userarea";
import styles from "./Wallet.module.css";

const PAGE_SIZE = 20;
const KNOWN_TYPES = ["recharge", "gift", "membership", "welcome", "refund", "shop", "plan", "adjustment"] as const;
type KnownType = (typeof KNOWN_TYPES)[number];

function errorText(err: unknown): string {
  return err instanceof ApiError ? err.userMessage : String(err);
}

interface ListState {
  items: WalletDetail[];
  total: number;
  /** Pages loaded so far. */
  page: number;
  loading: boolean;
  error: string | null;
}

const EMPTY: ListState = { items: [], total: 0, page: 0, loading: true, error: null };

/** Pages through one currency's details; reset when the currency or the version changes. */
function useDetails(currency: WalletProduct, enabled: boolean, version: number) {
  const [state, setState] = useState<ListState>(EMPTY);
  const gen = useRef(0);

  const load = useCallback(
    (page: number, g: number) => {
      setState((s) => ({ ...s, loading: true, error: null }));
      walletApi.details(currency, page, PAGE_SIZE).then(
        (res) => {
          if (g !== gen.current) return;
          setState((s) => {
            const seen = new Set(s.items.map((d) => `${d.id}:${d.time}:${d.amount}`));
            const fresh = res.list.filter((d) => !seen.has(`${d.id}:${d.time}:${d.amount}`));
            return { items: [...s.items, ...fresh], total: res.total, page, loading: false, error: null };
          });
        },
        (err: unknown) => g === gen.current && setState((s) => ({ ...s, loading: false, error: errorText(err) })),
      );
    },
    [currency],
  );

  useEffect(() => {
    if (!enabled) return;
    const g = ++gen.current;
    setState(EMPTY);
    load(1, g);
  }, [enabled, load, version]);

  const current = useRef(state);
  current.current = state;
  const more = useCallback(() => {
    const s = current.current;
    if (!s.loading && !s.error && s.items.length < s.total) load(s.page + 1, gen.current);
  }, [load]);

  return { state, more };
}

function DetailRow({ d }: { d: WalletDetail }) {
  const { t } = useTranslation();
  const { t: ut } = useUserAreaT();
  const loc = useIntlLocale();
  const type = (KNOWN_TYPES as readonly string[]).includes(d.type)
    ? t(`wallet.details.types.${d.type as KnownType}`)
    : d.type === "reward"
      ? ut("ledgerReward") // task and invitation rewards (issue 23, api/userarea)
      : d.type;
  const sign = d.amount > 0 ? "+" : d.amount < 0 ? "−" : "";
  return (
    <div className={styles.waterRow} data-testid="detail-row" data-type={d.type} data-amount={d.amount}>
      <span>{type}</span>
      <span className={d.amount >= 0 ? styles.waterAmountIn : styles.waterAmountOut}>
        {sign}
        {formatCount(Math.abs(d.amount), loc)}
      </span>
      <span>{formatCount(d.balance, loc)}</span>
      <time className={styles.waterTime} dateTime={new Date(d.time).toISOString()}>
        {new Date(d.time).toLocaleString(loc)}
      </time>
    </div>
  );
}

/** The result of the order a payer came back from. */
function ReturnedOrder({ orderNo, onPaid }: { orderNo: string; onPaid: () => void }) {
  const { watch, setWatch, follow } = useOrderWatch();
  useEffect(() => {
    let live = true;
    walletApi.order(orderNo).then(
      (o) => live && follow(o),
      (err: unknown) => live && setWatch({ phase: "error", message: errorText(err) }),
    );
    return () => {
      live = false;
    };
  }, [orderNo, follow, setWatch]);
  const paid = watch.phase === "done" && watch.order.state === "paid";
  useEffect(() => {
    if (paid) onPaid();
  }, [paid, onPaid]);
  return <OrderResult watch={watch} />;
}

export default function Water() {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const [params, setParams] = useSearchParams();
  const currency: WalletProduct = params.get("type") === "diamond" ? "diamond" : "coin";
  const orderNo = params.get("order");
  const [version, setVersion] = useState(0);
  const { state, more } = useDetails(currency, token !== "", version);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  const select = (c: WalletProduct) => {
    const next = new URLSearchParams(params);
    if (c === "coin") next.delete("type");
    else next.set("type", c);
    setParams(next, { replace: true });
  };

  return (
    <section className={styles.wallet} data-testid="water">
      <WalletHeader />
      <h1 className={styles.walletTitle}>{t("wallet.details.title")}</h1>
      {token && orderNo && <ReturnedOrder orderNo={orderNo} onPaid={refresh} />}
      <div className={styles.walletTabs} role="tablist">
        {(["coin", "diamond"] as const).map((c) => (
          <button
            key={c}
            type="button"
            role="tab"
            aria-selected={currency === c}
            className={currency === c ? `${styles.walletTab} ${styles.walletTabOn}` : styles.walletTab}
            data-testid={`water-tab-${c}`}
            onClick={() => select(c)}
          >
            {c === "coin" ? t("wallet.balance.coins") : t("wallet.balance.diamonds")}
          </button>
        ))}
      </div>
      {!token ? (
        <SignInPrompt />
      ) : state.error && state.items.length === 0 ? (
        <div className={styles.walletPanel} role="alert" data-testid="water-error">
          <NoData label={t("wallet.details.loadFailed")} />
          <p className={styles.walletError}>{state.error}</p>
        </div>
      ) : state.loading && state.items.length === 0 ? (
        <p className={styles.walletMuted} aria-busy="true">{t("wallet.details.loading")}</p>
      ) : state.items.length === 0 ? (
        <div className={styles.walletPanel} data-testid="water-empty">
          <NoData label={t("wallet.details.empty")} />
        </div>
      ) : (
        <div className={`${styles.walletPanel} ${styles.waterList}`} data-testid="water-list" data-total={state.total}>
          <div className={`${styles.waterRow} ${styles.waterRowHead}`} aria-hidden="true">
            <span>{t("wallet.details.type")}</span>
            <span>{t("wallet.details.amount")}</span>
            <span>{t("wallet.details.balance")}</span>
            <span>{t("wallet.details.time")}</span>
          </div>
          <Virtuoso
            // The page scrolls, not a box: short lists take their own height, long ones load on.
            useWindowScroll
            data={state.items}
            computeItemKey={(_, d) => `${d.id}:${d.time}:${d.amount}`}
            endReached={more}
            itemContent={(_, d) => <DetailRow d={d} />}
            components={{
              Footer: () =>
                state.loading ? (
                  <p className={`${styles.walletMuted} ${styles.waterFoot}`}>{t("wallet.details.loading")}</p>
                ) : state.error ? (
                  <p className={`${styles.walletError} ${styles.waterFoot}`}>{state.error}</p>
                ) : null,
            }}
          />
        </div>
      )}
    </section>
  );
}
