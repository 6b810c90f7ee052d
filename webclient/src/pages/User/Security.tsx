// The security centre (spec §2, §5): bind or change the phone or e-mail (a code to the new
// address proves it) and change the password (a code to the account's own phone or e-mail; the
// server then ends every other session).
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useJiamiT } from "../../i18n/jiami";
import { userApi, type AccountUser } from "../../api/account";
import { ApiError } from "../../api/client";
import { applyProfile, sendCode } from "../../session/account";
import { AreaCodeSelect } from "../../components/LoginModal/AreaCodeSelect";
import { SendCodeButton } from "../../components/LoginModal/SendCodeButton";
import {
  checkEmail,
  checkMobile,
  checkPassword,
  MAX_PASSWORD,
  type InvalidKey,
  type ProfileInvalidKey,
} from "../../components/LoginModal/validation";
import { maskEmail, maskPhone, nationalNumber } from "./mask";
import securityStyles from "./Security.module.css";
import styles from "./UserArea.module.css";

const message = (err: unknown, fallback: string) => (err instanceof ApiError && err.userMessage ? err.userMessage : fallback);

export function Security({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<"phone" | "email" | "password" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const toggle = (k: typeof open) => {
    setNotice(null);
    setOpen((o) => (o === k ? null : k));
  };
  const finish = (text: string) => {
    setOpen(null);
    setNotice(text);
  };
  // The phone and e-mail rows: each shows its address, masked, when one is bound.
  const contacts = [
    { kind: "phone", label: t("login.mobile"), address: user.phone, mask: (a: string) => maskPhone(a, user.areaCode) },
    { kind: "email", label: t("login.email"), address: user.email, mask: maskEmail },
  ] as const;
  return (
    <div className={styles.ucard} data-testid="security">
      <h1>{t("account.menu.security")}</h1>
      {notice && (
        <p className={styles.uformOk} role="status" data-testid="security-done">
          {notice}
        </p>
      )}
      <ul className={securityStyles.sec}>
        {contacts.map(({ kind, label, address, mask }) => (
          <SecurityRow
            key={kind}
            label={label}
            value={address ? mask(address) : t("account.notBound")}
            valueTestId={`sec-${kind}`}
            action={address ? t("account.change") : t("account.bindAction")}
            actionTestId={`sec-${kind}-edit`}
            onAction={() => toggle(kind)}
          >
            {open === kind && <ContactForm kind={kind} onDone={(u) => (applyProfile(u), finish(t("account.contactSaved")))} />}
          </SecurityRow>
        ))}
        <SecurityRow
          label={t("login.password")}
          value={user.hasPassword === false ? t("account.passwordNotSet") : "••••••••"}
          action={t("account.changePassword")}
          actionTestId="sec-password-edit"
          onAction={() => toggle("password")}
        >
          {open === "password" && <PasswordForm user={user} onDone={() => finish(t("account.passwordChanged"))} />}
        </SecurityRow>
      </ul>
    </div>
  );
}

/** One setting of the centre: what is set now, the button that opens its form, and the form when open. */
function SecurityRow({
  label,
  value,
  valueTestId,
  action,
  actionTestId,
  onAction,
  children,
}: {
  label: string;
  value: string;
  valueTestId?: string;
  action: string;
  actionTestId: string;
  onAction: () => void;
  children: ReactNode;
}) {
  return (
    <li className={securityStyles.secItem}>
      <div className={securityStyles.secHead}>
        <span className={securityStyles.secLabel}>{label}</span>
        <span className={securityStyles.secValue} data-testid={valueTestId}>
          {value}
        </span>
        <button type="button" className={styles.uareaSecondary} data-testid={actionTestId} onClick={onAction}>
          {action}
        </button>
      </div>
      {children}
    </li>
  );
}

/** Why a field was refused, under the field; nothing while it is valid. */
function Refused({ invalid }: { invalid: InvalidKey | undefined }) {
  const { t } = useTranslation();
  if (!invalid) return null;
  return (
    <p className={styles.uformInvalid} role="alert">
      {t(`login.invalid.${invalid}`)}
    </p>
  );
}

/**
 * The code field with its send button, and why the code was refused. The send button asks for a
 * code to wherever the form says; test ids are `<prefix>-code` and `<prefix>-send-code`.
 */
function CodeRow({
  prefix,
  code,
  onCode,
  send,
  invalid,
}: {
  prefix: string;
  code: string;
  onCode: (code: string) => void;
  send: () => Promise<boolean>;
  invalid: InvalidKey | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.uformRow}>
        <input data-testid={`${prefix}-code`} inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder={t("login.code")}
          aria-label={t("login.code")} value={code} onChange={(e) => onCode(e.target.value.replace(/\D/g, ""))} />
        <SendCodeButton send={send} testId={`${prefix}-send-code`} />
      </div>
      <Refused invalid={invalid} />
    </>
  );
}

