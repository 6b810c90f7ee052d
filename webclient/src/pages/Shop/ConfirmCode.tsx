// The one-time code that confirms a redemption of physical goods or a large spend (issue 21, GET
// /sendMsg): a code field with a "Send code" button that counts down until a new code may be asked
// for, like the login modal's, and says where the code went. And the failure of a redemption (spec
// §8 'Redemption (exchange) failed') with its specific reason, shown by the order form and the
// records' "Pay now".
import { useState } from "react";
import { Link } from "react-router";
import { useShopT } from "../../i18n/shop";
import { ApiError } from "../../api/client";
import { shopApi, type CodeSent } from "../../api/shop";
import { CODE_COUNTDOWN_S } from "../../config";
import { useCountdown } from "../../components/LoginModal/useCountdown";
import styles from "./Shop.module.css";

/** errorCodes the shop's forms react to. */
export const INSUFFICIENT_COINS = 4007;
export const CODE_REQUIRED = 6211;
export const BIND_CONTACT = 6212;

/** A code as typed is complete when it is six digits. */
export function isCode(v: string): boolean {
  return /^\d{6}$/.test(v.trim());
}

export function ConfirmCodeField({
  code,
  onCode,
  missing,
  testId = "order",
}: {
  code: string;
  onCode: (v: string) => void;
  missing: boolean;
  testId?: string;
}) {
  const { t } = useShopT();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [error, setError] = useState<{ text: string; bind: boolean } | null>(null);
  const id = `${testId}-code`;

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      const s = await shopApi.sendCode();
      setSent(s);
      countdown.start(s.resendAfter > 0 ? s.resendAfter : CODE_COUNTDOWN_S);
    } catch (err) {
      const api = err instanceof ApiError ? err : null;
      setError({ text: api?.userMessage || t("form.sendFailed"), bind: api?.errorCode === BIND_CONTACT });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.shopFormField} data-testid={`${testId}-confirm`}>
      <label htmlFor={id}>{t("form.code")}</label>
      <div className={styles.shopConfirmRow}>
        <input
          id={id}
          value={code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="000000"
          aria-invalid={missing}
          data-testid={`${testId}-code`}
          onChange={(e) => onCode(e.target.value.replace(/\D/g, ""))}
        />
        <button
          type="button"
          className={`${styles.shopBtn} ${styles.shopBtnGhost}`}
          data-testid={`${testId}-send-code`}
          disabled={countdown.left > 0 || sending}
          onClick={send}
        >
          {countdown.left > 0 ? t("form.resendIn", { s: countdown.left }) : t("form.sendCode")}
        </button>
      </div>
      {sent ? (
        <small className={styles.shopConfirmNote} data-testid={`${testId}-code-sent`}>
          {t(sent.channel === "email" ? "form.codeSentEmail" : "form.codeSentSms", { to: sent.to })}
        </small>
      ) : (
        <small className={styles.shopConfirmNote}>{t("form.codeHint")}</small>
      )}
      {missing && <em className={styles.shopFormErr}>{t("form.codeRequired")}</em>}
      {error && (
        <em className={styles.shopFormErr} role="alert" data-testid={`${testId}-code-error`}>
          {error.text}
          {error.bind && (
            <Link to="/userInfo/setting" className={styles.shopFormRecharge}>
              {t("form.bindContact")}
            </Link>
          )}
        </em>
      )}
    </div>
  );
}

/** The reason of a failed redemption without a leading "Redemption failed:" the server may have put. */
export function failureReason(message: string, failed: string): string {
  const m = message.trim();
  if (failed && m.toLowerCase().startsWith(failed.toLowerCase())) {
    return m.slice(failed.length).replace(/^[\s:：,，.。-]+/, "");
  }
  return m;
}

/** What a failed call of a redemption shows: 'Redemption failed', the reason, and for 'Insufficient
 * gold coins' the recharge link. */
export interface Failure {
  reason: string;
  recharge: boolean;
}

export function failureOf(err: unknown): Failure {
  const api = err instanceof ApiError ? err : null;
  return { reason: api?.userMessage ?? "", recharge: api?.errorCode === INSUFFICIENT_COINS };
}

export function RedeemFailure({ failure, testId = "order-error" }: { failure: Failure; testId?: string }) {
  const { t } = useShopT();
  const failed = t("result.failed");
  const reason = failureReason(failure.reason, failed);
  return (
    <div className={`${styles.shopError} ${styles.shopFailure}`} role="alert" data-testid={testId}>
      <strong>{failed}</strong>
      {reason && <span data-testid={`${testId}-reason`}>{reason}</span>}
      {failure.recharge && (
        <Link to="/recharge" className={styles.shopFormRecharge}>
          {t("form.recharge")}
        </Link>
      )}
    </div>
  );
}
