// The global login modal (spec §2, §4): password login (mode 2, default), verification-code
// login (1), reset password (3) and register, each by mobile or e-mail; third-party sign-in;
// the new-user step after a first login and the bind-e-mail step after errorCode 2010. It calls
// the real endpoints through the API client and shows the server's errorMsg inline; it never
// pretends a login succeeded. The rules of each mode live in machine.ts.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useJiamiT } from "../../i18n/jiami";
import { useAtom, useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { loginModalAtom, LoginMode, showToast } from "../../state/ui";
import { oauthBindAtom } from "../../state/session";
import { authApi } from "../../api/account";
import { openSession, sendCode } from "../../session/account";
import { completeOAuth } from "../../session/oauth";
import {
  afterFailure,
  afterSuccess,
  checkIdentity,
  EMAIL,
  fieldsOf,
  linksOf,
  MOBILE,
  requestFor,
  validate,
  type FormMode,
  type FormValues,
  type Invalid,
} from "./machine";
import { AreaCodeSelect } from "./AreaCodeSelect";
import { SendCodeButton } from "./SendCodeButton";
import { ThirdPartyButtons } from "./ThirdPartyButtons";
import { NewUserForm } from "./NewUserForm";
import { BindEmailForm } from "./BindEmailForm";
import { FieldError, FormEnd, LoginDialog } from "./LoginDialog";
import { channelPayload } from "../../session/channel";
import styles from "./LoginModal.module.css";

const MODE_KEY = {
  [LoginMode.Password]: "password",
  [LoginMode.Code]: "code",
  [LoginMode.Reset]: "reset",
  [LoginMode.Register]: "register",
} as const;

const LINK_KEY = {
  [LoginMode.Password]: "login.usePassword",
  [LoginMode.Code]: "login.useCode",
  [LoginMode.Reset]: "login.forgot",
  [LoginMode.Register]: "login.toRegister",
} as const;

export function LoginModal() {
  const [modal, setModal] = useAtom(loginModalAtom);
  const [bind, setBind] = useAtom(oauthBindAtom);
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => {
    setModal((m) => ({ ...m, open: false }));
    setBind(null);
    setNotice(null);
  };
  useOAuthReturn();

  // Lock page scroll while open. Escape, Tab and focus are LoginDialog's (useDialog).
  useEffect(() => {
    if (!modal.open) return;
    const prev = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = prev;
    };
  }, [modal.open]);

  if (!modal.open) return null;
  let body;
  if (bind) body = <BindEmailForm providerType={bind.type} onClose={close} onNewUser={() => setModal({ open: true, mode: LoginMode.NewUser })} />;
  else if (modal.mode === LoginMode.NewUser) body = <NewUserForm onClose={close} />;
  else
    body = (
      <LoginForm
        key={modal.mode}
        mode={modal.mode}
        notice={notice}
        onMode={(mode, n) => {
          setNotice(n ?? null);
          setModal({ open: true, mode });
        }}
        onClose={close}
      />
    );
  return (
    <div className={styles.loginBackdrop} data-testid="login-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      {body}
    </div>
  );
}

/** Finishes a third-party sign-in when the provider sends the browser back (any route). */
function useOAuthReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const setModal = useSetAtom(loginModalAtom);
  const setBind = useSetAtom(oauthBindAtom);
  const { t } = useTranslation();
  const busy = useRef(false);
  useEffect(() => {
    if (busy.current || (!location.search.includes("state=") && !location.search.includes("error="))) return;
    busy.current = true;
    void completeOAuth(`${window.location.origin}${location.pathname}${location.search}${location.hash}`)
      .then((r) => {
        switch (r.kind) {
          case "signedIn":
            try {
              const info = openSession(r.result);
              navigate(r.returnTo, { replace: true });
              if (info.newUser) setModal({ open: true, mode: LoginMode.NewUser });
            } catch {
              navigate(r.returnTo, { replace: true });
              showToast(t("errors.system"));
            }
            break;
          case "bindEmail":
            navigate(r.returnTo, { replace: true });
            setBind({ type: r.type });
            setModal({ open: true, mode: LoginMode.Password });
            break;
          case "failed":
            navigate(r.cleanUrl, { replace: true });
            showToast(r.message || t("account.oauthFailed"));
            break;
        }
      })
      .finally(() => {
        busy.current = false;
      });
  }, [location.pathname, location.search, location.hash, navigate, setModal, setBind, t]);
}

