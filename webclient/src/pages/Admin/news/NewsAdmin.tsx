// The back office's news editor (issue 22; staff with editContent): every article in every state;
// write or edit one as blocks (paragraphs, headings, quotes, pictures of this site, match cards) with
// a preview rendered exactly as readers will see it; save a draft, publish now, schedule for later,
// unpublish. Each action is in the audit log on the server side.
import { useEffect, useState } from "react";
import { errorText } from "../../../api/client";
import { ARTICLE_TYPES, newsApi, type Article, type ArticleInput, type ArticleType, type Block } from "../../../api/news";
import { Loadable, useResource } from "../../../data";
import { useNewsT } from "../../../i18n/news";
import { LOCALES, LOCALE_NAMES, type Locale } from "../../../i18n/locales";
import { useTranslation } from "react-i18next";
import { ArticleBody, GAME_ID_BY_SLUG, GAME_SLUG_BY_ID, langAttrs, useDateTime } from "../../../components/Article";
import styles from "./newsAdmin.module.css";
import shopStyles from "../shop/shopAdmin.module.css";

const STATES = ["", "draft", "scheduled", "published", "unpublished"] as const;
const EMPTY: ArticleInput = { gameId: 202, type: "news", title: "", summary: "", body: [{ type: "p", text: "" }], cover: "", tags: [], matchIds: [], teamIds: [], lang: "en_US" };

/** The pause after the last key stroke in the search box before the list is asked for again. */
const SEARCH_DELAY_MS = 250;

const csv = (s: string) => s.split(",").map((x) => x.trim()).filter(Boolean);

/** datetime-local value of ms in the browser's zone, and back. */
function toLocalInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60000);
  return d.toISOString().slice(0, 16);
}

function BlockEditor({ b, onChange, onRemove }: { b: Block; onChange: (b: Block) => void; onRemove: () => void }) {
  const { t } = useNewsT();
  let field;
  switch (b.type) {
    case "p":
    case "h":
    case "quote":
      field = <textarea rows={b.type === "p" ? 4 : 1} value={b.text} onChange={(e) => onChange({ ...b, text: e.target.value })} data-testid={`block-${b.type}`} />;
      break;
    case "img":
      field = (
        <>
          <input placeholder={t("admin.src")} value={b.src} onChange={(e) => onChange({ ...b, src: e.target.value })} />
          <input placeholder={t("admin.caption")} value={b.caption ?? ""} onChange={(e) => onChange({ ...b, caption: e.target.value })} />
        </>
      );
      break;
    case "match":
      field = <input placeholder={t("admin.matchId")} value={b.matchId} onChange={(e) => onChange({ ...b, matchId: e.target.value })} />;
      break;
    case "list":
      field = <textarea rows={3} value={b.items.join("\n")} onChange={(e) => onChange({ ...b, items: e.target.value.split("\n") })} />;
      break;
  }
  const label = { p: t("admin.addP"), h: t("admin.addH"), quote: t("admin.addQuote"), img: t("admin.addImg"), match: t("admin.addMatch"), list: "•" }[b.type];
  return (
    <div className={styles.nadmBlock}>
      <span className={shopStyles.sadmMuted}>{label}</span>
      <div className={styles.nadmBlockField}>{field}</div>
      <button type="button" onClick={onRemove} aria-label={t("admin.remove")}>✕</button>
    </div>
  );
}

/** A game's name in the reader's language (matches.game.<slug>). */
function useGameName() {
  const { t } = useTranslation();
  return (slug: string) => (t as unknown as (k: string, o?: object) => string)(`matches.game.${slug}`, { defaultValue: slug });
}

const langName = (l: string) => LOCALE_NAMES[l as Locale] ?? l;

