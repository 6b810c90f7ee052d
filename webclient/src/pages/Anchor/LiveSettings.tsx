// /anchorCenter/live — live settings (spec §5): title, cover, paid flag and price, member-only,
// external comments, pre-broadcast teaser, detailed intro with up to 3 square pictures, an
// external m3u8 source, and the linked match (in progress or starting within 1 hour, picked from
// a search: MatchPicker.tsx) or a custom tag.
import { ModPresetsForm } from "../../components/ModPresets/ModPresetsForm";
import { useState } from "react";
import { CustomTagForm } from "./CustomTagForm";
import { useTranslation } from "react-i18next";
import { anchorApi, type AnchorSettings } from "../../api/anchor";
import { type MatchItem } from "../../api/matches";
import { streamCentreApi } from "../../api/streamcentre";
import { useResource } from "../../data";
import { useCentreT } from "../../i18n/streamcentre";
import { MatchPicker } from "./MatchPicker";
import { useCenter } from "./AnchorCenter";
import { FieldMessage, ImageUpload } from "./Apply";
import { LIMITS, MAX_DETAIL_PICS, validateSettings, type SettingsErrors } from "./validation";
import styles from "./Anchor.module.css";
import { errorText } from "../../api/client";

export default function LiveSettings() {
  const { t } = useTranslation();
  const { info, setInfo } = useCenter();
  const [s, setS] = useState<AnchorSettings>({ ...info.settings, detailPics: [...info.settings.detailPics] });
  const [picUrls, setPicUrls] = useState<string[]>(info.settings.detailPicUrls ?? []);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [addKey, setAddKey] = useState(0);

  const set = <K extends keyof AnchorSettings>(k: K, v: AnchorSettings[K]) => {
    setS((x) => ({ ...x, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const errs = validateSettings(s);
    setErrors(errs);
    setMessage(null);
    if (Object.keys(errs).length > 0) return;
    setBusy(true);
    anchorApi.updateSettings({ ...s, price: s.paid ? s.price : 0 }).then(
      (saved) => {
        setBusy(false);
        setInfo({ ...info, settings: saved });
        setMessage({ ok: true, text: t("anchor.settings.saved") });
      },
      (err) => {
        setBusy(false);
        setMessage({ ok: false, text: errorText(err) });
      },
    );
  };

  const removePic = (i: number) => {
    setS((x) => ({ ...x, detailPics: x.detailPics.filter((_, j) => j !== i) }));
    setPicUrls((u) => u.filter((_, j) => j !== i));
  };

  return (
    <div className={`${styles.anchorGrid} ${styles.anchorGridWide}`}>
      <form className={`${styles.anchorPanel} ${styles.anchorForm}`} data-testid="live-settings" onSubmit={save} noValidate>
        <h2 className={styles.anchorSub}>{t("anchor.settings.title")}</h2>
        <label className={styles.anchorField}>
          <span>{t("anchor.settings.liveTitle")}</span>
          <input data-testid="settings-title" value={s.title} maxLength={LIMITS.title} onChange={(e) => set("title", e.target.value)} aria-invalid={!!errors.title} />
          <FieldMessage error={errors.title} testId="settings-title-error" />
        </label>
        <ImageUpload kind="cover" label={t("anchor.settings.cover")} value={s.cover} url={s.coverUrl} onChange={(id, url) => setS((x) => ({ ...x, cover: id, coverUrl: url }))} />
        <div className={styles.anchorSwitches}>
          <label className={styles.anchorCheck}>
            <input type="checkbox" data-testid="settings-paid" checked={s.paid} onChange={(e) => set("paid", e.target.checked)} />
            <span>{t("anchor.settings.paid")}</span>
          </label>
          {s.paid && (
            <label className={`${styles.anchorField} ${styles.anchorFieldInline}`}>
              <span>{t("anchor.settings.price")}</span>
              <input
                type="number"
                min={1}
                max={100000}
                data-testid="settings-price"
                value={s.price || ""}
                onChange={(e) => set("price", Math.trunc(Number(e.target.value)))}
                aria-invalid={!!errors.price}
              />
              <FieldMessage error={errors.price} testId="settings-price-error" />
            </label>
          )}
          <label className={styles.anchorCheck}>
            <input type="checkbox" data-testid="settings-member" checked={s.memberOnly} onChange={(e) => set("memberOnly", e.target.checked)} />
            <span>{t("anchor.settings.memberOnly")}</span>
          </label>
          <label className={styles.anchorCheck}>
            <input type="checkbox" data-testid="settings-comments" checked={s.externalComments} onChange={(e) => set("externalComments", e.target.checked)} />
            <span>{t("anchor.settings.externalComments")}</span>
          </label>
        </div>
        <label className={styles.anchorField}>
          <span>{t("anchor.settings.teaser")}</span>
          <input data-testid="settings-teaser" value={s.teaser} maxLength={LIMITS.teaser} onChange={(e) => set("teaser", e.target.value)} aria-invalid={!!errors.teaser} />
          <FieldMessage error={errors.teaser} />
        </label>
        <label className={styles.anchorField}>
          <span>{t("anchor.settings.detailIntro")}</span>
          <textarea data-testid="settings-intro" rows={5} value={s.detailIntro} maxLength={LIMITS.detailIntro} onChange={(e) => set("detailIntro", e.target.value)} aria-invalid={!!errors.detailIntro} />
          <FieldMessage error={errors.detailIntro} testId="settings-intro-error" />
        </label>
        <div className={styles.anchorField}>
          <span>{t("anchor.settings.detailPics", { max: MAX_DETAIL_PICS })}</span>
          <div className={styles.anchorPics} data-testid="settings-pics" data-count={s.detailPics.length}>
            {s.detailPics.map((id, i) => (
              <figure key={id} className={styles.anchorPic}>
                <img src={picUrls[i]} alt="" />
                <button type="button" className={styles.anchorLink} onClick={() => removePic(i)}>
                  {t("anchor.settings.remove")}
                </button>
              </figure>
            ))}
            {s.detailPics.length < MAX_DETAIL_PICS && (
              <ImageUpload
                key={addKey}
                kind="detail"
                square
                label={t("anchor.settings.addPicture")}
                value={0}
                onChange={(id, url) => {
                  setS((x) => ({ ...x, detailPics: [...x.detailPics, id] }));
                  setPicUrls((u) => [...u, url]);
                  setAddKey((k) => k + 1);
                }}
              />
            )}
          </div>
          <span className={styles.anchorMuted}>{t("anchor.settings.squareHint")}</span>
          <FieldMessage error={errors.detailPics} />
        </div>
        <label className={styles.anchorField}>
          <span>{t("anchor.settings.m3u8")}</span>
          <input data-testid="settings-m3u8" value={s.m3u8} placeholder="https://…/index.m3u8" onChange={(e) => set("m3u8", e.target.value)} aria-invalid={!!errors.m3u8} />
          <FieldMessage error={errors.m3u8} testId="settings-m3u8-error" />
        </label>
        {message && (
          <p className={message.ok ? styles.anchorOk : styles.anchorError} role="status" data-testid="settings-message" data-ok={message.ok}>
            {message.text}
          </p>
        )}
        <button type="submit" className={`${styles.anchorButton} ${styles.anchorButtonBig}`} data-testid="settings-save" disabled={busy}>
          {t("anchor.settings.save")}
        </button>
      </form>
      <MatchLink />
      <CustomTagForm />
      <ModPresetsForm />
    </div>
  );
}

/** The linked match (spec §5 streaming match window), picked from a search (issue 17). A room without a
 * match takes a custom tag instead (CustomTagForm). */
function MatchLink() {
  const { t } = useTranslation();
  const { t: ct } = useCentreT();
  const { info, setInfo } = useCenter();
  const [picked, setPicked] = useState<Pick<MatchItem, "homeName" | "awayName"> | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  // The linked match's teams, so the streamer never reads a bare id (the one just picked until they load).
  const details = useResource(info.matchId ? `anchor-linked-match|${info.matchId}` : null, () => streamCentreApi.linkDetails());
  const linked = details.value?.match ?? picked;

  const save = (body: { matchId?: string }, picked?: MatchItem) => {
    setBusy(true);
    setMessage(null);
    anchorApi.linkMatch(body).then(
      (r) => {
        setBusy(false);
        setInfo({ ...info, matchId: r.matchId, gameId: r.gameId, customTag: r.customTag });
        setPicked(picked ?? null);
        setMessage({ ok: true, text: t("anchor.settings.saved") });
      },
      (err) => {
        setBusy(false);
        setMessage({ ok: false, text: errorText(err) });
      },
    );
  };

  const current = info.matchId
    ? linked
      ? ct("picker.current", { home: linked.homeName, away: linked.awayName })
      : t("anchor.match.current", { value: "…" })
    : t("anchor.match.none");
  return (
    <section className={`${styles.anchorPanel} ${styles.anchorForm}`} data-testid="match-link">
      <h2 className={styles.anchorSub}>{t("anchor.match.title")}</h2>
      <p className={styles.anchorMuted}>{t("anchor.match.rule")}</p>
      <p className={styles.anchorMuted} data-testid="match-current" data-match-id={info.matchId}>
        {current}
      </p>
      <MatchPicker linkedId={info.matchId} busy={busy} onPick={(m) => save({ matchId: m.id }, m)} />
      {message && (
        <p className={message.ok ? styles.anchorOk : styles.anchorError} role="status" data-testid="match-message">
          {message.text}
        </p>
      )}
      <div className={styles.anchorActions}>
        <button type="button" className={styles.anchorLink} disabled={busy || !info.matchId} onClick={() => save({})}>
          {t("anchor.match.clear")}
        </button>
      </div>
    </section>
  );
}
