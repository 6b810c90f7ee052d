// /admin/rooms — the rooms live now (staff with manageRooms): a preview, viewers and chat rate; per
// room, who may watch (members only, paid and its price), ending the broadcast, the room's moderators
// and its recent chat with deleted lines marked. The rules are the streamer centre's and the room's;
// each action is in the audit log on the server side.
import { useState, type FormEvent } from "react";
import { errorText } from "../../../api/client";
import { adminOpsApi, type RoomCard } from "../../../api/adminops";
import { Loadable, useResource } from "../../../data";
import { useOpsT } from "../../../i18n/adminops";
import { formatClock, formatNumber, formatTime } from "../format";
import { MutedPreview } from "./MutedPreview";
import { Pager, ReasonField } from "./Pager";
import styles from "./ops.module.css";
import adminStyles from "../Admin.module.css";

const SIZE = 10;

export function LiveRoomsAdmin() {
  const { t, language } = useOpsT();
  const [q, setQ] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState("");
  const [msg, setMsg] = useState("");
  const rooms = useResource(`admin-rooms:${page}:${query}`, () => adminOpsApi.rooms(query, page, SIZE));
  const search = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setQuery(q.trim());
  };
  return (
    <section data-testid="admin-rooms">
      <h1 className={adminStyles.adminTitle}>{t("menu.liveRooms")}</h1>
      <p className={adminStyles.adminHint}>{t("rooms.intro")}</p>
      <form className={adminStyles.adminFilters} onSubmit={search}>
        <label>{t("rooms.search")}<input value={q} onChange={(e) => setQ(e.target.value)} data-testid="admin-rooms-q" /></label>
        <button type="submit" className={adminStyles.adminBtn}>{t("common.search")}</button>
        <button type="button" className={adminStyles.adminBtn} onClick={rooms.refresh} data-testid="admin-rooms-refresh">{t("common.refresh")}</button>
      </form>
      {msg && <p className={adminStyles.adminMsg} role="status" data-testid="admin-rooms-msg">{msg}</p>}
      <Loadable resource={rooms} empty={(r) => r.list.length === 0} emptyLabel={t("common.empty")}>
        {({ list }) => (
          <ul className={styles.opsRooms}>
            {list.map((r) => (
              <li key={r.room} className={styles.opsRoom} data-testid="admin-room" data-room={r.room} data-up={r.up}>
                <div className={styles.opsRoomCard}>
                  {r.coverUrl ? <img className={styles.opsRoomPreview} src={r.coverUrl} alt="" /> : <div className={`${styles.opsRoomPreview} ${styles.opsRoomPreviewNone}`}>{t("rooms.noPreview")}</div>}
                  <div className={styles.opsRoomFacts}>
                    {/* dir="auto": an English title in Arabic keeps its start, and its ellipsis goes at its end */}
                    <h2 className={styles.opsRoomTitle} dir="auto">{r.title}</h2>
                    <div className={adminStyles.adminHint}>{r.streamerName || r.streamer} · #{r.room}</div>
                    <div className={adminStyles.adminTags}>
                      <span className={`${adminStyles.adminTag} ${r.up ? styles.opsTagLive : ""}`}>{r.up ? t("rooms.up") : t("rooms.waiting")}</span>
                      {r.memberOnly && <span className={adminStyles.adminTag}>{t("rooms.memberOnly")}</span>}
                      {r.paid && <span className={adminStyles.adminTag}>{t("rooms.paid")} · {formatNumber(r.price, language)}</span>}
                    </div>
                    {r.since > 0 && <div className={adminStyles.adminHint}>{t("rooms.since", { time: formatTime(r.since, language) })}</div>}
                  </div>
                  <dl className={styles.opsRoomNumbers}>
                    <dt>{t("rooms.viewers")}</dt><dd data-testid="admin-room-viewers">{formatNumber(r.viewers, language)}</dd>
                    <dt>{t("rooms.chatRate")}</dt><dd>{formatNumber(r.chatPerMin, language)}</dd>
                  </dl>
                  <button type="button" className={adminStyles.adminBtn} onClick={() => setOpen(open === r.room ? "" : r.room)} data-testid="admin-room-manage">
                    {open === r.room ? t("rooms.close") : t("rooms.manage")}
                  </button>
                </div>
                {open === r.room && (
                  <RoomPanel card={r} onEnded={() => {
                    setMsg(t("rooms.ended", { room: r.room }));
                    setOpen("");
                    rooms.refresh();
                  }} onChanged={rooms.refresh} />
                )}
              </li>
            ))}
          </ul>
        )}
      </Loadable>
      <Pager page={page} size={SIZE} total={rooms.value?.total ?? 0} onPage={setPage} />
    </section>
  );
}