function Editor({ initial, onClose }: { initial: ArticleInput & { state?: string; publishTime?: number }; onClose: (changed: boolean) => void }) {
  const { t } = useNewsT();
  const gameName = useGameName();
  const [a, setA] = useState<ArticleInput>(initial);
  const [state, setState] = useState(initial.state ?? "draft");
  const [preview, setPreview] = useState<Article | null>(null);
  const [when, setWhen] = useState(toLocalInput(initial.publishTime && initial.publishTime > Date.now() ? initial.publishTime : Date.now() + 3600_000));
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const set = <K extends keyof ArticleInput>(k: K, v: ArticleInput[K]) => setA((x) => ({ ...x, [k]: v }));
  const setBlock = (i: number, b: Block) => set("body", a.body.map((x, j) => (j === i ? b : x)));

  const save = async (): Promise<Article | null> => {
    setError(null);
    try {
      const out = await newsApi.save(a);
      setA((x) => ({ ...x, id: out.id }));
      setState(out.state);
      setNote(t("admin.saved"));
      return out;
    } catch (err) {
      setError(errorText(err));
      return null;
    }
  };
  const act = async (f: (id: number) => Promise<Article>) => {
    const saved = await save();
    if (!saved) return;
    try {
      const out = await f(saved.id);
      setState(out.state);
      setNote(t(`states.${out.state}`));
    } catch (err) {
      setError(errorText(err));
    }
  };
  const showPreview = async () => {
    const saved = await save();
    if (saved) setPreview(await newsApi.staffArticle(saved.id));
  };

  return (
    <div className={styles.nadmEditor} data-testid="news-editor">
      <div className={shopStyles.sadmGrid}>
        <label>
          {t("my.game")}
          <select value={GAME_SLUG_BY_ID[a.gameId] ?? "soccer"} onChange={(e) => set("gameId", GAME_ID_BY_SLUG[e.target.value] ?? 202)} data-testid="editor-game">
            {Object.entries(GAME_SLUG_BY_ID).map(([id, slug]) => (
              <option key={id} value={slug}>{gameName(slug)}</option>
            ))}
          </select>
        </label>
        <label>
          {t("my.type")}
          <select value={a.type} onChange={(e) => set("type", e.target.value as ArticleType)} data-testid="editor-type">
            {ARTICLE_TYPES.map((ty) => (
              <option key={ty} value={ty}>{t(`types.${ty}`)}</option>
            ))}
          </select>
        </label>
        <label>
          {t("admin.lang")}
          <select value={a.lang} onChange={(e) => set("lang", e.target.value)} data-testid="editor-lang">
            {LOCALES.map((l) => (
              <option key={l} value={l}>{LOCALE_NAMES[l]}</option>
            ))}
          </select>
        </label>
        <span className={`${shopStyles.sadmStatus} ${styles.nadmEditorState}`} data-testid="editor-state">{t(`states.${state as "draft"}`)}</span>
      </div>
      <label>
        {t("my.titleField")}
        <input value={a.title} onChange={(e) => set("title", e.target.value)} maxLength={300} data-testid="editor-title" />
      </label>
      <label>
        {t("my.summary")}
        <input value={a.summary} onChange={(e) => set("summary", e.target.value)} maxLength={500} data-testid="editor-summary" />
      </label>
      <fieldset className={styles.nadmBlocks}>
        <legend>{t("admin.body")}</legend>
        {a.body.map((b, i) => (
          <BlockEditor key={i} b={b} onChange={(x) => setBlock(i, x)} onRemove={() => set("body", a.body.filter((_, j) => j !== i))} />
        ))}
        <div className={shopStyles.sadmButtons}>
          <button type="button" onClick={() => set("body", [...a.body, { type: "p", text: "" }])}>+ {t("admin.addP")}</button>
          <button type="button" onClick={() => set("body", [...a.body, { type: "h", text: "" }])}>+ {t("admin.addH")}</button>
          <button type="button" onClick={() => set("body", [...a.body, { type: "quote", text: "" }])}>+ {t("admin.addQuote")}</button>
          <button type="button" onClick={() => set("body", [...a.body, { type: "img", src: "", caption: "" }])}>+ {t("admin.addImg")}</button>
          <button type="button" onClick={() => set("body", [...a.body, { type: "match", matchId: "" }])}>+ {t("admin.addMatch")}</button>
        </div>
      </fieldset>
      <div className={shopStyles.sadmGrid}>
        <label>
          {t("admin.cover")}
          <input value={a.cover ?? ""} onChange={(e) => set("cover", e.target.value)} />
        </label>
        <label>
          {t("admin.tags")}
          <input value={a.tags.join(", ")} onChange={(e) => set("tags", csv(e.target.value))} />
        </label>
        <label>
          {t("admin.matches")}
          <input value={(a.matchIds ?? []).join(", ")} onChange={(e) => set("matchIds", csv(e.target.value))} data-testid="editor-matches" />
        </label>
        <label>
          {t("admin.teams")}
          <input value={(a.teamIds ?? []).join(", ")} onChange={(e) => set("teamIds", csv(e.target.value))} />
        </label>
      </div>
      {error && <p className={shopStyles.sadmError} role="alert" data-testid="editor-error">{error}</p>}
      {note && !error && <p className={shopStyles.sadmMuted} role="status" data-testid="editor-note">{note}</p>}
      <div className={shopStyles.sadmButtons}>
        <button type="button" onClick={() => onClose(true)}>{t("admin.close")}</button>
        <button type="button" onClick={() => void save()} data-testid="editor-save">{t("admin.save")}</button>
        <button type="button" onClick={() => void showPreview()} data-testid="editor-preview">{t("admin.preview")}</button>
        {state !== "published" && (
          <>
            <button type="button" className={shopStyles.sadmPrimary} onClick={() => void act((id) => newsApi.publish(id))} data-testid="editor-publish">{t("admin.publish")}</button>
            <label className={styles.nadmWhen}>
              {t("admin.scheduleAt")}
              <input type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} data-testid="editor-when" />
            </label>
            <button type="button" onClick={() => void act((id) => newsApi.publish(id, new Date(when).getTime()))} data-testid="editor-schedule">{t("admin.schedule")}</button>
          </>
        )}
        {(state === "published" || state === "scheduled") && a.id !== undefined && (
          <button type="button" className={shopStyles.sadmDanger} onClick={() => void act((id) => newsApi.unpublish(id))} data-testid="editor-unpublish">{t("admin.unpublish")}</button>
        )}
      </div>
      {preview && (
        <article className={styles.nadmPreview} data-testid="editor-preview-pane" {...langAttrs(preview.lang)}>
          <img src={preview.cover} alt="" />
          <h1>{preview.title}</h1>
          {preview.summary && <p className={shopStyles.sadmStrong}>{preview.summary}</p>}
          <ArticleBody article={preview} />
        </article>
      )}
    </div>
  );
}

