import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CODE_COUNTDOWN_S } from "../../config";
import { useCountdown } from "./useCountdown";
import styles from "./LoginModal.module.css";

/**
 * The send-code button with the 60 s countdown (spec §4, §9). The countdown starts only once
 * the server said the code was sent; `send` returns nothing when the input was refused locally.
 */
export function SendCodeButton({
  send,
  testId = "login-send-code",
  // login__send stays a global name too while pages/User/UserArea.css places the button with
  // `.uform__row .login__send` (Security.tsx); drop it when that folder moves to CSS Modules.
  className = `${styles.loginSend} login__send`,
}: {
  send: () => Promise<boolean>;
  testId?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  return (
    <button
      type="button"
      className={className}
      data-testid={testId}
      disabled={countdown.left > 0 || sending}
      onClick={async () => {
        setSending(true);
        try {
          if (await send()) countdown.start(CODE_COUNTDOWN_S);
        } finally {
          setSending(false);
        }
      }}
    >
      {countdown.left > 0 ? t("login.resendIn", { s: countdown.left }) : t("login.sendCode")}
    </button>
  );
}