function RoomPanel({ card, onEnded, onChanged }: { card: RoomCard; onEnded: () => void; onChanged: () => void }) {
  const { t, language } = useOpsT();
  const [reason, setReason] = useState("");
  const [memberOnly, setMemberOnly] = useState(card.memberOnly);
  const [paid, setPaid] = useState(card.paid);
  const [price, setPrice] = useState(String(card.price || ""));
  const [modId, setModId] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [msg, setMsg] = useState("");
  const detail = useResource(`admin-room:${card.room}`, () => adminOpsApi.room(card.room));
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
      detail.refresh();
    });
  const end = () => run(() => adminOpsApi.endRoom(card.room, reason), "", onEnded);
  return (
    <div className={`${adminStyles.adminPanel} ${styles.opsRoomPanel}`} data-testid="admin-room-panel">
      <div className={styles.opsRoomTop}>
        {card.up && <MutedPreview room={card.room} />}
        <div>
          <div className={adminStyles.adminActions}>
            <ReasonField value={reason} onChange={setReason} testId="admin-room-reason" />
            <button type="button" className={`${adminStyles.adminBtn} ${adminStyles.adminBtnDanger}`} disabled={busy || !reason.trim()} onClick={end} data-testid="admin-room-end">
              {t("rooms.end")}
            </button>
          </div>
          <h3 className={adminStyles.adminSub}>{t("rooms.access")}</h3>
          <div className={adminStyles.adminActions}>
            <label className={styles.opsCheck}><input type="checkbox" checked={memberOnly} onChange={(e) => setMemberOnly(e.target.checked)} data-testid="admin-room-memberonly" />{t("rooms.memberOnly")}</label>
            <label className={styles.opsCheck}><input type="checkbox" checked={paid} onChange={(e) => setPaid(e.target.checked)} data-testid="admin-room-paid" />{t("rooms.paid")}</label>
            {paid && <label>{t("rooms.price")}<input inputMode="numeric" value={price} onChange={(e) => setPrice(e.target.value.replace(/\D/g, ""))} data-testid="admin-room-price" /></label>}
            <button type="button" className={`${adminStyles.adminBtn} ${adminStyles.adminBtnPrimary}`} disabled={busy || !reason.trim()} onClick={saveAccess} data-testid="admin-room-save-access">
              {t("rooms.saveAccess")}
            </button>
          </div>
          {error && <p className={adminStyles.adminError} role="alert">{error}</p>}
          {msg && <p className={adminStyles.adminMsg} role="status">{msg}</p>}
        </div>
      </div>
      <Loadable resource={detail}>
        {(d) => (
          <div className={styles.opsRoomCols}>
            <div>
              <h3 className={adminStyles.adminSub}>{t("rooms.chat")}</h3>
              {d.lines.length === 0 && <p className={adminStyles.adminEmpty}>{t("rooms.noChat")}</p>}
              <ul className={adminStyles.adminChat} data-testid="admin-room-chat">
                {d.lines.map((l) => (
                  <li key={l.id || l.seq} className={l.deleted ? adminStyles.adminChatDeleted : ""} data-testid="admin-room-line" data-deleted={l.deleted}>
                    <span className={adminStyles.adminHint}>{formatClock(l.time, language)}</span>{" "}
                    <span className={adminStyles.adminChatName}>{l.name || l.userId}</span> <bdi>{l.text}</bdi>
                    {l.deleted && <span className={`${adminStyles.adminTag} ${adminStyles.adminTagBanned} ${styles.opsDeleted}`}>{t("rooms.deleted")}</span>}
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h3 className={adminStyles.adminSub}>{t("rooms.moderators")}</h3>
              {d.moderators.length === 0 && <p className={adminStyles.adminEmpty}>{t("rooms.noModerators")}</p>}
              <ul className={styles.opsList}>
                {d.moderators.map((m) => (
                  <li key={m.userId} data-testid="admin-room-moderator">
                    {m.name || m.userId} <span className={adminStyles.adminHint}>{m.userId} · {formatTime(m.addedAt, language)}</span>{" "}
                    <button type="button" className={adminStyles.adminLinkbtn} disabled={busy} onClick={() => moderator(m.userId, false)}>{t("rooms.removeModerator")}</button>
                  </li>
                ))}
              </ul>
              <div className={adminStyles.adminActions}>
                <label>{t("rooms.userId")}<input value={modId} onChange={(e) => setModId(e.target.value)} data-testid="admin-room-mod-id" /></label>
                <button type="button" className={adminStyles.adminBtn} disabled={busy || !modId.trim()} onClick={() => moderator(modId.trim(), true)} data-testid="admin-room-mod-add">
                  {t("rooms.addModerator")}
                </button>
              </div>
            </div>
          </div>
        )}
      </Loadable>
    </div>
  );
}
