// The streamer centre's custom tag (issue 17 "Around the room"): a room that does not commentate a
// match (a talk show, an analysis desk) carries a tag instead, shown on its card and in its header
// and listed on /customLive/{tag}. Suggestions are the usual kinds of show (in the streamer's
// language) and the tags other live rooms use now, so rooms of one kind meet on one page.
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { anchorApi } from "../../api/anchor";
import { liveApi, tagPath } from "../../api/live";
import { useMultiViewT, type MultiViewKey } from "../../i18n/multiview";
import { useResource } from "../../data";
import { useCenter } from "./AnchorCenter";
import { normalizeTag, TAG_MAX } from "./customTag";
import styles from "./Anchor.module.css";
import { errorText } from "../../api/client";

const PRESETS: MultiViewKey[] = [
  "tagForm.suggestions.talkShow",
  "tagForm.suggestions.analysis",
  "tagForm.suggestions.qa",
  "tagForm.suggestions.watchParty",
  "tagForm.suggestions.news",
  "tagForm.suggestions.tutorial",
];

/** The tag isolated from the sentence's direction (first-strong isolate): "#Talk show" stays in
 *  one piece inside an Arabic sentence (the translations write "{{tag}}"). */
const isolate = (tag: string) => `\u2068${tag}\u2069`;

export function CustomTagForm() {
  const { t } = useMultiViewT();
  const { info, setInfo } = useCenter();
  const [tag, setTag] = useState(info.customTag);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // The tags live rooms use now join the suggestions; without them the presets still stand.
  const tags = useResource("live-tags", (signal) => liveApi.tags({ signal }));
  const inUse = useMemo(() => tags.value?.list.map((x) => x.tag) ?? [], [tags.value]);

  const suggestions = useMemo(() => {
    const seen = new Set<string>();
    return [...PRESETS.map((k) => t(k)), ...inUse].filter((s) => {
      const k = s.toLowerCase();
      if (seen.has(k) || normalizeTag(s) === null) return false;
      seen.add(k);
      return true;
    });
  }, [t, inUse]);

  const normalized = normalizeTag(tag);
  const save = (value: string) => {
    setBusy(true);
    setMessage(null);
    anchorApi.linkMatch(value ? { customTag: value } : {}).then(
      (r) => {
        setBusy(false);
        setInfo({ ...info, matchId: r.matchId, gameId: r.gameId, customTag: r.customTag });
        setTag(r.customTag);
        setMessage({ ok: true, text: t("tagForm.saved") });
      },
      (err) => {
        setBusy(false);
        setMessage({ ok: false, text: errorText(err) });
      },
    );
  };

  return (
    <section className={`${styles.anchorPanel} ${styles.anchorForm}`} data-testid="custom-tag-form">
      <h2 className={styles.anchorSub}>{t("tagForm.title")}</h2>
      <p className={styles.anchorMuted}>{t("tagForm.hint")}</p>
      <label className={styles.anchorField}>
        <span>{t("tagForm.label")}</span>
        <input
          data-testid="custom-tag-input"
          value={tag}
          maxLength={TAG_MAX + 2}
          aria-invalid={normalized === null}
          onChange={(e) => {
            setTag(e.target.value);
            setMessage(null);
          }}
        />
      </label>
      <p className={normalized === null ? styles.anchorError : styles.anchorMuted}>{t("tagForm.rule")}</p>
      <div className={styles.anchorSwitches} role="group" aria-label={t("tagForm.suggested")}>
        <span className={styles.anchorMuted}>{t("tagForm.suggested")}:</span>
        {suggestions.map((s) => (
          <button key={s} type="button" className={styles.anchorLink} data-testid="custom-tag-suggestion" onClick={() => setTag(s)}>
            <bdi>#{s}</bdi>
          </button>
        ))}
      </div>
      <p className={styles.anchorMuted} data-testid="custom-tag-current">
        {info.customTag ? (
          <>
            {t("tagForm.current", { tag: isolate(`#${info.customTag}`) })} · <Link to={tagPath(info.customTag)}>{t("tagForm.listedAt")}</Link>
          </>
        ) : (
          t("tagForm.none")
        )}
      </p>
      {message && (
        <p className={message.ok ? styles.anchorOk : styles.anchorError} role="status">
          {message.text}
        </p>
      )}
      <div className={styles.anchorActions}>
        <button
          type="button"
          className={styles.anchorButton}
          data-testid="custom-tag-save"
          disabled={busy || !normalized || normalized === info.customTag}
          onClick={() => normalized && save(normalized)}
        >
          {t("tagForm.save")}
        </button>
        {info.customTag && (
          <button type="button" className={styles.anchorLink} data-testid="custom-tag-clear" disabled={busy} onClick={() => save("")}>
            {t("tagForm.clear")}
          </button>
        )}
      </div>
    </section>
  );
}
