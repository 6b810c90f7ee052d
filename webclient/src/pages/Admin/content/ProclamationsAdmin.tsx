// The back office's proclamations (issue 16; staff with editContent): every proclamation with its state
// now (scheduled, showing, ended, withdrawn), a form to publish one now or schedule it for one
// language or all, edit one not yet over, and withdraw one with a reason. The server checks the rules
// and writes each action to the audit log.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../api/client";
import { contentApi, type Proclamation, type ProclamationInput, type ProclamationLevel, type ProclamationState } from "../../../api/content";
import { Loadable, useResource } from "../../../data";
import { useContentT } from "../../../i18n/content";
import { LOCALES, LOCALE_NAMES, type Locale } from "../../../i18n/locales";
import { formatTime } from "../format";
import styles from "./contentAdmin.module.css";
import adminStyles from "../Admin.module.css";

/** Proclamations per page of the list (the server pages it). */
const PAGE = 50;
const STATES: readonly ("" | ProclamationState)[] = ["", "active", "scheduled", "ended", "withdrawn"];

/** datetime-local value of ms in the browser's zone ("" for 0), and back. */
export function toLocalInput(ms: number): string {
  if (!ms) return "";
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60000);
  return d.toISOString().slice(0, 16);
}
export const fromLocalInput = (v: string): number => (v ? new Date(v).getTime() : 0);

const EMPTY: ProclamationInput = { lang: "", title: "", content: "", link: "", level: "info", startTime: 0, endTime: 0 };

