// /admin/rooms — the rooms live now (staff with manageRooms): a preview, viewers and chat rate; per
// room, who may watch (members only, paid and its price), ending the broadcast, the room's moderators
// and its recent chat with deleted lines marked. The rules are the streamer centre's and the room's;
// each action is in the audit log on the server side.
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { adminOpsApi, type RoomCard, type RoomDetail } from "../../../api/adminops";
import { useOpsT } from "../../../i18n/adminops";
import { errorText } from "../AdminApp";
import { formatClock, formatNumber, formatTime } from "../format";
import { MutedPreview } from "./MutedPreview";
import { Pager, ReasonField } from "./Pager";
import "./ops.css";

const SIZE = 10;

export function LiveRoomsAdmin() {
  const { t, language } = useOpsT();
  const [q, setQ] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [rooms, setRooms] = useState<RoomCard[] | null>(null);
  const [total, setTotal] = useState(0);
  const [open, setOpen] = useState("");
  const [error, setError] = useState("");
  const [msg, setMsg] = useState("");
  const load = useCallback(() => {
    setError("");
    adminOpsApi.rooms(query, page, SIZE).then(
      (r) => {
        setRooms(r.list);
        setTotal(r.total);
      },
      (e) => setError(errorText(e)),
    );
  }, [query, page]);
  useEffect(load, [load]);
  const search = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setQuery(q.trim());
  };
  return (
    <section data-testid="admin-rooms">
      <h1 className="admin__title">{t("menu.liveRooms")}</h1>
      <p className="admin-hint">{t("rooms.intro")}</p>
      <form className="admin-filters" onSubmit={search}>
        <label>{t("rooms.search")}<input value={q} onChange={(e) => setQ(e.target.value)} data-testid="admin-rooms-q" /></label>
        <button type="submit" className="admin-btn">{t("common.search")}</button>
        <button type="button" className="admin-btn" onClick={load}>{t("common.refresh")}</button>
      </form>
      {error && <p className="admin-error" role="alert">{error}</p>}
      {msg && <p className="admin-msg" role="status" data-testid="admin-rooms-msg">{msg}</p>}
      <ul className="ops-rooms">
        {rooms?.map((r) => (
          <li key={r.room} className="ops-room" data-testid="admin-room" data-room={r.room}>
            <div className="ops-room__card">
              {r.coverUrl ? <img className="ops-room__preview" src={r.coverUrl} alt="" /> : <div className="ops-room__preview ops-room__preview--none">{t("rooms.noPreview")}</div>}
              <div className="ops-room__facts">
                <h2 className="ops-room__title">{r.title}</h2>
                <div className="admin-hint">{r.streamerName || r.streamer} · #{r.room}</div>
                <div className="admin-tags">
                  <span className={`admin-tag ${r.up ? "ops-tag--live" : ""}`}>{r.up ? t("rooms.up") : t("rooms.waiting")}</span>
                  {r.memberOnly && <span className="admin-tag">{t("rooms.memberOnly")}</span>}
                  {r.paid && <span className="admin-tag">{t("rooms.paid")} · {formatNumber(r.price, language)}</span>}
                </div>
                {r.since > 0 && <div className="admin-hint">{t("rooms.since", { time: formatTime(r.since, language) })}</div>}
              </div>
              <dl className="ops-room__numbers">
                <dt>{t("rooms.viewers")}</dt><dd data-testid="admin-room-viewers">{formatNumber(r.viewers, language)}</dd>
                <dt>{t("rooms.chatRate")}</dt><dd>{formatNumber(r.chatPerMin, language)}</dd>
              </dl>
              <button type="button" className="admin-btn" onClick={() => setOpen(open === r.room ? "" : r.room)} data-testid="admin-room-manage">
                {open === r.room ? t("rooms.close") : t("rooms.manage")}
              </button>
            </div>
            {open === r.room && (
              <RoomPanel card={r} onEnded={() => {
                setMsg(t("rooms.ended", { room: r.room }));
                setOpen("");
                load();
              }} onChanged={load} />
            )}
          </li>
        ))}
      </ul>
      {rooms && rooms.length === 0 && <p className="admin-empty">{t("common.empty")}</p>}
      <Pager page={page} size={SIZE} total={total} onPage={setPage} />
    </section>
  );
}

