// The one confirmation every charge goes through (issue 17): VIP, SVIP and the upgrade, a room
// unlock, an expert's plan, a paid pinned message and a big gift. It shows what is bought, the
// price, the balance now and after; a balance too low offers the recharge page instead of Pay.
// The balance is the header's (balancesAtom), refreshed when the dialog opens so "after" is true;
// the server still refuses a charge the balance cannot cover, this only spares the user a surprise.
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { useAtomValue } from "../../state/hooks";
import { balancesAtom } from "../../state/session";
import { refreshBalances } from "../../session/account";
import { useGiftFxT } from "../../i18n/giftfx";
import { HTML_LANG, type Locale } from "../../i18n/locales";
import { useDialog } from "../useDialog";
import styles from "./ConfirmCharge.module.css";

export type ChargeCurrency = "coin" | "diamond";

/** One charge to confirm: a translated label, the price and its currency. */
export interface Charge {
  what: string;
  price: number;
  currency: ChargeCurrency;
}

/** The balance after paying, and what is missing when it does not cover the price. */
export function chargeOutcome(balance: number | undefined, price: number): { after?: number; missing: number } {
  if (balance === undefined) return { missing: 0 };
  return { after: balance - price, missing: Math.max(0, price - balance) };
}

export interface ConfirmChargeProps {
  charge: Charge;
  onConfirm(): void;
  onCancel(): void;
  /** Overrides the header's balance (tests; a page that knows a fresher figure). */
  balance?: number;
}

export function ConfirmCharge({ charge, onConfirm, onCancel, balance }: ConfirmChargeProps) {
  const { t, language } = useGiftFxT();
  const balances = useAtomValue(balancesAtom);
  const pay = useRef<HTMLButtonElement>(null);
  const have = balance ?? (balances ? (charge.currency === "diamond" ? balances.diamond : balances.coin) : undefined);
  const { after, missing } = chargeOutcome(have, charge.price);
  const fmt = new Intl.NumberFormat(HTML_LANG[language as Locale] ?? "en-US");
  const money = (n: number) => t(charge.currency === "diamond" ? "confirm.diamonds" : "confirm.coins", { amount: fmt.format(n) });

  useEffect(() => {
    if (balance === undefined) void refreshBalances();
  }, [balance]);
  // Pay (when the balance covers it) takes focus; Tab stays in the dialog; Escape cancels.
  const dialog = useDialog<HTMLDivElement>(onCancel, { initialFocus: pay });

  return (
    <div className={styles.chargeBackdrop} onClick={(e) => e.target === e.currentTarget && onCancel()}>
      <div className={styles.charge} role="dialog" aria-labelledby="charge-title" {...dialog} data-testid="charge-confirm" data-price={charge.price}>
        <h2 id="charge-title" className={styles.chargeTitle}>{t("confirm.title")}</h2>
        <p className={styles.chargeWhat} data-testid="charge-what">{charge.what}</p>
        <dl className={styles.chargeFigures}>
          <div>
            <dt>{t("confirm.price")}</dt>
            <dd data-testid="charge-price">{money(charge.price)}</dd>
          </div>
          {have !== undefined && (
            <div>
              <dt>{t("confirm.balance")}</dt>
              <dd data-testid="charge-balance">{money(have)}</dd>
            </div>
          )}
          {after !== undefined && missing === 0 && (
            <div className={styles.chargeAfter}>
              <dt>{t("confirm.after")}</dt>
              <dd data-testid="charge-after" data-amount={after}>{money(after)}</dd>
            </div>
          )}
        </dl>
        {have === undefined && <p className={styles.chargeNote}>{t("confirm.unknown")}</p>}
        {missing > 0 && (
          <p className={styles.chargeShort} role="alert" data-testid="charge-insufficient">
            {t("confirm.insufficient", { missing: money(missing) })}
          </p>
        )}
        <div className={styles.chargeActions}>
          <button type="button" className={styles.chargeCancel} data-testid="charge-cancel" onClick={onCancel}>
            {t("confirm.cancel")}
          </button>
          {missing > 0 ? (
            <Link to="/recharge" className={styles.chargePay} data-testid="charge-recharge" onClick={onCancel}>
              {t("confirm.recharge")}
            </Link>
          ) : (
            <button ref={pay} type="button" className={styles.chargePay} data-testid="charge-ok" onClick={onConfirm}>
              {t("confirm.pay", { price: money(charge.price) })}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * `const { ask, dialog } = useConfirmCharge()`: render `dialog`, and `if (!(await ask(charge)))
 * return;` before paying. A second ask while one is open answers the first with false.
 */
export function useConfirmCharge(): { ask(c: Charge): Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<{ charge: Charge; resolve(ok: boolean): void } | null>(null);
  const current = useRef(pending);
  current.current = pending;
  // Leaving the page answers an open question with "no".
  useEffect(() => () => current.current?.resolve(false), []);
  const ask = useCallback(
    (charge: Charge) =>
      new Promise<boolean>((resolve) => {
        current.current?.resolve(false);
        setPending({ charge, resolve });
      }),
    [],
  );
  const done = useCallback((ok: boolean) => {
    current.current?.resolve(ok);
    current.current = null;
    setPending(null);
  }, []);
  const onConfirm = useCallback(() => done(true), [done]);
  const onCancel = useCallback(() => done(false), [done]);
  const dialog = pending ? <ConfirmCharge charge={pending.charge} onConfirm={onConfirm} onCancel={onCancel} /> : null;
  return { ask, dialog };
}
