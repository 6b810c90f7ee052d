// /admin/words — the platform's banned words (staff with moderationRules): the normaliser's preview
// of what an entry catches before it is added, the list with each entry's forms, and the rooms' own
// word lists (read-only: their streamers and moderators keep them). Each change is in the audit log.
import { useEffect, useState, type FormEvent } from "react";
import { errorText } from "../../../api/client";
import { adminOpsApi } from "../../../api/adminops";
import { Loadable, useResource } from "../../../data";
import { useOpsT } from "../../../i18n/adminops";
import { formatTime } from "../format";
import { Pager, ReasonField } from "./Pager";
import styles from "./ops.module.css";
import adminStyles from "../Admin.module.css";

const SIZE = 20;
/** The pause after the last key stroke before the preview is asked for (typing sends few calls). */
const PREVIEW_DELAY_MS = 250;

/** The forms an entry catches, as the server's normaliser previews them. */
function Forms({ forms }: { forms: string[] }) {
  return (
    <span className={adminStyles.adminTags}>
      {forms.map((f) => <code key={f} className={`${adminStyles.adminTag} ${styles.opsForm}`} data-testid="admin-word-form">{f}</code>)}
    </span>
  );
}

export function WordsAdmin() {
  const { t, language } = useOpsT();
  const [entry, setEntry] = useState("");
  const [reason, setReason] = useState("");
  const [typed, setTyped] = useState("");
  const [filter, setFilter] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [msg, setMsg] = useState("");

  const words = useResource(`admin-words:${page}:${query}`, () => adminOpsApi.words(query, page, SIZE));

  // The preview follows the entry as it is typed, once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setTyped(entry.trim()), entry.trim() ? PREVIEW_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [entry]);
  const previewed = useResource(typed ? `admin-word-preview:${typed}` : null, () => adminOpsApi.preview(typed).then((r) => r.forms));
  const preview = previewed.value;

  const act = (f: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError("");
    setMsg("");
    f().then(
      () => {
        setMsg(done);
        setBusy(false);
        words.refresh();
      },
      (e) => {
        setError(errorText(e));
        setBusy(false);
      },
    );
  };
  const add = (e: FormEvent) => {
    e.preventDefault();
    const w = entry.trim();
    act(() => adminOpsApi.addWord(w, reason).then(() => setEntry("")), t("words.added", { word: w }));
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setQuery(filter.trim());
  };
  return (
    <section data-testid="admin-words">
      <h1 className={adminStyles.adminTitle}>{t("menu.words")}</h1>
      <p className={adminStyles.adminHint}>{t("words.intro")}</p>
      <form className={adminStyles.adminPanel} onSubmit={add}>
        <div className={adminStyles.adminActions}>
          <label>{t("words.entry")}<input value={entry} onChange={(e) => setEntry(e.target.value)} maxLength={64} data-testid="admin-word-entry" /></label>
          <ReasonField value={reason} onChange={setReason} testId="admin-word-reason" />
          <button type="submit" className={`${adminStyles.adminBtn} ${adminStyles.adminBtnPrimary}`} disabled={busy || !preview} data-testid="admin-word-add">{t("words.add")}</button>
        </div>
        <p className={adminStyles.adminHint}>{t("words.entryHint")}</p>
        {preview && (
          <div className={styles.opsPreview} data-testid="admin-word-preview">
            <strong>{t("words.catches")}</strong> <Forms forms={preview} /> <span className={adminStyles.adminHint}>{t("words.alsoCatches")}</span>
          </div>
        )}
        {previewed.error && <p className={adminStyles.adminError}>{previewed.error}</p>}
      </form>
      {error && <p className={adminStyles.adminError} role="alert">{error}</p>}
      {msg && <p className={adminStyles.adminMsg} role="status" data-testid="admin-words-msg">{msg}</p>}
      <form className={adminStyles.adminFilters} onSubmit={search}>
        <label>{t("words.filter")}<input value={filter} onChange={(e) => setFilter(e.target.value)} data-testid="admin-words-q" /></label>
        <button type="submit" className={adminStyles.adminBtn}>{t("common.search")}</button>
      </form>
      <table className={adminStyles.adminTable}>
        <thead>
          <tr><th>{t("words.entry")}</th><th>{t("words.catches")}</th><th>{t("words.addedBy")}</th><th /></tr>
        </thead>
        <tbody>
          {words.value?.list.map((w) => (
            <tr key={w.word} data-testid="admin-word" data-word={w.word}>
              <td><strong>{w.word}</strong></td>
              <td><Forms forms={w.forms} /></td>
              <td>{w.addedBy} <span className={adminStyles.adminHint}>{formatTime(w.addedAt, language)}</span></td>
              <td>
                <button type="button" className={`${adminStyles.adminBtn} ${adminStyles.adminBtnDanger}`} disabled={busy}
                  onClick={() => act(() => adminOpsApi.removeWord(w.word, reason), t("words.removed", { word: w.word }))} data-testid="admin-word-remove">
                  {t("words.remove")}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!words.value && <Loadable resource={words}>{() => null}</Loadable>}
      {words.value && words.value.list.length === 0 && <p className={adminStyles.adminEmpty}>{t("common.empty")}</p>}
      <Pager page={page} size={SIZE} total={words.value?.total ?? 0} onPage={setPage} />
      <RoomLists />
    </section>
  );
}

function RoomLists() {
  const { t } = useOpsT();
  const [page, setPage] = useState(1);
  const rooms = useResource(`admin-room-words:${page}`, () => adminOpsApi.roomWords("", page, SIZE));
  return (
    <div data-testid="admin-room-words">
      <h2 className={adminStyles.adminSub}>{t("words.rooms")}</h2>
      <p className={adminStyles.adminHint}>{t("words.roomsIntro")}</p>
      <table className={adminStyles.adminTable}>
        <thead><tr><th>{t("words.room")}</th><th>{t("words.words")}</th></tr></thead>
        <tbody>
          {rooms.value?.list.map((l) => (
            <tr key={l.room}>
              <td>#{l.room}</td>
              <td><span className={adminStyles.adminTags}>{l.words.map((w) => <span key={w} className={adminStyles.adminTag}>{w}</span>)}</span></td>
            </tr>
          ))}
        </tbody>
      </table>
      {!rooms.value && <Loadable resource={rooms}>{() => null}</Loadable>}
      {rooms.value && rooms.value.list.length === 0 && <p className={adminStyles.adminEmpty}>{t("common.empty")}</p>}
      <Pager page={page} size={SIZE} total={rooms.value?.total ?? 0} onPage={setPage} />
    </div>
  );
}
