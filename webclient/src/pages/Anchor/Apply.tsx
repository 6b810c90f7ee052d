// The streamer application (spec §3, §4, §5): name, ID number (birth date for other documents),
// the account's bound phone, intro, live content, ID front / back / hand-held photos, and the
// rules (18 or older). States: none (the form), review, approved, rejected (the reason, and the
// form again), banned.
import { useRef, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { userApi } from "../../api/account";
import { anchorApi, type AnchorApplicationStatus, type AnchorStatus, type AnchorUploadKind } from "../../api/anchor";
import { useResource } from "../../data";
import { useCentreT } from "../../i18n/streamcentre";
import { StreamerRulesList } from "./StreamerRules";
import {
  checkDetailPicture,
  checkImageFile,
  imageSize,
  looksLikeResidentId,
  validateApplication,
  type ApplicationErrors,
  type ApplicationForm,
  type FieldError,
} from "./validation";
import styles from "./Anchor.module.css";
import { errorText } from "../../api/client";

const EMPTY: ApplicationForm = {
  realName: "",
  idNumber: "",
  birthDate: "",
  intro: "",
  liveContent: "",
  idFront: 0,
  idBack: 0,
  idHand: 0,
  agreed: false,
};

export function Apply({ status, onSubmitted }: { status: AnchorStatus; onSubmitted: () => void }) {
  const { t } = useTranslation();
  const [again, setAgain] = useState(false);
  // The application on file adds its summary (and a rejection's reason) to the state; without it the state still reads.
  const detail = useResource(status !== "none" ? `anchor-application|${status}` : null, () => anchorApi.status()).value;

  if (status === "review") {
    return (
      <section className={styles.anchorPanel} data-testid="apply-state" data-status="review">
        <h2 className={styles.anchorSub}>{t("anchor.apply.reviewTitle")}</h2>
        <p>{t("anchor.apply.reviewText")}</p>
        {detail && <Summary d={detail} />}
      </section>
    );
  }
  if (status === "rejected" && !again) {
    return (
      <section className={styles.anchorPanel} data-testid="apply-state" data-status="rejected">
        <h2 className={`${styles.anchorSub} ${styles.anchorBad}`}>{t("anchor.apply.rejectedTitle")}</h2>
        {detail?.reason && <p data-testid="apply-reason">{t("anchor.apply.reason", { reason: detail.reason })}</p>}
        <button type="button" className={styles.anchorButton} data-testid="apply-again" onClick={() => setAgain(true)}>
          {t("anchor.apply.again")}
        </button>
      </section>
    );
  }
  if (status === "approved" || status === "banned") {
    return (
      <section className={styles.anchorPanel} data-testid="apply-state" data-status={status}>
        <p>{status === "approved" ? t("anchor.apply.approved") : t("anchor.center.banned")}</p>
        {detail?.reason && <p>{t("anchor.apply.reason", { reason: detail.reason })}</p>}
      </section>
    );
  }
  return <ApplyForm onSubmitted={onSubmitted} />;
}

function Summary({ d }: { d: AnchorApplicationStatus }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.anchorFacts}>
      <dt>{t("anchor.apply.realName")}</dt>
      <dd>{d.realName}</dd>
      <dt>{t("anchor.apply.idNumber")}</dt>
      <dd>{d.idNumber}</dd>
      <dt>{t("anchor.apply.phone")}</dt>
      <dd>{d.phone}</dd>
      {d.submittedAt > 0 && (
        <>
          <dt>{t("anchor.apply.submittedAt")}</dt>
          <dd>{new Date(d.submittedAt).toLocaleString()}</dd>
        </>
      )}
    </dl>
  );
}

export function FieldMessage({ error, testId }: { error?: FieldError | null; testId?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <span className={styles.anchorFieldError} data-testid={testId} data-error={error}>
      {t(`anchor.error.${error}`)}
    </span>
  );
}

function ApplyForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useTranslation();
  const { t: ct } = useCentreT();
  const [form, setForm] = useState<ApplicationForm>(EMPTY);
  const [errors, setErrors] = useState<ApplicationErrors>({});
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState("");

  // The bound phone: null while it loads; "" when none is bound (or it could not be read: the form says to bind one).
  const account = useResource("anchor-apply-account", (signal) => userApi.info(undefined, { toast: false, signal }));
  const phone = account.status === "loading" ? null : (account.value?.phone ?? "");

  // Editing a field clears its message; the next submit checks everything again.
  const set = <K extends keyof ApplicationForm>(k: K, v: ApplicationForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => {
      const photo = k === "idFront" || k === "idBack" || k === "idHand";
      const birth = k === "idNumber" ? { birthDate: undefined } : {};
      return { ...e, ...birth, [k]: undefined, ...(photo ? { photos: undefined } : {}) };
    });
  };
  const resident = looksLikeResidentId(form.idNumber);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const errs = validateApplication(form, new Date());
    setErrors(errs);
    setServerError("");
    if (Object.keys(errs).length > 0) return;
    setBusy(true);
    anchorApi
      .apply({
        realName: form.realName.trim(),
        idNumber: form.idNumber.trim(),
        birthDate: resident ? undefined : form.birthDate,
        intro: form.intro.trim(),
        liveContent: form.liveContent.trim(),
        idFront: form.idFront,
        idBack: form.idBack,
        idHand: form.idHand,
      })
      .then(
        () => {
          setBusy(false);
          onSubmitted();
        },
        (err) => {
          setBusy(false);
          setServerError(errorText(err));
        },
      );
  };

  return (
    <form className={`${styles.anchorPanel} ${styles.anchorForm}`} data-testid="apply-form" onSubmit={submit} noValidate>
      <h2 className={styles.anchorSub}>{t("anchor.apply.title")}</h2>
      <p className={styles.anchorMuted}>{t("anchor.apply.intro")}</p>
      <label className={styles.anchorField}>
        <span>{t("anchor.apply.realName")}</span>
        <input data-testid="apply-name" value={form.realName} maxLength={50} onChange={(e) => set("realName", e.target.value)} aria-invalid={!!errors.realName} />
        <FieldMessage error={errors.realName} testId="apply-name-error" />
      </label>
      <label className={styles.anchorField}>
        <span>{t("anchor.apply.idNumber")}</span>
        <input data-testid="apply-id" value={form.idNumber} maxLength={32} onChange={(e) => set("idNumber", e.target.value)} aria-invalid={!!errors.idNumber} />
        <FieldMessage error={errors.idNumber} testId="apply-id-error" />
      </label>
      {!resident && form.idNumber.trim() !== "" && (
        <label className={styles.anchorField}>
          <span>{t("anchor.apply.birthDate")}</span>
          <input type="date" data-testid="apply-birth" value={form.birthDate} onChange={(e) => set("birthDate", e.target.value)} aria-invalid={!!errors.birthDate} />
          <FieldMessage error={errors.birthDate} testId="apply-birth-error" />
        </label>
      )}
      <div className={styles.anchorField}>
        <span>{t("anchor.apply.phone")}</span>
        {phone === null ? (
          <span className={styles.anchorMuted}>…</span>
        ) : phone ? (
          <strong data-testid="apply-phone">{phone}</strong>
        ) : (
          <span className={styles.anchorError} data-testid="apply-phone-missing">
            {t("anchor.apply.phoneMissing")} <Link to="/userInfo/setting">{t("anchor.apply.bindPhone")}</Link>
          </span>
        )}
      </div>
      <label className={styles.anchorField}>
        <span>{t("anchor.apply.selfIntro")}</span>
        <textarea data-testid="apply-intro" rows={3} value={form.intro} maxLength={1000} onChange={(e) => set("intro", e.target.value)} aria-invalid={!!errors.intro} />
        <FieldMessage error={errors.intro} testId="apply-intro-error" />
      </label>
      <label className={styles.anchorField}>
        <span>{t("anchor.apply.liveContent")}</span>
        <textarea data-testid="apply-content" rows={2} value={form.liveContent} maxLength={1000} onChange={(e) => set("liveContent", e.target.value)} />
        <FieldMessage error={errors.liveContent} />
      </label>
      <div className={styles.anchorUploads}>
        <ImageUpload kind="idFront" label={t("anchor.apply.idFront")} value={form.idFront} onChange={(id) => set("idFront", id)} />
        <ImageUpload kind="idBack" label={t("anchor.apply.idBack")} value={form.idBack} onChange={(id) => set("idBack", id)} />
        <ImageUpload kind="idHand" label={t("anchor.apply.idHand")} value={form.idHand} onChange={(id) => set("idHand", id)} />
      </div>
      <FieldMessage error={errors.photos} testId="apply-photos-error" />
      {/* spec §6: the streamer rules in full, read before agreeing to them */}
      <div className={styles.anchorField}>
        <span>{ct("rules.title")}</span>
        <StreamerRulesList compact />
      </div>
      <label className={styles.anchorCheck}>
        <input type="checkbox" data-testid="apply-agree" checked={form.agreed} onChange={(e) => set("agreed", e.target.checked)} />
        <span>{t("anchor.apply.rules")}</span>
      </label>
      <FieldMessage error={errors.agreed} testId="apply-agree-error" />
      {serverError && (
        <p className={styles.anchorError} role="alert" data-testid="apply-error">
          {serverError}
        </p>
      )}
      <button type="submit" className={`${styles.anchorButton} ${styles.anchorButtonBig}`} data-testid="apply-submit" disabled={busy}>
        {t("anchor.apply.submit")}
      </button>
    </form>
  );
}

/**
 * One picture upload: JPG/PNG ≤ 3 MB, 1:1 when `square` (checked here before sending, and again by
 * the server). Calls onChange with the upload id (0 when removed).
 */
export function ImageUpload({
  kind,
  label,
  value,
  url: initialUrl,
  onChange,
  square,
}: {
  kind: AnchorUploadKind;
  label: string;
  value: number;
  url?: string;
  onChange: (id: number, url: string) => void;
  square?: boolean;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(initialUrl ?? "");
  const [error, setError] = useState<FieldError | null>(null);
  const [serverError, setServerError] = useState("");
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setServerError("");
    const bad = checkImageFile(file);
    if (bad) return setError(bad);
    if (square) {
      try {
        const notSquare = checkDetailPicture(await imageSize(file));
        if (notSquare) return setError(notSquare);
      } catch {
        return setError("imageInvalid");
      }
    }
    setBusy(true);
    anchorApi.upload(kind, file, file.name).then(
      (u) => {
        setBusy(false);
        setUrl(u.url);
        onChange(u.id, u.url);
      },
      (err) => {
        setBusy(false);
        setServerError(errorText(err));
      },
    );
  };

  return (
    <div className={styles.anchorUpload} data-testid={`upload-${kind}`} data-id={value || ""}>
      <span className={styles.anchorUploadLabel}>{label}</span>
      <button type="button" className={`${styles.anchorUploadBox}${square ? ` ${styles.anchorUploadBoxSquare}` : ""}`} onClick={() => input.current?.click()} disabled={busy}>
        {value && url ? <img src={url} alt={label} /> : <span>{busy ? t("anchor.upload.uploading") : t("anchor.upload.choose")}</span>}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png"
        hidden
        data-testid={`upload-${kind}-input`}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      <FieldMessage error={error} testId={`upload-${kind}-error`} />
      {serverError && <span className={styles.anchorFieldError}>{serverError}</span>}
    </div>
  );
}
