// /salesmartly — customer service (decision 0016, issue 19): the help centre's frequent questions
// with a search, a message to support for signed-in users (a guest gets the sign-in window), and
// the user's requests with their threads. An answer from staff arrives as a `notice` frame linking
// here; the list and the open thread reload at once (api/support, docs/user-guide.md).
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { useAtomValue, useSetAtom } from "../../state/hooks";
import { userInfoAtom } from "../../state/session";
import { loginModalAtom, LoginMode } from "../../state/ui";
import { lastNoticeAtom } from "../../state/userarea";
import { errorText } from "../../api/client";
import { Loadable, useResource, type LoadableState } from "../../data";
import { CATEGORIES, DEFAULT_LIMITS, supportApi, type Category, type SupportLimits, type Ticket } from "../../api/support";
import { useSupportT, type SupportKey } from "../../i18n/support";
import { HTML_LANG, isLocale } from "../../i18n/locales";
import { FAQ, searchFaq, type FaqItem } from "./faq";
import styles from "./Support.module.css";

export function formatWhen(ms: number, lang: string): string {
  return new Intl.DateTimeFormat(isLocale(lang) ? HTML_LANG[lang] : "en-US", { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms));
}

export default function Support() {
  const { t } = useSupportT();
  const user = useAtomValue(userInfoAtom);
  return (
    <div className={styles.support} data-testid="support-page">
      <header className={styles.supportHead}>
        <h1>{t("title")}</h1>
        <p>{t("intro")}</p>
      </header>
      <Faq />
      {user ? <Desk /> : <SignInPrompt />}
    </div>
  );
}

function Faq() {
  const { t } = useSupportT();
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState<Category | "">("");
  const text = useCallback(
    (it: FaqItem) => `${t(`faq.q.${it.id}.q` as SupportKey)} ${t(`faq.q.${it.id}.a` as SupportKey)} ${t(`category.${it.category}` as SupportKey)}`,
    [t],
  );
  const found = useMemo(() => searchFaq(FAQ, text, query, category), [text, query, category]);
  const used = CATEGORIES.filter((c) => FAQ.some((f) => f.category === c));
  return (
    <section className={styles.supportFaq} aria-labelledby="support-faq-title">
      <h2 id="support-faq-title">{t("faq.title")}</h2>
      <input type="search" className={styles.supportSearch} value={query} placeholder={t("faq.search")} aria-label={t("faq.search")}
        onChange={(e) => setQuery(e.target.value)} data-testid="support-faq-search" />
      <div className={styles.supportChips} role="group" aria-label={t("category.label")}>
        {(["", ...used] as const).map((c) => (
          <button key={c || "all"} type="button" className={category === c ? `${styles.supportChip} ${styles.supportChipOn}` : styles.supportChip}
            aria-pressed={category === c} onClick={() => setCategory(c)} data-testid={`support-faq-cat-${c || "all"}`}>
            {c ? t(`category.${c}` as SupportKey) : t("faq.all")}
          </button>
        ))}
      </div>
      <div className={styles.supportQuestions}>
        {found.map((it) => (
          <details key={it.id} className={styles.supportQ} data-testid="support-faq-item" data-id={it.id}>
            <summary>{t(`faq.q.${it.id}.q` as SupportKey)}</summary>
            <p>{t(`faq.q.${it.id}.a` as SupportKey)}</p>
          </details>
        ))}
        {found.length === 0 && <p className={styles.supportEmpty} data-testid="support-faq-empty">{t("faq.empty")}</p>}
      </div>
    </section>
  );
}

function SignInPrompt() {
  const { t } = useSupportT();
  const openLogin = useSetAtom(loginModalAtom);
  return (
    <section className={styles.supportBox} data-testid="support-signin">
      <h2>{t("form.title")}</h2>
      <p>{t("form.signIn")}</p>
      <button type="button" className={`${styles.supportBtn} ${styles.supportBtnPrimary}`} onClick={() => openLogin({ open: true, mode: LoginMode.Password })}
        data-testid="support-signin-button">
        {t("form.signInButton")}
      </button>
    </section>
  );
}

