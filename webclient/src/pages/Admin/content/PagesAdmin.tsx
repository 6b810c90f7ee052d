// The back office's page editor (issue 19; staff with editContent): the footer and protocol pages with
// the languages staff saved and those that ship a text; for one page and language, its title and body
// as blocks (headings, paragraphs, lists — never HTML), a preview rendered exactly as readers see it,
// save, and back to the shipped text. The server keeps the rules and audits every save.
import { useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../../api/client";
import { contentApi, type PageBlock, type PageStatus, type SitePage } from "../../../api/content";
import { Loadable, useResource } from "../../../data";
import { PageBody } from "../../../components/PageBody";
import { useContentT } from "../../../i18n/content";
import { LOCALES, LOCALE_NAMES, isLocale, type Locale } from "../../../i18n/locales";
import { formatNumber, formatTime } from "../format";
import styles from "./contentAdmin.module.css";
import adminStyles from "../Admin.module.css";

type EditBlock = { type: "h" | "p" | "list"; text: string };

/** Blocks as the editor holds them (a list's items one per line), and back. */
const toEdit = (b: PageBlock): EditBlock => (b.type === "list" ? { type: "list", text: b.items.join("\n") } : { type: b.type, text: b.text });
const fromEdit = (b: EditBlock): PageBlock =>
  b.type === "list" ? { type: "list", items: b.text.split("\n").map((x) => x.trim()).filter(Boolean) } : { type: b.type, text: b.text };

function Editor({ slug, path, initialLang, onChanged }: { slug: string; path: string; initialLang: string; onChanged: () => void }) {
  const { t } = useContentT();
  const [lang, setLang] = useState(initialLang);
  const page = useResource(`admin-page:${slug}:${lang}`, () => contentApi.staffPage(slug, lang));
  return (
    <div className={styles.cadmForm} data-testid="page-editor" data-slug={slug}>
      <div className={styles.cadmRow}>
        <label>
          {t("admin.pages.lang")}
          <select value={lang} onChange={(e) => setLang(e.target.value)} data-testid="page-lang">
            {LOCALES.map((l) => (
              <option key={l} value={l}>{LOCALE_NAMES[l]}</option>
            ))}
          </select>
        </label>
        <Link to={path} target="_blank">{t("admin.pages.view")} ↗</Link>
      </div>
      <Loadable resource={page}>
        {(p) => <PageForm key={`${slug}:${lang}`} slug={slug} lang={lang} page={p} onChanged={onChanged} />}
      </Loadable>
    </div>
  );
}

/** One page in one language as the editor holds it, seeded from the server's answer. */
function PageForm({ slug, lang, page, onChanged }: { slug: string; lang: string; page: SitePage; onChanged: () => void }) {
  const { t } = useContentT();
  const [from, setFrom] = useState(page.lang);
  const [edited, setEdited] = useState(page.edited && page.lang === lang);
  const [title, setTitle] = useState(page.title);
  const [blocks, setBlocks] = useState<EditBlock[]>(() => page.body.map(toEdit));
  const [reason, setReason] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState("");
  const [preview, setPreview] = useState(false);

  const change = (i: number, b: EditBlock) => setBlocks((xs) => xs.map((x, j) => (j === i ? b : x)));
  const move = (i: number, d: -1 | 1) =>
    setBlocks((xs) => {
      const out = [...xs];
      const j = i + d;
      if (j < 0 || j >= out.length) return out;
      [out[i], out[j]] = [out[j]!, out[i]!];
      return out;
    });
  const save = async () => {
    setError("");
    setNote("");
    try {
      await contentApi.savePage({ slug, lang, title, body: blocks.map(fromEdit) });
      setEdited(true);
      setFrom(lang);
      setNote(t("admin.pages.saved"));
      onChanged();
    } catch (err) {
      setError(errorText(err));
    }
  };
  const reset = async () => {
    setError("");
    try {
      const p = await contentApi.resetPage(slug, lang, reason);
      setFrom(p.lang);
      setEdited(false);
      setTitle(p.title);
      setBlocks(p.body.map(toEdit));
      setReason("");
      onChanged();
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <>
      {from !== lang && <p className={styles.cadmNote} data-testid="page-from-english">{t("admin.pages.fromEnglish")}</p>}
      <label>
        {t("admin.pages.titleField")}
        <input value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} data-testid="page-title" />
      </label>
      {blocks.map((b, i) => (
        <div className={styles.cadmBlock} key={i}>
          <select value={b.type} onChange={(e) => change(i, { ...b, type: e.target.value as EditBlock["type"] })} aria-label={t("admin.pages.paragraph")}>
            <option value="h">{t("admin.pages.heading")}</option>
            <option value="p">{t("admin.pages.paragraph")}</option>
            <option value="list">{t("admin.pages.list")}</option>
          </select>
          <textarea rows={b.type === "h" ? 1 : b.type === "list" ? Math.max(3, b.text.split("\n").length) : 3} value={b.text}
            onChange={(e) => change(i, { ...b, text: e.target.value })} data-testid={`page-block-${i}`} />
          <div className={styles.cadmBlockTools}>
            <button type="button" onClick={() => move(i, -1)} aria-label={t("admin.pages.up")} title={t("admin.pages.up")}>↑</button>
            <button type="button" onClick={() => move(i, 1)} aria-label={t("admin.pages.down")} title={t("admin.pages.down")}>↓</button>
            <button type="button" onClick={() => setBlocks((xs) => xs.filter((_, j) => j !== i))} aria-label={t("admin.pages.remove")} title={t("admin.pages.remove")}>✕</button>
          </div>
        </div>
      ))}
      <div className={styles.cadmRow}>
        <button type="button" className={adminStyles.adminBtn} onClick={() => setBlocks((xs) => [...xs, { type: "h", text: "" }])}>{t("admin.pages.addHeading")}</button>
        <button type="button" className={adminStyles.adminBtn} onClick={() => setBlocks((xs) => [...xs, { type: "p", text: "" }])}>{t("admin.pages.addParagraph")}</button>
        <button type="button" className={adminStyles.adminBtn} onClick={() => setBlocks((xs) => [...xs, { type: "list", text: "" }])}>{t("admin.pages.addList")}</button>
        <button type="button" className={adminStyles.adminBtn} onClick={() => setPreview((x) => !x)} aria-pressed={preview}>{t("admin.pages.preview")}</button>
      </div>
      <div className={styles.cadmRow}>
        <button type="button" className={`${adminStyles.adminBtn} ${adminStyles.adminBtnPrimary}`} onClick={save} disabled={!title.trim()} data-testid="page-save">{t("admin.pages.save")}</button>
        {edited && (
          <span className={styles.cadmWithdraw}>
            <input placeholder={t("admin.pages.resetReason")} aria-label={t("admin.pages.resetReason")} value={reason} onChange={(e) => setReason(e.target.value)} />
            <button type="button" className={`${adminStyles.adminBtn} ${adminStyles.adminBtnDanger}`} disabled={!reason.trim()} onClick={reset} data-testid="page-reset">{t("admin.pages.reset")}</button>
          </span>
        )}
        {note && <span className={adminStyles.adminMsg} data-testid="page-saved">{note}</span>}
        {error && <span className={adminStyles.adminError} role="alert">{error}</span>}
      </div>
      {preview && (
        <article className={styles.cadmPreview} lang={lang}>
          <h1>{title}</h1>
          <PageBody body={blocks.map(fromEdit)} />
        </article>
      )}
    </>
  );
}

export function PagesAdmin() {
  const { t, language } = useContentT();
  const [open, setOpen] = useState<PageStatus | null>(null);
  const pages = useResource("admin-pages", () => contentApi.staffPages().then((r) => r.list));
  const name = (l: string) => LOCALE_NAMES[l as Locale] ?? l;
  return (
    <section className={styles.cadm} data-testid="admin-pages">
      <div className={styles.cadmHead}>
        <h2>{t("admin.pages.title")}</h2>
      </div>
      <p className={adminStyles.adminHint}>{t("admin.pages.intro")}</p>
      {open && (
        <Editor key={open.slug} slug={open.slug} path={open.path} initialLang={isLocale(language) ? language : "en_US"} onChanged={pages.refresh} />
      )}
      <Loadable resource={pages}>
        {(list) => (
          <table className={adminStyles.adminTable}>
            <thead>
              <tr>
                <th>{t("admin.pages.page")}</th>
                <th>{t("admin.pages.edited")}</th>
                <th>{t("admin.pages.shipped")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={p.slug} className={open?.slug === p.slug ? adminStyles.adminTableOn : undefined} data-testid="page-row" data-slug={p.slug}>
                  <td>
                    <strong>{p.title}</strong>
                    <div className={adminStyles.adminHint}>{p.path}</div>
                  </td>
                  <td>
                    <span className={adminStyles.adminTags}>
                      {p.edited.map((e) => (
                        <span key={e.lang} className={adminStyles.adminTag} title={formatTime(e.updateTime, language)}>{name(e.lang)}</span>
                      ))}
                    </span>
                  </td>
                  <td className={adminStyles.adminHint} title={p.defaults.map(name).join(", ")} data-testid="page-shipped">
                    {formatNumber(p.defaults.length, language)} / {formatNumber(LOCALES.length, language)}
                  </td>
                  <td>
                    <button type="button" className={adminStyles.adminBtn} onClick={() => setOpen(p)} data-testid={`page-open-${p.slug}`}>{t("admin.pages.open")}</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loadable>
    </section>
  );
}
