// After a first login (newUser in the answer) the user picks a username and an initial
// password (spec §2, §4), saved with /user/V2/modifyUser.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { authApi } from "../../api/endpoints";
import { applyProfile, patchUserInfo } from "../../session/account";
import { afterFailure } from "./machine";
import { checkPassword, checkUsername, type InvalidKey } from "./validation";

export function NewUserForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [uname, setUname] = useState("");
  const [password, setPassword] = useState("");
  const [invalid, setInvalid] = useState<{ uname?: InvalidKey; password?: InvalidKey }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = { uname: checkUsername(uname) ?? undefined, password: checkPassword(password) ?? undefined };
    setInvalid(next);
    if (next.uname || next.password) return;
    setBusy(true);
    setServerError(null);
    try {
      const info = await authApi.completeNewUser({ uname: uname.trim(), password });
      if (info?.private) applyProfile({ ...info, newUser: false });
      else patchUserInfo({ name: uname.trim(), newUser: undefined });
      onClose();
    } catch (err) {
      const f = afterFailure(err, t("errors.system"));
      setServerError(f.to === "error" ? f.message : t("errors.system"));
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
    <div className="login" role="dialog" aria-modal="true" aria-labelledby="login-title" data-testid="login-modal" data-mode="newUser">
      <button type="button" className="login__close" aria-label={t("common.close")} onClick={onClose}>
        ×
      </button>
      <h2 id="login-title" className="login__title">
        {t("login.title.newUser")}
      </h2>
      <p className="login__hint">{t("account.newUserHint")}</p>
      <form className="login__form" onSubmit={submit} noValidate>
        <input data-testid="login-username" autoComplete="username" maxLength={32} placeholder={t("login.username")}
          aria-label={t("login.username")} value={uname} onChange={(e) => setUname(e.target.value)} />
        {fieldError(invalid.uname)}
        <input data-testid="login-password" type="password" autoComplete="new-password" placeholder={t("login.password")}
          aria-label={t("login.password")} value={password} onChange={(e) => setPassword(e.target.value)} />
        {fieldError(invalid.password)}
        {serverError && (
          <p className="login__server-error" role="alert" data-testid="login-error">
            {serverError}
          </p>
        )}
        <button type="submit" className="login__submit" data-testid="login-submit" disabled={busy}>
          {t("login.submit.newUser")}
        </button>
      </form>
    </div>
  );
}
