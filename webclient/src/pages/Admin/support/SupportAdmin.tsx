// /admin/support — customer service's queue (staff with answerSupport): the users' requests by state
// (open ones longest waiting first), a request's thread, an answer (which reaches the user's message
// centre at once), answer-and-close and close with a reason. Each answer and close is audited.
import { useState, type FormEvent } from "react";
import { errorText } from "../../../api/client";
import { supportApi, type Ticket, type TicketState } from "../../../api/support";
import { Loadable, useResource } from "../../../data";
import { useSupportT, type SupportKey } from "../../../i18n/support";
import { formatTime } from "../format";
import { Pager, ReasonField } from "../ops/Pager";
import styles from "./supportAdmin.module.css";
import adminStyles from "../Admin.module.css";

const SIZE = 20;
const FILTERS = ["open", "answered", "closed", "all"] as const;

export function SupportAdmin() {
  const { t, language } = useSupportT();
  const [state, setState] = useState<TicketState | "all">("open");
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState(0);
  const queue = useResource(`admin-support:${state}:${page}`, () => supportApi.queue(state, page, SIZE));
  const list = queue.value?.list;

  if (openId) return <TicketView id={openId} onBack={() => { setOpenId(0); queue.refresh(); }} />;
  return (
    <section data-testid="admin-support">
      <h1 className={adminStyles.adminTitle}>{t("admin.title")}</h1>
      <p className={adminStyles.adminHint}>{t("admin.intro")}</p>
      <div className={adminStyles.adminFilters} role="group">
        {FILTERS.map((f) => (
          <button key={f} type="button" className={`${adminStyles.adminBtn}${state === f ? ` ${adminStyles.adminBtnPrimary}` : ""}`} aria-pressed={state === f}
            onClick={() => { setState(f); setPage(1); }} data-testid={`admin-support-filter-${f}`}>
            {t(`admin.filter.${f}` as SupportKey)}
          </button>
        ))}
      </div>
      <table className={adminStyles.adminTable}>
        <thead>
          <tr>
            <th>{t("admin.col.subject")}</th><th>{t("admin.col.user")}</th><th>{t("admin.col.category")}</th>
            <th>{t("admin.col.state")}</th><th>{t("admin.col.created")}</th><th>{t("admin.col.updated")}</th><th>{t("admin.col.messages")}</th><th />
          </tr>
        </thead>
        <tbody>
          {list?.map((tk) => (
            <tr key={tk.id} data-testid="admin-support-row" data-id={tk.id}>
              <td><strong>{tk.subject}</strong></td>
              <td>{tk.userName || tk.userId} <span className={adminStyles.adminHint}>{tk.userId}</span></td>
              <td>{t(`category.${tk.category}` as SupportKey)}</td>
              <td><span className={`${styles.sadminState} ${styles[`sadmin-state--${tk.state}`] ?? ""}`}>{t(`tickets.state.${tk.state}` as SupportKey)}</span></td>
              <td>{formatTime(tk.createTime, language)}</td>
              <td>{formatTime(tk.updateTime, language)}</td>
              <td>{tk.messages}</td>
              <td><button type="button" className={adminStyles.adminBtn} onClick={() => setOpenId(tk.id)} data-testid="admin-support-open">{t("admin.open")}</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      {!list && <Loadable resource={queue}>{() => null}</Loadable>}
      {list && list.length === 0 && <p className={adminStyles.adminEmpty}>{t("admin.empty")}</p>}
      <Pager page={page} size={SIZE} total={queue.value?.total ?? 0} onPage={setPage} />
    </section>
  );
}

function TicketView({ id, onBack }: { id: number; onBack: () => void }) {
  const { t, language } = useSupportT();
  const loaded = useResource(`admin-support-ticket:${id}`, () => supportApi.staffGet(id));
  const ticket = loaded.value;
  const [text, setText] = useState("");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [msg, setMsg] = useState("");
  const act = (f: () => Promise<Ticket>, done: string) => {
    setBusy(true);
    setError("");
    setMsg("");
    f().then(
      (tk) => {
        loaded.set(tk);
        setText("");
        setBusy(false);
        setMsg(done);
      },
      (e) => {
        setError(errorText(e));
        setBusy(false);
      },
    );
  };
  const answer = (close: boolean) => (e?: FormEvent) => {
    e?.preventDefault();
    act(() => supportApi.answer(id, text, close), close ? t("admin.closed") : t("admin.answered"));
  };
  return (
    <section data-testid="admin-support-ticket">
      <button type="button" className={adminStyles.adminBtn} onClick={onBack} data-testid="admin-support-back">← {t("admin.back")}</button>
      {error && <p className={adminStyles.adminError} role="alert">{error}</p>}
      {msg && <p className={adminStyles.adminMsg} role="status" data-testid="admin-support-msg">{msg}</p>}
      {!ticket && <Loadable resource={loaded}>{() => null}</Loadable>}
      {ticket && (
        <>
          <h1 className={adminStyles.adminTitle}>{ticket.subject}</h1>
          <p className={adminStyles.adminHint}>
            <span className={`${styles.sadminState} ${styles[`sadmin-state--${ticket.state}`] ?? ""}`} data-testid="admin-support-state">{t(`tickets.state.${ticket.state}` as SupportKey)}</span>{" "}
            {t(`category.${ticket.category}` as SupportKey)} · {ticket.userName || ticket.userId} ({ticket.userId}) · {t("admin.lang", { lang: ticket.lang })} ·{" "}
            {formatTime(ticket.createTime, language)}
          </p>
          <ol className={styles.sadminThread}>
            {ticket.thread?.map((m) => (
              <li key={m.id} className={`${styles.sadminMsg}${m.staff ? ` ${styles.sadminMsgStaff}` : ""}`} data-testid="admin-support-message">
                <div className={adminStyles.adminHint}>
                  <strong>{m.staff ? `${t("tickets.staff")}${m.author ? ` · ${m.author}` : ""}` : ticket.userName || ticket.userId}</strong> {formatTime(m.time, language)}
                </div>
                <p>{m.body}</p>
              </li>
            ))}
          </ol>
          {ticket.state !== "closed" && (
            <form className={`${adminStyles.adminPanel} ${styles.sadminAnswer}`} onSubmit={answer(false)}>
              <label>
                {t("admin.answer")}
                <textarea rows={5} value={text} placeholder={t("admin.answerPlaceholder")} onChange={(e) => setText(e.target.value)} data-testid="admin-support-answer" />
              </label>
              <div className={adminStyles.adminActions}>
                <button type="submit" className={`${adminStyles.adminBtn} ${adminStyles.adminBtnPrimary}`} disabled={busy || !text.trim()} data-testid="admin-support-send">{t("admin.send")}</button>
                <button type="button" className={adminStyles.adminBtn} disabled={busy || !text.trim()} onClick={answer(true)} data-testid="admin-support-send-close">{t("admin.sendClose")}</button>
              </div>
              <div className={adminStyles.adminActions}>
                <ReasonField value={reason} onChange={setReason} testId="admin-support-reason" />
                <button type="button" className={`${adminStyles.adminBtn} ${adminStyles.adminBtnDanger}`} disabled={busy}
                  onClick={() => act(() => supportApi.staffClose(id, reason), t("admin.closed"))} data-testid="admin-support-close">
                  {t("admin.close")}
                </button>
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}
