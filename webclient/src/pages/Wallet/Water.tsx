// /userInfo/water — coin and diamond details (spec §2, §3: type, amount, time), newest first,
// loaded a page at a time as the virtualised list scrolls; the no-data image when empty. It is
// also where a payer's browser comes back from a provider (?order=<no>): the order's result is
// shown from payWs on top.
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { Virtuoso } from "react-virtuoso";
import { walletApi, type WalletDetail, type WalletProduct } from "../../api/wallet";
import { tokenAtom } from "../../state/session";
import { Loadable, usePaged, useResource } from "../../data";
import { formatCount } from "./amount";
import { OrderResult } from "./OrderResult";
import { useOrderWatch } from "./useOrderWatch";
import { SignInPrompt, useIntlLocale, WalletHeader } from "./WalletHeader";
import { useUserAreaT } from "../../i18n/userarea";
import styles from "./Wallet.module.css";
import { TabList } from "../../components/TabList/TabList";

const PAGE_SIZE = 20;
const KNOWN_TYPES = ["recharge", "gift", "membership", "welcome", "refund", "shop", "plan", "adjustment"] as const;
type KnownType = (typeof KNOWN_TYPES)[number];

/** A detail line's identity: the same line shifted to the next page by a new one is shown once. */
const idOf = (d: WalletDetail) => `${d.id}:${d.time}:${d.amount}`;

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
  // The order is read once; from then on payWs reports its result (useOrderWatch).
  const order = useResource(`wallet-order|${orderNo}`, () => walletApi.order(orderNo));
  useEffect(() => {
    if (order.status === "ready" && order.value) follow(order.value);
    else if (order.status === "error") setWatch({ phase: "error", message: order.error ?? "" });
  }, [order.status, order.value, order.error, follow, setWatch]);
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
  const list = usePaged(token ? `wallet-water|${currency}` : null, (page) => walletApi.details(currency, page, PAGE_SIZE), { idOf });
  // A payment that went through changes the lines: the list starts again from the newest.
  const refresh = list.reload;

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
      <TabList
        items={(["coin", "diamond"] as const).map((c) => ({ key: c, label: c === "coin" ? t("wallet.balance.coins") : t("wallet.balance.diamonds"), testId: `water-tab-${c}` }))}
        selected={currency}
        onSelect={select}
        label={t("wallet.details.title")}
        className={styles.walletTabs}
        tabClassName={styles.walletTab}
        selectedClassName={styles.walletTabOn}
      />
      {!token ? (
        <SignInPrompt />
      ) : (
        <Loadable resource={list} empty={() => list.items.length === 0} emptyLabel={t("wallet.details.empty")} minHeight={320}>
          {() => (
        <div className={`${styles.walletPanel} ${styles.waterList}`} data-testid="water-list" data-total={list.total}>
          <div className={`${styles.waterRow} ${styles.waterRowHead}`} aria-hidden="true">
            <span>{t("wallet.details.type")}</span>
            <span>{t("wallet.details.amount")}</span>
            <span>{t("wallet.details.balance")}</span>
            <span>{t("wallet.details.time")}</span>
          </div>
          <Virtuoso
            // The page scrolls, not a box: short lists take their own height, long ones load on.
            useWindowScroll
            data={list.items}
            computeItemKey={(_, d) => idOf(d)}
            endReached={list.more}
            itemContent={(_, d) => <DetailRow d={d} />}
            components={{
              Footer: () =>
                list.loadingMore ? (
                  <p className={`${styles.walletMuted} ${styles.waterFoot}`}>{t("wallet.details.loading")}</p>
                ) : list.error ? (
                  <p className={`${styles.walletError} ${styles.waterFoot}`}>{list.error}</p>
                ) : null,
            }}
          />
        </div>
          )}
        </Loadable>
      )}
    </section>
  );
}
