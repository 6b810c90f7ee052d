// The bind-e-mail step (spec §4, §8): a third-party sign-in answered errorCode 2010 because the
// provider gave no verified e-mail. The user proves an e-mail with a code; /login/bindAccount
// (with the provider id as type; the bind ticket travels in an HttpOnly cookie) finishes the sign-in.
import { useState } from "react";
import { useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { oauthBindAtom } from "../../state/session";
import { authApi } from "../../api/account";
import { openSession, sendCode } from "../../session/account";
import { checkEmail } from "./validation";
import { SendCodeButton } from "./SendCodeButton";
import { FieldError, StepForm, useStepForm } from "./LoginDialog";
import styles from "./LoginModal.module.css";

export function BindEmailForm({ providerType, onClose, onNewUser }: { providerType: number; onClose: () => void; onNewUser: () => void }) {
  const { t } = useTranslation();
  const setBind = useSetAtom(oauthBindAtom);
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const { invalid, setInvalid, serverError, setServerError, busy, fail, submit } = useStepForm<"email" | "code">();

  async function send(): Promise<boolean> {
    const bad = checkEmail(email);
    setInvalid(bad ? { email: bad } : {});
    if (bad) return false;
    setServerError(null);
    try {
      await sendCode({ email: true, address: email });
      return true;
    } catch (err) {
      fail(err);
      return false;
    }
  }

  const onSubmit = submit(
    () => ({ email: checkEmail(email) ?? undefined, code: code.trim() ? undefined : "required" }),
    async () => {
      const res = await authApi.bindAccount({ mobileOrEmail: email.trim(), checkCode: code.trim(), type: providerType });
      const info = openSession(res);
      setBind(null);
      if (info.newUser) onNewUser();
      else onClose();
    },
  );

  return (
    <StepForm
      mode="bind"
      title={t("account.bind.title")}
      hint={t("account.bind.hint")}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      busy={busy}
      submitTestId="bind-submit"
      submitLabel={t("account.bind.submit")}
    >
      <input data-testid="bind-email" type="email" autoComplete="email" maxLength={254} placeholder={t("login.email")}
        aria-label={t("login.email")} value={email} onChange={(e) => setEmail(e.target.value)} />
      <FieldError invalid={invalid.email} />
      <div className={styles.loginRow}>
        <input data-testid="bind-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder={t("login.code")}
          aria-label={t("login.code")} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))} />
        <SendCodeButton send={send} testId="bind-send-code" />
      </div>
      <FieldError invalid={invalid.code} />
    </StepForm>
  );
}
