// After a first login (newUser in the answer) the user picks a username and an initial
// password (spec §2, §4), saved with /user/V2/modifyUser.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { authApi } from "../../api/account";
import { applyProfile, patchUserInfo } from "../../session/account";
import { checkPassword, checkUsername } from "./validation";
import { FieldError, StepForm, useStepForm } from "./LoginDialog";

export function NewUserForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [uname, setUname] = useState("");
  const [password, setPassword] = useState("");
  const { invalid, serverError, busy, submit } = useStepForm<"uname" | "password">();

  const onSubmit = submit(
    () => ({ uname: checkUsername(uname) ?? undefined, password: checkPassword(password) ?? undefined }),
    async () => {
      const info = await authApi.completeNewUser({ uname: uname.trim(), password });
      if (info?.private) applyProfile({ ...info, newUser: false });
      else patchUserInfo({ name: uname.trim(), newUser: undefined });
      onClose();
    },
  );

  return (
    <StepForm
      mode="newUser"
      title={t("login.title.newUser")}
      hint={t("account.newUserHint")}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverError}
      busy={busy}
      submitTestId="login-submit"
      submitLabel={t("login.submit.newUser")}
    >
      <input data-testid="login-username" autoComplete="username" maxLength={32} placeholder={t("login.username")}
        aria-label={t("login.username")} value={uname} onChange={(e) => setUname(e.target.value)} />
      <FieldError invalid={invalid.uname} />
      <input data-testid="login-password" type="password" autoComplete="new-password" placeholder={t("login.password")}
        aria-label={t("login.password")} value={password} onChange={(e) => setPassword(e.target.value)} />
      <FieldError invalid={invalid.password} />
    </StepForm>
  );
}