export function NewsAdmin() {
  const { t } = useNewsT();
  const gameName = useGameName();
  const when = useDateTime();
  const [state, setState] = useState<(typeof STATES)[number]>("");
  const [q, setQ] = useState("");
  const [query, setQuery] = useState("");
  const [editing, setEditing] = useState<(ArticleInput & { state?: string; publishTime?: number }) | null>(null);
  // The list follows the search box once typing pauses (one call per word, not per letter).
  useEffect(() => {
    const timer = setTimeout(() => setQuery(q.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q]);
  const articles = useResource(`admin-news:${state}:${query}`, () => newsApi.staffList({ state, q: query, userPost: false, pageSize: 100 }).then((p) => p.list));
  // A failed open is toasted by the client; the list stays.
  const edit = (id: number) =>
    newsApi.staffArticle(id).then((a) => setEditing({ id: a.id, gameId: a.gameId, type: a.type, title: a.title, summary: a.summary, body: a.body ?? [], cover: a.cover.startsWith("/java/news/cover/") ? "" : a.cover,
      tags: a.tags, matchIds: a.matchIds, teamIds: a.teamIds, playerIds: a.playerIds, lang: a.lang, state: a.state, publishTime: a.publishTime }), () => undefined);
  if (editing) return <Editor initial={editing} onClose={() => { setEditing(null); articles.refresh(); }} />;
  return (
    <div className={shopStyles.sadm} data-testid="news-admin">
      <div className={shopStyles.sadmHead}>
        <h2>{t("admin.title")}</h2>
        <button type="button" className={shopStyles.sadmPrimary} onClick={() => setEditing({ ...EMPTY })} data-testid="news-new">{t("admin.new")}</button>
      </div>
      <div className={shopStyles.sadmFilter}>
        {STATES.map((s) => (
          <button key={s} type="button" className={s === state ? shopStyles.sadmOn : undefined} onClick={() => setState(s)}>
            {s ? t(`states.${s}`) : t("admin.anyState")}
          </button>
        ))}
        <input className={styles.nadmSearch} placeholder={t("admin.search")} value={q} onChange={(e) => setQ(e.target.value)} data-testid="news-admin-q" />
      </div>
      <Loadable resource={articles} empty={(rows) => rows.length === 0}>
        {(rows) => (
          <table className={shopStyles.sadmTable}>
            <thead>
              <tr>
                <th>{t("my.titleField")}</th>
                <th>{t("my.game")}</th>
                <th>{t("my.type")}</th>
                <th>{t("admin.lang")}</th>
                <th>{t("admin.publishTime")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id} data-testid="news-admin-row">
                  <td className={shopStyles.sadmStrong}>{a.title}</td>
                  <td>{gameName(a.game)}</td>
                  <td>{t(`types.${a.type}`)}</td>
                  <td>{langName(a.lang)}</td>
                  <td>
                    <span className={`${shopStyles.sadmStatus} ${styles[`nadm-state--${a.state}`] ?? ""}`}>{t(`states.${a.state}`)}</span>
                    {a.publishTime ? <div className={shopStyles.sadmMuted}>{when(a.publishTime)}</div> : null}
                  </td>
                  <td>
                    <button type="button" onClick={() => void edit(a.id)} data-testid="news-admin-edit">{t("admin.edit")}</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loadable>
    </div>
  );
}
