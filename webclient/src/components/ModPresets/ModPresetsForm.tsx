// The moderation presets form (issue 25 §3): the streamer centre's live settings show it for the
// streamer's own room, the live room's moderator panel for the room being watched. It loads and
// saves GET/POST /java/live/modPresets; the numbers are checked here with the server's limits, and
// what the server still refuses is shown in the request's language.
import { useState, type FormEvent } from "react";
import { errorText } from "../../api/client";
import { modPresetsApi, type ModPresets, type RateAction } from "../../api/modpresets";
import { Loadable, useResource } from "../../data";
import { useModPresetsT, type ModPresetsKey } from "../../i18n/modpresets";
import styles from "./ModPresets.module.css";

/** The server's limits (api/modpresets/service.go). */
export const LIMITS = {
  goalSlowSecs: [0, 3600],
  goalSlowInterval: [1, 600],
  rateThreshold: [0, 1000],
  rateSlowSecs: [1, 3600],
  rateSlowInterval: [1, 600],
  shieldMins: [1, 1440],
  newAccountDays: [0, 365],
  minFollowMins: [0, 525600],
} as const;

type NumField = keyof typeof LIMITS;

/** The form's state: numbers as typed, so a half-typed value is kept and reported. */
export type Draft = Record<NumField, string> & { rateAction: RateAction; words: string; followersOnly: boolean; goalOn: boolean };

export function toDraft(p: ModPresets): Draft {
  return {
    goalOn: p.goalSlowSecs > 0,
    goalSlowSecs: String(p.goalSlowSecs > 0 ? p.goalSlowSecs : 60),
    goalSlowInterval: String(p.goalSlowInterval),
    rateThreshold: String(p.rateThreshold),
    rateAction: p.rateAction,
    rateSlowSecs: String(p.rateSlowSecs),
    rateSlowInterval: String(p.rateSlowInterval),
    shieldMins: String(p.shieldMins),
    words: p.shieldWords.join("\n"),
    newAccountDays: String(p.newAccountDays),
    followersOnly: p.followersOnly,
    minFollowMins: String(p.minFollowMins),
  };
}

/** Checks d; returns the presets to save, or the fields out of range. */
export function fromDraft(d: Draft, room: string): { presets?: ModPresets; errors: Partial<Record<NumField, true>> } {
  const errors: Partial<Record<NumField, true>> = {};
  const num = (f: NumField): number => {
    const s = d[f].trim();
    const n = Number(s);
    const [min, max] = LIMITS[f];
    const whole = f !== "rateThreshold";
    if (s === "" || !Number.isFinite(n) || (whole && !Number.isInteger(n)) || n < min || n > max) errors[f] = true;
    return n;
  };
  const presets: ModPresets = {
    room,
    goalSlowSecs: d.goalOn ? num("goalSlowSecs") : 0,
    goalSlowInterval: num("goalSlowInterval"),
    rateThreshold: num("rateThreshold"),
    rateAction: d.rateAction,
    rateSlowSecs: num("rateSlowSecs"),
    rateSlowInterval: num("rateSlowInterval"),
    shieldMins: num("shieldMins"),
    shieldWords: d.words.split("\n").map((w) => w.trim()).filter(Boolean),
    newAccountDays: num("newAccountDays"),
    followersOnly: d.followersOnly,
    minFollowMins: num("minFollowMins"),
  };
  if (d.goalOn && presets.goalSlowSecs < 1) errors.goalSlowSecs = true;
  return Object.keys(errors).length ? { errors } : { presets, errors };
}

/** The presets of room (omitted: the signed-in streamer's own room). */
export function ModPresetsForm({ room, compact }: { room?: string; compact?: boolean }) {
  const presets = useResource(`modpresets:${room ?? ""}`, () => modPresetsApi.get(room));
  if (presets.status !== "ready" || !presets.value) {
    return (
      <section className={styles.modpresets} data-testid="modpresets">
        <Loadable resource={presets} minHeight={compact ? 120 : 240}>
          {() => null}
        </Loadable>
      </section>
    );
  }
  // The form edits its own draft of what was loaded; a save answers the stored presets.
  return <PresetsForm key={room ?? ""} loaded={presets.value} room={room} compact={compact} onSaved={presets.set} />;
}