function Form({ initial, onDone }: { initial: ProclamationInput; onDone: (saved: boolean) => void }) {
  const { t } = useContentT();
  const [p, setP] = useState(initial);
  const [start, setStart] = useState(toLocalInput(initial.startTime));
  const [end, setEnd] = useState(toLocalInput(initial.endTime));
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ProclamationInput>(k: K, v: ProclamationInput[K]) => setP((x) => ({ ...x, [k]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      await contentApi.saveProclamation({ ...p, startTime: fromLocalInput(start), endTime: fromLocalInput(end) });
      onDone(true);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  return (
    <form className={styles.cadmForm} onSubmit={submit} data-testid="proclamation-form">
      <div className={styles.cadmGrid}>
        <label>
          {t("admin.proclamations.lang")}
          <select value={p.lang} onChange={(e) => set("lang", e.target.value)} data-testid="proclamation-lang">
            <option value="">{t("admin.proclamations.allLangs")}</option>
            {LOCALES.map((l) => (
              <option key={l} value={l}>{LOCALE_NAMES[l]}</option>
            ))}
          </select>
        </label>
        <label>
          {t("admin.proclamations.level")}
          <select value={p.level} onChange={(e) => set("level", e.target.value as ProclamationLevel)} data-testid="proclamation-level">
            <option value="info">{t("admin.proclamations.info")}</option>
            <option value="warning">{t("admin.proclamations.warning")}</option>
          </select>
        </label>
        <label>
          {t("admin.proclamations.start")}
          <input type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} data-testid="proclamation-start" />
          <span className={adminStyles.adminHint}>{start ? "" : t("admin.proclamations.startNow")}</span>
        </label>
        <label>
          {t("admin.proclamations.end")}
          <input type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} data-testid="proclamation-end" />
          <span className={adminStyles.adminHint}>{end ? "" : t("admin.proclamations.noEnd")}</span>
        </label>
      </div>
      <label>
        {t("admin.proclamations.titleField")}
        <input value={p.title} maxLength={100} onChange={(e) => set("title", e.target.value)} data-testid="proclamation-title" />
      </label>
      <label>
        {t("admin.proclamations.content")}
        <textarea rows={3} maxLength={500} value={p.content} onChange={(e) => set("content", e.target.value)} data-testid="proclamation-content" />
      </label>
      <label>
        {t("admin.proclamations.link")}
        <input value={p.link} maxLength={500} placeholder="/live/1001" onChange={(e) => set("link", e.target.value)} data-testid="proclamation-link" />
        <span className={adminStyles.adminHint}>{t("admin.proclamations.linkHint")}</span>
      </label>
      <div className={styles.cadmRow}>
        <button type="submit" className={`${adminStyles.adminBtn} ${adminStyles.adminBtnPrimary}`} disabled={busy || !p.content.trim()} data-testid="proclamation-save">
          {p.id ? t("admin.proclamations.update") : t("admin.proclamations.save")}
        </button>
        <button type="button" className={adminStyles.adminBtn} onClick={() => onDone(false)}>{t("admin.proclamations.cancel")}</button>
        {error && <span className={adminStyles.adminError} role="alert">{error}</span>}
      </div>
    </form>
  );
}

function Withdraw({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useContentT();
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const go = () =>
    contentApi.withdrawProclamation(id, reason).then(onDone, (err) => setError(errorText(err)));
  return (
    <div className={styles.cadmWithdraw}>
      <input placeholder={t("admin.proclamations.reason")} aria-label={t("admin.proclamations.reason")} value={reason}
        onChange={(e) => setReason(e.target.value)} data-testid="proclamation-reason" />
      <button type="button" className={`${adminStyles.adminBtn} ${adminStyles.adminBtnDanger}`} disabled={!reason.trim()} onClick={go} data-testid="proclamation-withdraw">
        {t("admin.proclamations.withdraw")}
      </button>
      {error && <span className={adminStyles.adminError} role="alert">{error}</span>}
    </div>
  );
}

export function ProclamationsAdmin() {
  const { t, language } = useContentT();
  const [state, setState] = useState<"" | ProclamationState>("");
  const { t: at } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ProclamationInput | null>(null);
  const proclamations = useResource(`admin-proclamations:${state}:${page}`, () => contentApi.staffProclamations({ state, pageIndex: page, pageSize: PAGE }));
  const total = proclamations.value?.total ?? 0;

  const edit = (p: Proclamation) =>
    setEditing({ id: p.id, lang: p.lang, title: p.title, content: p.content, link: p.link, level: p.level, startTime: p.startTime, endTime: p.endTime });
  const langName = (l: string) => (l ? LOCALE_NAMES[l as Locale] ?? l : t("admin.proclamations.allLangs"));

  return (
    <section className={styles.cadm} data-testid="admin-proclamations">
      <div className={styles.cadmHead}>
        <h2>{t("admin.proclamations.title")}</h2>
        {!editing && (
          <button type="button" className={`${adminStyles.adminBtn} ${adminStyles.adminBtnPrimary}`} onClick={() => setEditing(EMPTY)} data-testid="proclamation-new">
            {t("admin.proclamations.new")}
          </button>
        )}
      </div>
      <p className={adminStyles.adminHint}>{t("admin.proclamations.intro")}</p>
      {editing && (
        <Form key={editing.id ?? 0} initial={editing} onDone={(saved) => { setEditing(null); if (saved) proclamations.refresh(); }} />
      )}
      <div className={adminStyles.adminFilters} role="group">
        {STATES.map((s) => (
          <button key={s || "all"} type="button" className={`${adminStyles.adminBtn}${s === state ? ` ${adminStyles.adminBtnOn}` : ""}`} onClick={() => { setState(s); setPage(1); }}>
            {s ? t(`admin.proclamations.states.${s}`) : t("admin.proclamations.all")}
          </button>
        ))}
      </div>
      <Loadable resource={proclamations} empty={(v) => v.list.length === 0} emptyLabel={t("admin.proclamations.none")}>
        {({ list }) => (
          <table className={adminStyles.adminTable}>
            <thead>
              <tr>
                <th>{t("admin.proclamations.state")}</th>
                <th>{t("admin.proclamations.lang")}</th>
                <th>{t("admin.proclamations.content")}</th>
                <th>{t("admin.proclamations.when")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={p.id} data-testid="proclamation-row" data-id={p.id}>
                  <td>
                    <span className={`${styles.cadmState} ${styles[`cadm-state--${p.state}`] ?? ""}`} data-testid="proclamation-state">{t(`admin.proclamations.states.${p.state ?? "active"}`)}</span>
                    <div className={adminStyles.adminHint}>{t(`admin.proclamations.${p.level}`)}</div>
                  </td>
                  <td>{langName(p.lang)}</td>
                  <td className={styles.cadmText}>
                    {p.title && <strong>{p.title} </strong>}
                    {p.content}
                    {p.link && <div className={adminStyles.adminHint}>{p.link}</div>}
                  </td>
                  <td>
                    {formatTime(p.startTime, language)}
                    <br />→ {p.endTime ? formatTime(p.endTime, language) : t("admin.proclamations.noEnd")}
                  </td>
                  <td>
                    {(p.state === "active" || p.state === "scheduled") && (
                      <div className={styles.cadmRow}>
                        <button type="button" className={adminStyles.adminLinkbtn} onClick={() => edit(p)}>{t("admin.proclamations.edit")}</button>
                        <Withdraw id={p.id} onDone={proclamations.refresh} />
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loadable>
      {total > PAGE && (
        <div className={adminStyles.adminFilters} data-testid="proclamation-pager">
          {page > 1 && <button type="button" className={adminStyles.adminBtn} onClick={() => setPage(page - 1)}>{at("admin.common.prev")}</button>}
          <span className={adminStyles.adminHint}>{at("admin.common.page", { page, pages: Math.ceil(total / PAGE) })}</span>
          {page * PAGE < total && <button type="button" className={adminStyles.adminBtn} onClick={() => setPage(page + 1)}>{at("admin.common.next")}</button>}
        </div>
      )}
    </section>
  );
}