/** The signed-in part: the form, the requests, the open thread (?ticket=<id>). */
function Desk() {
  const [params, setParams] = useSearchParams();
  const mine = useResource("support-mine", () => supportApi.mine());
  const limits = mine.value?.limits ?? DEFAULT_LIMITS;
  // Counts staff answers that arrived while the page is open; the open thread loads again on each.
  const [answers, setAnswers] = useState(0);
  const notice = useAtomValue(lastNoticeAtom);
  const seenNotice = useRef(notice);
  const openId = Number(params.get("ticket")) || 0;
  const { refresh } = mine;

  // An answer from staff (a message-centre notice linking here): reload the list and the thread.
  useEffect(() => {
    if (notice === seenNotice.current) return; // the one before the page opened is in the first load
    seenNotice.current = notice;
    if (!notice?.link.startsWith("/salesmartly")) return;
    refresh();
    setAnswers((n) => n + 1);
  }, [notice, refresh]);

  const open = (id: number) => setParams(id ? { ticket: String(id) } : {}, { replace: false });
  const created = (t: Ticket) => {
    refresh();
    open(t.id);
  };
  return (
    <>
      <NewTicketForm limits={limits} onCreated={created} />
      <section className={styles.supportBox} aria-labelledby="support-tickets-title">
        <TicketList mine={mine} openId={openId} onOpen={open} />
        {openId > 0 && <Thread key={openId} id={openId} answers={answers} limits={limits} onChanged={refresh} />}
      </section>
    </>
  );
}

function Counter({ n, max }: { n: number; max: number }) {
  const { t } = useSupportT();
  return <span className={n > max ? `${styles.supportCount} ${styles.supportCountOver}` : styles.supportCount}>{t("form.count", { n, max })}</span>;
}

function NewTicketForm({ limits, onCreated }: { limits: SupportLimits; onCreated: (t: Ticket) => void }) {
  const { t } = useSupportT();
  const [category, setCategory] = useState<Category | "">("");
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [sent, setSent] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    setSent(false);
    // The server checks everything again and says what is wrong in the reader's language.
    supportApi.create({ category: category as Category, subject, message }).then(
      (tk) => {
        setBusy(false);
        setSent(true);
        setSubject("");
        setMessage("");
        setCategory("");
        onCreated(tk);
      },
      (err) => {
        setBusy(false);
        setError(errorText(err));
      },
    );
  };
  const subjectLen = [...subject.trim()].length;
  const messageLen = [...message.trim()].length;
  return (
    <form className={`${styles.supportBox} ${styles.supportForm}`} onSubmit={submit} data-testid="support-form" noValidate>
      <h2>{t("form.title")}</h2>
      <p className={styles.supportHint}>{t("form.intro")}</p>
      <label>
        {t("category.label")}
        <select value={category} onChange={(e) => setCategory(e.target.value as Category)} data-testid="support-category">
          <option value="">{t("category.choose")}</option>
          {limits.categories.map((c) => <option key={c} value={c}>{t(`category.${c}` as SupportKey)}</option>)}
        </select>
      </label>
      <label>
        <span className={styles.supportLabelRow}>{t("form.subject")} <Counter n={subjectLen} max={limits.subjectMax} /></span>
        <input value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={limits.subjectMax + 20} data-testid="support-subject" />
        <span className={styles.supportHint}>{t("form.limits", { min: limits.subjectMin, max: limits.subjectMax })}</span>
      </label>
      <label>
        <span className={styles.supportLabelRow}>{t("form.message")} <Counter n={messageLen} max={limits.messageMax} /></span>
        <textarea rows={6} value={message} onChange={(e) => setMessage(e.target.value)} data-testid="support-message" />
        <span className={styles.supportHint}>{t("form.messageHint")} {t("form.limits", { min: limits.messageMin, max: limits.messageMax })}</span>
      </label>
      {error && <p className={styles.supportError} role="alert" data-testid="support-error">{error}</p>}
      {sent && <p className={styles.supportOk} role="status" data-testid="support-sent">{t("form.sent")}</p>}
      <button type="submit" className={`${styles.supportBtn} ${styles.supportBtnPrimary}`} disabled={busy} data-testid="support-send">
        {busy ? t("form.sending") : t("form.send")}
      </button>
    </form>
  );
}

function StateBadge({ state }: { state: Ticket["state"] }) {
  const { t } = useSupportT();
  return <span className={`${styles.supportState} ${styles[`support__state--${state}`] ?? ""}`} data-testid="support-ticket-state">{t(`tickets.state.${state}` as SupportKey)}</span>;
}