function PresetsForm({ loaded, room, compact, onSaved }: { loaded: ModPresets; room?: string; compact?: boolean; onSaved: (p: ModPresets) => void }) {
  const { t } = useModPresetsT();
  const [draft, setDraft] = useState<Draft>(() => toDraft(loaded));
  const roomId = loaded.room;
  const [errors, setErrors] = useState<Partial<Record<NumField, true>>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => {
    setDraft((d) => ({ ...d, [k]: v }));
    setMessage(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { presets, errors } = fromDraft(draft, roomId);
    setErrors(errors);
    if (!presets) return;
    setBusy(true);
    modPresetsApi.save(presets, room).then(
      (p) => {
        setBusy(false);
        setDraft(toDraft(p));
        onSaved(p);
        setMessage({ ok: true, text: t("saved") });
      },
      (err) => {
        setBusy(false);
        setMessage({ ok: false, text: errorText(err) });
      },
    );
  };

  const numberField = (f: NumField, label: ModPresetsKey, disabled = false) => (
    <label className={styles.modpresetsField}>
      <span>{t(label)}</span>
      <input
        type="number"
        inputMode={f === "rateThreshold" ? "decimal" : "numeric"}
        step={f === "rateThreshold" ? "0.5" : "1"}
        min={LIMITS[f][0]}
        max={LIMITS[f][1]}
        data-testid={`mp-${f}`}
        value={draft[f]}
        disabled={disabled}
        aria-invalid={!!errors[f]}
        onChange={(e) => set(f, e.target.value)}
      />
      {errors[f] && (
        <small className={styles.modpresetsError} data-testid={`mp-${f}-error`}>
          {t("range", { min: LIMITS[f][0], max: LIMITS[f][1] })}
        </small>
      )}
    </label>
  );

  return (
    <form className={`${styles.modpresets}${compact ? ` ${styles.modpresetsCompact}` : ""}`} data-testid="modpresets" onSubmit={submit} noValidate>
      <h2 className={styles.modpresetsTitle}>{t("title")}</h2>
      {!compact && <p className={styles.modpresetsIntro}>{t("intro")}</p>}
      <fieldset>
        <legend>{t("goal.legend")}</legend>
        <label className={styles.modpresetsCheck}>
          <input type="checkbox" data-testid="mp-goalOn" checked={draft.goalOn} onChange={(e) => set("goalOn", e.target.checked)} />
          <span>{t("goal.enable")}</span>
        </label>
        <div className={styles.modpresetsRow}>
          {numberField("goalSlowSecs", "goal.secs", !draft.goalOn)}
          {numberField("goalSlowInterval", "goal.interval", !draft.goalOn)}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("rate.legend")}</legend>
        <div className={styles.modpresetsRow}>
          {numberField("rateThreshold", "rate.threshold")}
          <label className={styles.modpresetsField}>
            <span>{t("rate.action")}</span>
            <select data-testid="mp-rateAction" value={draft.rateAction} onChange={(e) => set("rateAction", e.target.value as RateAction)}>
              <option value="slow">{t("rate.slow")}</option>
              <option value="shield">{t("rate.shield")}</option>
              <option value="followers">{t("rate.followers")}</option>
            </select>
          </label>
        </div>
        {draft.rateAction === "slow" && (
          <div className={styles.modpresetsRow}>
            {numberField("rateSlowSecs", "rate.secs")}
            {numberField("rateSlowInterval", "rate.interval")}
          </div>
        )}
      </fieldset>
      <fieldset>
        <legend>{t("shield.legend")}</legend>
        <p className={styles.modpresetsHelp}>{t("shield.help")}</p>
        <div className={styles.modpresetsRow}>
          {numberField("shieldMins", "shield.mins")}
          {numberField("newAccountDays", "shield.newDays")}
        </div>
        <label className={styles.modpresetsField}>
          <span>{t("shield.words")}</span>
          <textarea data-testid="mp-words" rows={compact ? 2 : 3} value={draft.words} onChange={(e) => set("words", e.target.value)} />
        </label>
      </fieldset>
      <fieldset>
        <legend>{t("followers.legend")}</legend>
        <label className={styles.modpresetsCheck}>
          <input type="checkbox" data-testid="mp-followersOnly" checked={draft.followersOnly} onChange={(e) => set("followersOnly", e.target.checked)} />
          <span>{t("followers.enable")}</span>
        </label>
        {numberField("minFollowMins", "followers.minMins")}
      </fieldset>
      {message && (
        <p className={message.ok ? styles.modpresetsOk : styles.modpresetsError} role="status" data-testid="mp-message" data-ok={message.ok}>
          {message.text}
        </p>
      )}
      <button type="submit" className={styles.modpresetsSave} data-testid="mp-save" disabled={busy}>
        {t("save")}
      </button>
    </form>
  );
}