function RoomPanel({ card, onEnded, onChanged }: { card: RoomCard; onEnded: () => void; onChanged: () => void }) {
  const { t, language } = useOpsT();
  const [detail, setDetail] = useState<RoomDetail | null>(null);
  const [reason, setReason] = useState("");
  const [memberOnly, setMemberOnly] = useState(card.memberOnly);
  const [paid, setPaid] = useState(card.paid);
  const [price, setPrice] = useState(String(card.price || ""));
  const [modId, setModId] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [msg, setMsg] = useState("");
  const load = useCallback(() => {
    adminOpsApi.room(card.room).then(setDetail, (e) => setError(errorText(e)));
  }, [card.room]);
  useEffect(load, [load]);
  const run = (f: () => Promise<unknown>, done: string, after?: () => void) => {
    setBusy(true);
    setError("");
    setMsg("");
    f().then(
      () => {
        setMsg(done);
        setBusy(false);
        after?.();
      },
      (e) => {
        setError(errorText(e));
        setBusy(false);
      },
    );
  };
  const saveAccess = () =>
    run(() => adminOpsApi.setAccess(card.room, { memberOnly, paid, price: paid ? Number(price) || 0 : 0 }, reason), t("rooms.accessSaved"), onChanged);
  const moderator = (userId: string, add: boolean) =>
    run(() => adminOpsApi.setModerator(card.room, userId, add, reason), t("rooms.moderatorsSaved"), () => {
      setModId("");
      load();
    });
  const end = () => run(() => adminOpsApi.endRoom(card.room, reason), "", onEnded);
  return (
    <div className="admin-panel ops-room__panel" data-testid="admin-room-panel">
      <div className="ops-room__top">
        {card.up && <MutedPreview room={card.room} />}
        <div>
          <div className="admin-actions">
            <ReasonField value={reason} onChange={setReason} testId="admin-room-reason" />
            <button type="button" className="admin-btn admin-btn--danger" disabled={busy || !reason.trim()} onClick={end} data-testid="admin-room-end">
              {t("rooms.end")}
            </button>
          </div>
          <h3 className="admin__sub">{t("rooms.access")}</h3>
          <div className="admin-actions">
            <label className="ops-check"><input type="checkbox" checked={memberOnly} onChange={(e) => setMemberOnly(e.target.checked)} data-testid="admin-room-memberonly" />{t("rooms.memberOnly")}</label>
            <label className="ops-check"><input type="checkbox" checked={paid} onChange={(e) => setPaid(e.target.checked)} data-testid="admin-room-paid" />{t("rooms.paid")}</label>
            {paid && <label>{t("rooms.price")}<input inputMode="numeric" value={price} onChange={(e) => setPrice(e.target.value.replace(/\D/g, ""))} data-testid="admin-room-price" /></label>}
            <button type="button" className="admin-btn admin-btn--primary" disabled={busy || !reason.trim()} onClick={saveAccess} data-testid="admin-room-save-access">
              {t("rooms.saveAccess")}
            </button>
          </div>
          {error && <p className="admin-error" role="alert">{error}</p>}
          {msg && <p className="admin-msg" role="status">{msg}</p>}
        </div>
      </div>
      <div className="ops-room__cols">
        <div>
          <h3 className="admin__sub">{t("rooms.chat")}</h3>
          {detail && detail.lines.length === 0 && <p className="admin-empty">{t("rooms.noChat")}</p>}
          <ul className="admin-chat" data-testid="admin-room-chat">
            {detail?.lines.map((l) => (
              <li key={l.id || l.seq} className={l.deleted ? "admin-chat__deleted" : ""} data-testid="admin-room-line" data-deleted={l.deleted}>
                <span className="admin-hint">{formatClock(l.time, language)}</span>{" "}
                <span className="admin-chat__name">{l.name || l.userId}</span> {l.text}
                {l.deleted && <span className="admin-tag admin-tag--banned ops-deleted">{t("rooms.deleted")}</span>}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="admin__sub">{t("rooms.moderators")}</h3>
          {detail && detail.moderators.length === 0 && <p className="admin-empty">{t("rooms.noModerators")}</p>}
          <ul className="ops-list">
            {detail?.moderators.map((m) => (
              <li key={m.userId} data-testid="admin-room-moderator">
                {m.name || m.userId} <span className="admin-hint">{m.userId} · {formatTime(m.addedAt, language)}</span>{" "}
                <button type="button" className="admin-linkbtn" disabled={busy} onClick={() => moderator(m.userId, false)}>{t("rooms.removeModerator")}</button>
              </li>
            ))}
          </ul>
          <div className="admin-actions">
            <label>{t("rooms.userId")}<input value={modId} onChange={(e) => setModId(e.target.value)} data-testid="admin-room-mod-id" /></label>
            <button type="button" className="admin-btn" disabled={busy || !modId.trim()} onClick={() => moderator(modId.trim(), true)} data-testid="admin-room-mod-add">
              {t("rooms.addModerator")}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
