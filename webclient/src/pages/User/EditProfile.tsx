// Edit profile: avatar upload (JPG or PNG up to 3 MB, previewed before upload), username and
// personal signature. The server's message is shown for anything it refuses.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCaijianT } from "../../i18n/caijian";
import { userApi, type AccountUser } from "../../api/account";
import { ApiError } from "../../api/client";
import { applyProfile, refreshAccount } from "../../session/account";
import {
  checkAvatar,
  checkSignature,
  checkUsername,
  MAX_SIGNATURE,
  MAX_USERNAME,
  type InvalidKey,
  type ProfileInvalidKey,
} from "../../components/LoginModal/validation";
import { Avatar } from "../../components/Avatar";
import editProfileStyles from "./EditProfile.module.css";
import styles from "./UserArea.module.css";

const message = (err: unknown, fallback: string) => (err instanceof ApiError && err.userMessage ? err.userMessage : fallback);

export function EditProfile({ user }: { user: AccountUser }) {
  return (
    <>
      <AvatarUpload user={user} />
      <ProfileForm user={user} />
    </>
  );
}

function AvatarUpload({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const { t: ct } = useCaijianT();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<ProfileInvalidKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function choose(f: File | undefined) {
    setError(null);
    setDone(false);
    setFile(null);
    setPreview(null);
    if (!f) return;
    const head = new Uint8Array(await f.slice(0, 8).arrayBuffer());
    const bad = checkAvatar(f.size, head);
    setInvalid(bad);
    if (bad) return;
    setFile(f);
    setPreview(URL.createObjectURL(f));
  }

  async function upload() {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const r = await userApi.uploadAvatar(file, file.name || "avatar");
      applyProfile({ ...user, avatar: r.avatar });
      setFile(null);
      setPreview(null);
      setDone(true);
      if (input.current) input.current.value = "";
    } catch (err) {
      setError(message(err, t("account.uploadFailed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.ucard} data-testid="avatar-card">
      <h2>{t("account.avatar.title")}</h2>
      <div className={editProfileStyles.avup}>
        <figure className={editProfileStyles.avupFig}>
          <Avatar src={user.avatar} name={user.name} size={96} testId="avatar-current" />
          <figcaption>{t("account.avatar.current")}</figcaption>
        </figure>
        {preview && (
          <figure className={editProfileStyles.avupFig}>
            <Avatar src={preview} alt={t("account.avatar.preview")} size={96} testId="avatar-preview" />
            <figcaption>{t("account.avatar.preview")}</figcaption>
          </figure>
        )}
        <div className={editProfileStyles.avupActions}>
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg"
            className="visually-hidden"
            data-testid="avatar-file"
            id="avatar-file"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <label htmlFor="avatar-file" className={`${styles.uareaSecondary} ${editProfileStyles.avupChoose}`}>
            {t("account.avatar.choose")}
          </label>
          <button type="button" className={styles.uareaPrimary} data-testid="avatar-upload" disabled={!file || busy} onClick={() => void upload()}>
            {t("account.avatar.upload")}
          </button>
          <p className={editProfileStyles.avupRule}>{t("account.avatar.rule")}</p>
          <Link to="/caijian" className={editProfileStyles.avupCrop} data-testid="avatar-crop-link">
            {ct("title")} →
          </Link>
        </div>
      </div>
      {invalid && (
        <p className={styles.uformInvalid} role="alert" data-testid="avatar-invalid">
          {t(`account.invalid.${invalid}`)}
        </p>
      )}
      {error && (
        <p className={styles.uformError} role="alert" data-testid="avatar-error">
          {error}
        </p>
      )}
      {done && (
        <p className={styles.uformOk} role="status" data-testid="avatar-done">
          {t("account.avatar.done")}
        </p>
      )}
    </div>
  );
}

function ProfileForm({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState(user.username ?? "");
  const [signature, setSignature] = useState(user.signature ?? "");
  const [invalid, setInvalid] = useState<{ username?: InvalidKey; signature?: ProfileInvalidKey }>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = { username: checkUsername(username) ?? undefined, signature: checkSignature(signature) ?? undefined };
    setInvalid(next);
    setDone(false);
    if (next.username || next.signature) return;
    setBusy(true);
    setError(null);
    try {
      const patch: { username?: string; signature?: string } = { signature: signature.trim() };
      if (username.trim() !== user.username) patch.username = username.trim();
      const u = await userApi.modifyUser(patch);
      if (u?.private) applyProfile(u);
      else await refreshAccount();
      setDone(true);
    } catch (err) {
      setError(message(err, t("errors.system")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.ucard} data-testid="profile-form">
      <h2>{t("account.menu.setting")}</h2>
      <form className={styles.uform} onSubmit={submit} noValidate>
        <label>
          {t("login.username")}
          <input data-testid="edit-username" value={username} maxLength={MAX_USERNAME} autoComplete="username"
            onChange={(e) => setUsername(e.target.value)} />
        </label>
        {invalid.username && <p className={styles.uformInvalid} role="alert">{t(`login.invalid.${invalid.username}`)}</p>}
        <label>
          {t("account.signature")}
          <textarea data-testid="edit-signature" value={signature} maxLength={MAX_SIGNATURE + 20} placeholder={t("account.signatureHint")}
            onChange={(e) => setSignature(e.target.value)} />
        </label>
        <span className={styles.uformCount}>
          {[...signature.trim()].length}/{MAX_SIGNATURE}
        </span>
        {invalid.signature && <p className={styles.uformInvalid} role="alert">{t(`account.invalid.${invalid.signature}`, { max: MAX_SIGNATURE })}</p>}
        {error && <p className={styles.uformError} role="alert" data-testid="edit-error">{error}</p>}
        {done && <p className={styles.uformOk} role="status" data-testid="edit-done">{t("account.saved")}</p>}
        <div className={styles.uformActions}>
          <button type="submit" className={styles.uareaPrimary} data-testid="edit-save" disabled={busy}>
            {t("account.save")}
          </button>
        </div>
      </form>
    </div>
  );
}