/** Bind or change the phone (type 2) or e-mail (type 1) with a code sent to the new address. */
function ContactForm({ kind, onDone }: { kind: "phone" | "email"; onDone: (u: AccountUser) => void }) {
  const { t } = useTranslation();
  const [areaCode, setAreaCode] = useState("86");
  const [to, setTo] = useState("");
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState<{ to?: InvalidKey; code?: InvalidKey }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const phone = kind === "phone";
  const checkTo = () => (phone ? checkMobile(to, areaCode) : checkEmail(to));

  async function send(): Promise<boolean> {
    const bad = checkTo();
    setInvalid(bad ? { to: bad } : {});
    if (bad) return false;
    setError(null);
    try {
      await sendCode(phone ? { email: false, areaCode, mobile: to } : { email: true, address: to });
      return true;
    } catch (err) {
      setError(message(err, t("errors.system")));
      return false;
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = { to: checkTo() ?? undefined, code: code.trim() ? undefined : ("required" as const) };
    setInvalid(next);
    if (next.to || next.code) return;
    setBusy(true);
    setError(null);
    try {
      const u = await userApi.changeContact({
        type: phone ? 2 : 1,
        mobileOrEmail: to.trim(),
        areaCode: phone ? areaCode : undefined,
        checkCode: code.trim(),
      });
      onDone(u);
    } catch (err) {
      setError(message(err, t("errors.system")));
    } finally {
      setBusy(false);
    }
  }

  const label = t(phone ? "account.newMobile" : "account.newEmail");
  return (
    <form className={`${styles.uform} ${securityStyles.secForm}`} onSubmit={submit} noValidate data-testid={`sec-${kind}-form`}>
      <div className={styles.uformRow}>
        {phone && <AreaCodeSelect value={areaCode} onChange={setAreaCode} />}
        <input data-testid="contact-to" type={phone ? "tel" : "email"} inputMode={phone ? "numeric" : undefined} maxLength={phone ? 11 : 254}
          placeholder={label} aria-label={label} value={to}
          onChange={(e) => setTo(phone ? e.target.value.replace(/\D/g, "") : e.target.value)} />
      </div>
      <Refused invalid={invalid.to} />
      <CodeRow prefix="contact" code={code} onCode={setCode} send={send} invalid={invalid.code} />
      {error && <p className={styles.uformError} role="alert" data-testid="contact-error">{error}</p>}
      <div className={styles.uformActions}>
        <button type="submit" className={styles.uareaPrimary} data-testid="contact-submit" disabled={busy}>
          {t("account.save")}
        </button>
      </div>
    </form>
  );
}

/** Change the password with a code sent to the account's own e-mail or phone. */
function PasswordForm({ user, onDone }: { user: AccountUser; onDone: () => void }) {
  const { t } = useTranslation();
  const { t: jt } = useJiamiT();
  const options = [
    ...(user.email ? [{ id: "email" as const, label: maskEmail(user.email) }] : []),
    ...(user.phone ? [{ id: "phone" as const, label: maskPhone(user.phone, user.areaCode) }] : []),
  ];
  const [via, setVia] = useState<"email" | "phone" | undefined>(options[0]?.id);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [invalid, setInvalid] = useState<{ code?: InvalidKey; password?: InvalidKey; confirm?: ProfileInvalidKey }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!via) return <p className={styles.uformError}>{t("account.bindFirst")}</p>;
  const dest =
    via === "email"
      ? { email: true as const, address: user.email ?? "" }
      : { email: false as const, areaCode: user.areaCode ?? "86", mobile: nationalNumber(user.phone ?? "", user.areaCode) };

  async function send(): Promise<boolean> {
    setError(null);
    try {
      await sendCode(dest);
      return true;
    } catch (err) {
      setError(message(err, t("errors.system")));
      return false;
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = {
      code: code.trim() ? undefined : ("required" as const),
      password: checkPassword(password) ?? undefined,
      confirm: password === confirm ? undefined : ("passwordMismatch" as const),
    };
    setInvalid(next);
    if (next.code || next.password || next.confirm) return;
    setBusy(true);
    setError(null);
    try {
      await userApi.changePassword(
        dest.email
          ? { mobileOrEmail: dest.address, type: 1, checkCode: code.trim(), password }
          : { mobileOrEmail: dest.mobile, areaCode: dest.areaCode, type: 2, checkCode: code.trim(), password },
      );
      onDone();
    } catch (err) {
      setError(message(err, t("errors.system")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={`${styles.uform} ${securityStyles.secForm}`} onSubmit={submit} noValidate data-testid="sec-password-form">
      <label>
        {t("account.codeVia")}
        <select data-testid="password-via" value={via} onChange={(e) => setVia(e.target.value as "email" | "phone")}>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <CodeRow prefix="password" code={code} onCode={setCode} send={send} invalid={invalid.code} />
      <input data-testid="password-new" type="password" autoComplete="new-password" maxLength={MAX_PASSWORD} placeholder={t("login.newPassword")}
        aria-label={t("login.newPassword")} value={password} onChange={(e) => setPassword(e.target.value)} />
      <Refused invalid={invalid.password} />
      <input data-testid="password-confirm" type="password" autoComplete="new-password" maxLength={MAX_PASSWORD}
        placeholder={t("account.confirmPassword")} aria-label={t("account.confirmPassword")} value={confirm}
        onChange={(e) => setConfirm(e.target.value)} />
      {invalid.confirm && <p className={styles.uformInvalid} role="alert">{t(`account.invalid.${invalid.confirm}`)}</p>}
      {error && <p className={styles.uformError} role="alert" data-testid="password-error">{error}</p>}
      <div className={styles.uformActions}>
        <Link to="/jiami" className={securityStyles.secProtect} data-testid="password-jiami">
          {jt("passwordLink")}
        </Link>
        <button type="submit" className={styles.uareaPrimary} data-testid="password-submit" disabled={busy}>
          {t("account.changePassword")}
        </button>
      </div>
    </form>
  );
}
