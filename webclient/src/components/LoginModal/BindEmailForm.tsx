// The bind-e-mail step (spec §4, §8): a third-party sign-in answered errorCode 2010 because the
// provider gave no verified e-mail. The user proves an e-mail with a code; /login/bindAccount
// (with the provider id as type; the bind ticket travels in an HttpOnly cookie) finishes the sign-in.
import { useState, type FormEvent } from "react";
import { useSetAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { oauthBindAtom } from "../../state/session";
import { authApi } from "../../api/endpoints";
import { openSession, sendCode } from "../../session/account";
import { checkEmail, type InvalidKey } from "./validation";
import { afterFailure } from "./machine";
import { SendCodeButton } from "./SendCodeButton";

export function BindEmailForm({ providerType, onClose, onNewUser }: { providerType: number; onClose: () => void; onNewUser: () => void }) {
  const { t } = useTranslation();
  const setBind = useSetAtom(oauthBindAtom);
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState<{ email?: InvalidKey; code?: InvalidKey }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fail = (err: unknown) => {
    const f = afterFailure(err, t("errors.system"));
    setServerError(f.to === "error" ? f.message : t("errors.system"));
  };

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

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = { email: checkEmail(email) ?? undefined, code: code.trim() ? undefined : ("required" as const) };
    setInvalid(next);
    if (next.email || next.code) return;
    setBusy(true);
    setServerError(null);
    try {
      const res = await authApi.bindAccount({ mobileOrEmail: email.trim(), checkCode: code.trim(), type: providerType });
      const info = openSession(res);
      setBind(null);
      if (info.newUser) onNewUser();
      else onClose();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (k: InvalidKey | undefined) =>
    k ? (
      <span className="login__invalid" role="alert">
        {t(`login.invalid.${k}`)}
      </span>
    ) : null;

  return (
    <div className="login" role="dialog" aria-modal="true" aria-labelledby="login-title" data-testid="login-modal" data-mode="bind">
      <button type="button" className="login__close" aria-label={t("common.close")} onClick={onClose}>
        ×
      </button>
      <h2 id="login-title" className="login__title">
        {t("account.bind.title")}
      </h2>
      <p className="login__hint">{t("account.bind.hint")}</p>
      <form className="login__form" onSubmit={submit} noValidate>
        <input data-testid="bind-email" type="email" autoComplete="email" maxLength={254} placeholder={t("login.email")}
          aria-label={t("login.email")} value={email} onChange={(e) => setEmail(e.target.value)} />
        {fieldError(invalid.email)}
        <div className="login__row">
          <input data-testid="bind-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder={t("login.code")}
            aria-label={t("login.code")} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))} />
          <SendCodeButton send={send} testId="bind-send-code" />
        </div>
        {fieldError(invalid.code)}
        {serverError && (
          <p className="login__server-error" role="alert" data-testid="login-error">
            {serverError}
          </p>
        )}
        <button type="submit" className="login__submit" data-testid="bind-submit" disabled={busy}>
          {t("account.bind.submit")}
        </button>
      </form>
    </div>
  );
}
