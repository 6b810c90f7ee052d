// /admin/support — customer service's queue (staff with answerSupport): the users' requests by state
// (open ones longest waiting first), a request's thread, an answer (which reaches the user's message
// centre at once), answer-and-close and close with a reason. Each answer and close is audited.
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { supportApi, type Ticket, type TicketState } from "../../../api/support";
import { useSupportT, type SupportKey } from "../../../i18n/support";
import { errorText } from "../AdminApp";
import { formatTime } from "../format";
import { Pager, ReasonField } from "../ops/Pager";
import "./supportAdmin.css";

const SIZE = 20;
const FILTERS = ["open", "answered", "closed", "all"] as const;

export function SupportAdmin() {
  const { t, language } = useSupportT();
  const [state, setState] = useState<TicketState | "all">("open");
  const [page, setPage] = useState(1);
  const [list, setList] = useState<Ticket[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState("");
  const [openId, setOpenId] = useState(0);

  const load = useCallback(() => {
    supportApi.queue(state, page, SIZE).then(
      (r) => {
        setList(r.list);
        setTotal(r.total);
        setError("");
      },
      (e) => setError(errorText(e)),
    );
  }, [state, page]);
  useEffect(load, [load]);

  if (openId) return <TicketView id={openId} onBack={() => { setOpenId(0); load(); }} />;
  return (
    <section data-testid="admin-support">
      <h1 className="admin__title">{t("admin.title")}</h1>
      <p className="admin-hint">{t("admin.intro")}</p>
      <div className="admin-filters" role="group">
        {FILTERS.map((f) => (
          <button key={f} type="button" className={`admin-btn${state === f ? " admin-btn--primary" : ""}`} aria-pressed={state === f}
            onClick={() => { setState(f); setPage(1); }} data-testid={`admin-support-filter-${f}`}>
            {t(`admin.filter.${f}` as SupportKey)}
          </button>
        ))}
      </div>
      {error && <p className="admin-error" role="alert">{error}</p>}
      <table className="admin-table">
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
              <td>{tk.userName || tk.userId} <span className="admin-hint">{tk.userId}</span></td>
              <td>{t(`category.${tk.category}` as SupportKey)}</td>
              <td><span className={`sadmin-state sadmin-state--${tk.state}`}>{t(`tickets.state.${tk.state}` as SupportKey)}</span></td>
              <td>{formatTime(tk.createTime, language)}</td>
              <td>{formatTime(tk.updateTime, language)}</td>
              <td>{tk.messages}</td>
              <td><button type="button" className="admin-btn" onClick={() => setOpenId(tk.id)} data-testid="admin-support-open">{t("admin.open")}</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      {list && list.length === 0 && <p className="admin-empty">{t("admin.empty")}</p>}
      <Pager page={page} size={SIZE} total={total} onPage={setPage} />
    </section>
  );
}

function TicketView({ id, onBack }: { id: number; onBack: () => void }) {
  const { t, language } = useSupportT();
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [text, setText] = useState("");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [msg, setMsg] = useState("");
  useEffect(() => {
    supportApi.staffGet(id).then(setTicket, (e) => setError(errorText(e)));
  }, [id]);
  const act = (f: () => Promise<Ticket>, done: string) => {
    setBusy(true);
    setError("");
    setMsg("");
    f().then(
      (tk) => {
        setTicket(tk);
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
      <button type="button" className="admin-btn" onClick={onBack} data-testid="admin-support-back">← {t("admin.back")}</button>
      {error && <p className="admin-error" role="alert">{error}</p>}
      {msg && <p className="admin-msg" role="status" data-testid="admin-support-msg">{msg}</p>}
      {ticket && (
        <>
          <h1 className="admin__title">{ticket.subject}</h1>
          <p className="admin-hint">
            <span className={`sadmin-state sadmin-state--${ticket.state}`} data-testid="admin-support-state">{t(`tickets.state.${ticket.state}` as SupportKey)}</span>{" "}
            {t(`category.${ticket.category}` as SupportKey)} · {ticket.userName || ticket.userId} ({ticket.userId}) · {t("admin.lang", { lang: ticket.lang })} ·{" "}
            {formatTime(ticket.createTime, language)}
          </p>
          <ol className="sadmin-thread">
            {ticket.thread?.map((m) => (
              <li key={m.id} className={`sadmin-msg${m.staff ? " sadmin-msg--staff" : ""}`} data-testid="admin-support-message">
                <div className="admin-hint">
                  <strong>{m.staff ? `${t("tickets.staff")}${m.author ? ` · ${m.author}` : ""}` : ticket.userName || ticket.userId}</strong> {formatTime(m.time, language)}
                </div>
                <p>{m.body}</p>
              </li>
            ))}
          </ol>
          {ticket.state !== "closed" && (
            <form className="admin-panel sadmin-answer" onSubmit={answer(false)}>
              <label>
                {t("admin.answer")}
                <textarea rows={5} value={text} placeholder={t("admin.answerPlaceholder")} onChange={(e) => setText(e.target.value)} data-testid="admin-support-answer" />
              </label>
              <div className="admin-actions">
                <button type="submit" className="admin-btn admin-btn--primary" disabled={busy || !text.trim()} data-testid="admin-support-send">{t("admin.send")}</button>
                <button type="button" className="admin-btn" disabled={busy || !text.trim()} onClick={answer(true)} data-testid="admin-support-send-close">{t("admin.sendClose")}</button>
              </div>
              <div className="admin-actions">
                <ReasonField value={reason} onChange={setReason} testId="admin-support-reason" />
                <button type="button" className="admin-btn admin-btn--danger" disabled={busy}
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
