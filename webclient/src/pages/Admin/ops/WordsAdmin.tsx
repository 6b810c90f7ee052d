// /admin/words — the platform's banned words (staff with moderationRules): the normaliser's preview
// of what an entry catches before it is added, the list with each entry's forms, and the rooms' own
// word lists (read-only: their streamers and moderators keep them). Each change is in the audit log.
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { adminOpsApi, type BannedWord, type RoomWords } from "../../../api/adminops";
import { useOpsT } from "../../../i18n/adminops";
import { errorText } from "../AdminApp";
import { formatTime } from "../format";
import { Pager, ReasonField } from "./Pager";
import "./ops.css";

const SIZE = 20;

/** The forms an entry catches, as the server's normaliser previews them. */
function Forms({ forms }: { forms: string[] }) {
  return (
    <span className="admin-tags">
      {forms.map((f) => <code key={f} className="admin-tag ops-form" data-testid="admin-word-form">{f}</code>)}
    </span>
  );
}

export function WordsAdmin() {
  const { t, language } = useOpsT();
  const [entry, setEntry] = useState("");
  const [reason, setReason] = useState("");
  const [preview, setPreview] = useState<string[] | null>(null);
  const [previewError, setPreviewError] = useState("");
  const [filter, setFilter] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [words, setWords] = useState<BannedWord[] | null>(null);
  const [total, setTotal] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [msg, setMsg] = useState("");

  const load = useCallback(() => {
    adminOpsApi.words(query, page, SIZE).then(
      (r) => {
        setWords(r.list);
        setTotal(r.total);
      },
      (e) => setError(errorText(e)),
    );
  }, [query, page]);
  useEffect(load, [load]);

  // The preview follows the entry as it is typed (a short pause first, so typing sends few calls).
  useEffect(() => {
    const w = entry.trim();
    setPreviewError("");
    if (!w) {
      setPreview(null);
      return;
    }
    const timer = setTimeout(() => {
      adminOpsApi.preview(w).then(
        (r) => setPreview(r.forms),
        (e) => {
          setPreview(null);
          setPreviewError(errorText(e));
        },
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [entry]);

  const act = (f: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError("");
    setMsg("");
    f().then(
      () => {
        setMsg(done);
        setBusy(false);
        load();
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
      <h1 className="admin__title">{t("menu.words")}</h1>
      <p className="admin-hint">{t("words.intro")}</p>
      <form className="admin-panel" onSubmit={add}>
        <div className="admin-actions">
          <label>{t("words.entry")}<input value={entry} onChange={(e) => setEntry(e.target.value)} maxLength={64} data-testid="admin-word-entry" /></label>
          <ReasonField value={reason} onChange={setReason} testId="admin-word-reason" />
          <button type="submit" className="admin-btn admin-btn--primary" disabled={busy || !preview} data-testid="admin-word-add">{t("words.add")}</button>
        </div>
        <p className="admin-hint">{t("words.entryHint")}</p>
        {preview && (
          <div className="ops-preview" data-testid="admin-word-preview">
            <strong>{t("words.catches")}</strong> <Forms forms={preview} /> <span className="admin-hint">{t("words.alsoCatches")}</span>
          </div>
        )}
        {previewError && <p className="admin-error">{previewError}</p>}
      </form>
      {error && <p className="admin-error" role="alert">{error}</p>}
      {msg && <p className="admin-msg" role="status" data-testid="admin-words-msg">{msg}</p>}
      <form className="admin-filters" onSubmit={search}>
        <label>{t("words.filter")}<input value={filter} onChange={(e) => setFilter(e.target.value)} data-testid="admin-words-q" /></label>
        <button type="submit" className="admin-btn">{t("common.search")}</button>
      </form>
      <table className="admin-table">
        <thead>
          <tr><th>{t("words.entry")}</th><th>{t("words.catches")}</th><th>{t("words.addedBy")}</th><th /></tr>
        </thead>
        <tbody>
          {words?.map((w) => (
            <tr key={w.word} data-testid="admin-word" data-word={w.word}>
              <td><strong>{w.word}</strong></td>
              <td><Forms forms={w.forms} /></td>
              <td>{w.addedBy} <span className="admin-hint">{formatTime(w.addedAt, language)}</span></td>
              <td>
                <button type="button" className="admin-btn admin-btn--danger" disabled={busy}
                  onClick={() => act(() => adminOpsApi.removeWord(w.word, reason), t("words.removed", { word: w.word }))} data-testid="admin-word-remove">
                  {t("words.remove")}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {words && words.length === 0 && <p className="admin-empty">{t("common.empty")}</p>}
      <Pager page={page} size={SIZE} total={total} onPage={setPage} />
      <RoomLists />
    </section>
  );
}

function RoomLists() {
  const { t } = useOpsT();
  const [page, setPage] = useState(1);
  const [lists, setLists] = useState<RoomWords[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState("");
  useEffect(() => {
    adminOpsApi.roomWords("", page, SIZE).then(
      (r) => {
        setLists(r.list);
        setTotal(r.total);
      },
      (e) => setError(errorText(e)),
    );
  }, [page]);
  return (
    <div data-testid="admin-room-words">
      <h2 className="admin__sub">{t("words.rooms")}</h2>
      <p className="admin-hint">{t("words.roomsIntro")}</p>
      {error && <p className="admin-error" role="alert">{error}</p>}
      <table className="admin-table">
        <thead><tr><th>{t("words.room")}</th><th>{t("words.words")}</th></tr></thead>
        <tbody>
          {lists?.map((l) => (
            <tr key={l.room}>
              <td>#{l.room}</td>
              <td><span className="admin-tags">{l.words.map((w) => <span key={w} className="admin-tag">{w}</span>)}</span></td>
            </tr>
          ))}
        </tbody>
      </table>
      {lists && lists.length === 0 && <p className="admin-empty">{t("common.empty")}</p>}
      <Pager page={page} size={SIZE} total={total} onPage={setPage} />
    </div>
  );
}