function TicketList({ mine, openId, onOpen }: { mine: LoadableState & { value: { list: Ticket[] } | null }; openId: number; onOpen: (id: number) => void }) {
  const { t, language } = useSupportT();
  return (
    <>
      <h2 id="support-tickets-title">{t("tickets.title")}</h2>
      <Loadable resource={mine} empty={(v) => v.list.length === 0} emptyLabel={t("tickets.empty")} minHeight={120}>
        {({ list }) => (
          <ul className={styles.supportTickets}>
            {list.map((tk) => (
              <li key={tk.id}>
                <button type="button" className={tk.id === openId ? `${styles.supportTicket} ${styles.supportTicketOn}` : styles.supportTicket}
                  onClick={() => onOpen(tk.id === openId ? 0 : tk.id)} aria-expanded={tk.id === openId} data-testid="support-ticket" data-id={tk.id}>
                  <span className={styles.supportTicketSubject}>{tk.subject}</span>
                  <span className={styles.supportTicketMeta}>
                    {t(`category.${tk.category}` as SupportKey)} · {t("tickets.updatedAt", { time: formatWhen(tk.updateTime, language) })} · {t("tickets.messages", { n: tk.messages })}
                  </span>
                  <StateBadge state={tk.state} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Loadable>
    </>
  );
}

function Thread({ id, answers, limits, onChanged }: { id: number; answers: number; limits: SupportLimits; onChanged: () => void }) {
  const thread = useResource(`support-ticket|${id}`, () => supportApi.get(id));
  const { refresh } = thread;
  // A staff answer arrived: load the thread again, keeping it on screen meanwhile.
  useEffect(() => {
    if (answers > 0) refresh();
  }, [answers, refresh]);
  return (
    <Loadable resource={thread} minHeight={200}>
      {(ticket) => (
        <ThreadView
          ticket={ticket}
          limits={limits}
          onChanged={(tk) => {
            thread.set(tk);
            onChanged();
          }}
        />
      )}
    </Loadable>
  );
}

/** A request's messages, with the reply form and Close while it is open. */
function ThreadView({ ticket, limits, onChanged }: { ticket: Ticket; limits: SupportLimits; onChanged: (tk: Ticket) => void }) {
  const { t, language } = useSupportT();
  const id = ticket.id;
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const act = (f: () => Promise<Ticket>) => {
    setBusy(true);
    setError("");
    f().then(
      (tk) => {
        setText("");
        setBusy(false);
        onChanged(tk);
      },
      (e) => {
        setError(errorText(e));
        setBusy(false);
      },
    );
  };
  const send = (e: FormEvent) => {
    e.preventDefault();
    act(() => supportApi.reply(id, text));
  };
  return (
    <article className={styles.supportThread} data-testid="support-thread" data-state={ticket.state}>
      <header className={styles.supportThreadHead}>
        <h3>{ticket.subject}</h3>
        <StateBadge state={ticket.state} />
        <span className={styles.supportHint}>{t(`category.${ticket.category}` as SupportKey)} · {t("tickets.sentAt", { time: formatWhen(ticket.createTime, language) })}</span>
      </header>
      <ol className={styles.supportMessages}>
        {ticket.thread?.map((m) => (
          <li key={m.id} className={m.staff ? `${styles.supportMsg} ${styles.supportMsgStaff}` : styles.supportMsg} data-testid={m.staff ? "support-msg-staff" : "support-msg-user"}>
            <div className={styles.supportMsgWho}>
              <strong>{m.staff ? t("tickets.staff") : t("tickets.you")}</strong>{" "}
              <time dateTime={new Date(m.time).toISOString()}>{formatWhen(m.time, language)}</time>
            </div>
            <p className={styles.supportMsgBody}>{m.body}</p>
          </li>
        ))}
      </ol>
      {ticket.state === "closed" ? (
        <p className={styles.supportHint} data-testid="support-closed-note">{t("tickets.closedNote")}</p>
      ) : (
        <form className={styles.supportReply} onSubmit={send}>
          <label>
            <span className={styles.supportLabelRow}>{t("tickets.reply")} <Counter n={[...text.trim()].length} max={limits.messageMax} /></span>
            <textarea rows={3} value={text} onChange={(e) => setText(e.target.value)} data-testid="support-reply" />
          </label>
          <div className={styles.supportActions}>
            <button type="submit" className={`${styles.supportBtn} ${styles.supportBtnPrimary}`} disabled={busy} data-testid="support-reply-send">{t("tickets.send")}</button>
            <button type="button" className={styles.supportBtn} disabled={busy} onClick={() => act(() => supportApi.close(id))} data-testid="support-close">
              {t("tickets.close")}
            </button>
          </div>
        </form>
      )}
      {error && <p className={styles.supportError} role="alert">{error}</p>}
    </article>
  );
}