function LoginForm({
  mode,
  notice,
  onMode,
  onClose,
}: {
  mode: FormMode;
  notice: string | null;
  onMode: (m: LoginMode, notice?: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { t: jt } = useJiamiT();
  const [v, setV] = useState<FormValues>({ idType: MOBILE, areaCode: "86", identity: "", password: "", code: "" });
  const [invalid, setInvalid] = useState<Invalid>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const firstInput = useRef<HTMLInputElement>(null);
  const modeKey = MODE_KEY[mode];
  const fields = fieldsOf(mode, v.idType);
  const set = (patch: Partial<FormValues>) => setV((old) => ({ ...old, ...patch }));

  useEffect(() => firstInput.current?.focus(), [v.idType]);

  const fail = (err: unknown) => {
    const f = afterFailure(err, t("errors.system"));
    setServerError(f.to === "error" ? f.message : t("errors.system"));
  };

  async function send(): Promise<boolean> {
    const bad = checkIdentity(mode, v);
    setInvalid(bad ? { identity: bad } : {});
    if (bad) return false;
    setServerError(null);
    try {
      await sendCode(v.idType === MOBILE ? { email: false, areaCode: v.areaCode, mobile: v.identity } : { email: true, address: v.identity });
      return true;
    } catch (err) {
      fail(err);
      return false;
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const bad = validate(mode, v);
    setInvalid(bad);
    if (Object.keys(bad).length > 0) return;
    setBusy(true);
    setServerError(null);
    try {
      const req = requestFor(mode, v);
      let res = null;
      if (req.call === "passwordLogin") res = await authApi.passwordLogin(req.payload);
      else if (req.call === "codeLogin") res = await authApi.codeLogin({ ...req.payload, ...channelPayload() });
      else await authApi.resetPassword(req.payload);
      const next = afterSuccess(mode, res);
      if (next.to === "passwordLogin") {
        onMode(LoginMode.Password, t("account.passwordResetDone"));
        return;
      }
      openSession(res);
      if (next.to === "newUser") onMode(LoginMode.NewUser);
      else onClose();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (f: keyof Invalid) => <FieldError invalid={invalid[f]} testId={`login-invalid-${f}`} />;

  const idLabel = t(fields.identity === "mobile" ? "login.mobile" : fields.identity === "account" ? "login.account" : "login.email");

  return (
    <LoginDialog mode={mode} title={t(`login.title.${modeKey}`)} onClose={onClose}>

      <div className={styles.loginSwitch} role="tablist">
        {([MOBILE, EMAIL] as const).map((it) => (
          <button
            key={it}
            type="button"
            role="tab"
            aria-selected={v.idType === it}
            className={v.idType === it ? `${styles.loginTab} ${styles.loginTabOn}` : styles.loginTab}
            data-testid={it === MOBILE ? "login-by-mobile" : "login-by-email"}
            onClick={() => {
              set({ idType: it, identity: "" });
              setInvalid({});
            }}
          >
            {t(it === MOBILE ? "login.byMobile" : mode === LoginMode.Password ? "account.byAccount" : "login.byEmail")}
          </button>
        ))}
      </div>

      {notice && (
        <p className={styles.loginNotice} role="status" data-testid="login-notice">
          {notice}
        </p>
      )}

      <form className={styles.loginForm} onSubmit={submit} noValidate>
        <div className={styles.loginRow}>
          {fields.identity === "mobile" && <AreaCodeSelect value={v.areaCode} onChange={(areaCode) => set({ areaCode })} />}
          <input
            ref={firstInput}
            data-testid="login-identity"
            type={fields.identity === "mobile" ? "tel" : fields.identity === "account" ? "text" : "email"}
            inputMode={fields.identity === "mobile" ? "numeric" : undefined}
            autoComplete="username"
            maxLength={fields.identity === "mobile" ? 11 : 254}
            placeholder={idLabel}
            aria-label={idLabel}
            value={v.identity}
            onChange={(e) => set({ identity: fields.identity === "mobile" ? e.target.value.replace(/\D/g, "") : e.target.value })}
          />
        </div>
        {fieldError("identity")}

        {fields.code && (
          <>
            <div className={styles.loginRow}>
              <input
                data-testid="login-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder={t("login.code")}
                aria-label={t("login.code")}
                value={v.code}
                onChange={(e) => set({ code: e.target.value.replace(/\D/g, "") })}
              />
              <SendCodeButton send={send} />
            </div>
            {fieldError("code")}
          </>
        )}

        {fields.password && (
          <>
            <input
              data-testid="login-password"
              type="password"
              autoComplete={fields.newPassword ? "new-password" : "current-password"}
              placeholder={t(mode === LoginMode.Reset ? "login.newPassword" : "login.password")}
              aria-label={t(mode === LoginMode.Reset ? "login.newPassword" : "login.password")}
              value={v.password}
              onChange={(e) => set({ password: e.target.value })}
            />
            {fieldError("password")}
            <Link to="/jiami" onClick={onClose} className={styles.loginProtect} data-testid="login-jiami">
              {jt("passwordLink")}
            </Link>
          </>
        )}

        <FormEnd serverError={serverError} busy={busy} submitTestId="login-submit" submitLabel={t(`login.submit.${modeKey}`)} />
      </form>

      <div className={styles.loginLinks}>
        {linksOf(mode).map((m) => (
          <button key={m} type="button" data-testid={`login-to-${MODE_KEY[m]}`} onClick={() => onMode(m)}>
            {t(m === LoginMode.Password && mode !== LoginMode.Code ? "login.toLogin" : LINK_KEY[m])}
          </button>
        ))}
      </div>

      {(mode === LoginMode.Password || mode === LoginMode.Code) && <ThirdPartyButtons onError={setServerError} />}

      <p className={styles.loginTerms}>
        {t("login.agree")}{" "}
        <Link to="/protocol/1" onClick={onClose} data-testid="terms-user">
          {t("footer.terms")}
        </Link>{" "}
        {t("login.and")}{" "}
        <Link to="/protocol/2" onClick={onClose} data-testid="terms-privacy">
          {t("footer.privacy")}
        </Link>
      </p>
    </LoginDialog>
  );
}
