// The parts every step of the login modal shares (login/register, new user, bind e-mail): the
// dialog with its close button and title, a field's validation message, and the form's end with
// the server's error and the submit button. Tests and the browser tests find the steps by these
// test ids and classes, so they are written here once.
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { afterFailure } from "./machine";
import type { InvalidKey } from "./validation";
import { useDialog } from "../useDialog";
import styles from "./LoginModal.module.css";

/** The dialog of one step; data-mode names the step. */
export function LoginDialog({ mode, title, onClose, children }: { mode: string | number; title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  // Focus moves in (to ×, the first control), Tab stays in, Escape closes, focus goes back to the opener.
  const dialog = useDialog<HTMLDivElement>(onClose);
  return (
    <div className={styles.login} role="dialog" aria-labelledby="login-title" {...dialog} data-testid="login-modal" data-mode={mode}>
      <button type="button" className={styles.loginClose} aria-label={t("common.close")} onClick={onClose}>
        ×
      </button>
      <h2 id="login-title" className={styles.loginTitle}>
        {title}
      </h2>
      {children}
    </div>
  );
}

/** Why a field was refused, under the field; nothing while it is valid. */
export function FieldError({ invalid, testId }: { invalid: InvalidKey | undefined; testId?: string }) {
  const { t } = useTranslation();
  if (!invalid) return null;
  return (
    <span className={styles.loginInvalid} role="alert" data-testid={testId}>
      {t(`login.invalid.${invalid}`)}
    </span>
  );
}

/** The end of a step's form: the server's refusal, if any, above the submit button. */
export function FormEnd({ serverError, busy, submitTestId, submitLabel }: { serverError: string | null; busy: boolean; submitTestId: string; submitLabel: string }) {
  return (
    <>
      {serverError && (
        <p className={styles.loginServerError} role="alert" data-testid="login-error">
          {serverError}
        </p>
      )}
      <button type="submit" className={styles.loginSubmit} data-testid={submitTestId} disabled={busy}>
        {submitLabel}
      </button>
    </>
  );
}

/**
 * The state and submit of a one-form step: `submit(check, call)` makes a form handler that shows
 * why each field was refused (check returns a key per refused field), or else runs the call with
 * the form busy and shows the server's refusal inline (`fail` does the same for other calls).
 */
export function useStepForm<F extends string>() {
  const { t } = useTranslation();
  const [invalid, setInvalid] = useState<Partial<Record<F, InvalidKey>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fail = (err: unknown) => {
    const f = afterFailure(err, t("errors.system"));
    setServerError(f.to === "error" ? f.message : t("errors.system"));
  };
  const submit = (check: () => Partial<Record<F, InvalidKey>>, call: () => Promise<void>) => async (e: FormEvent) => {
    e.preventDefault();
    const next = check();
    setInvalid(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    setServerError(null);
    try {
      await call();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  return { invalid, setInvalid, serverError, setServerError, busy, fail, submit };
}

/** A one-form step after the sign-in call (new user, bind e-mail): a hint, the fields, the end. */
export function StepForm({
  mode,
  title,
  hint,
  onClose,
  onSubmit,
  children,
  ...end
}: {
  mode: string;
  title: string;
  hint: string;
  onClose: () => void;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
  serverError: string | null;
  busy: boolean;
  submitTestId: string;
  submitLabel: string;
}) {
  return (
    <LoginDialog mode={mode} title={title} onClose={onClose}>
      <p className={styles.loginHint}>{hint}</p>
      <form className={styles.loginForm} onSubmit={onSubmit} noValidate>
        {children}
        <FormEnd {...end} />
      </form>
    </LoginDialog>
  );
}
