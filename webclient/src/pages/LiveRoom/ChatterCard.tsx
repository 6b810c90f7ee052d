// The chatter card (issue 17): clicking a name in the chat opens it. Every signed-in viewer sees
// the chatter's name, level and badges, with Follow and Report; the room's streamer, moderators
// and staff also see the current mute with its time left, how often the chatter was muted here and
// the reports against them, and act: mute (10 min, 1 h, 24 h), unmute, delete the line, make or
// remove a moderator with the member id typed again (spec §5). Everything comes from and goes
// through the REST calls of api/chat, which the room actor decides; the card never shows an id.
import { useEffect, useState, type FormEvent } from "react";
import { useResource } from "../../data";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/client";
import { chatroomApi, type OperateOp } from "../../api/chatroom";
import { userApi } from "../../api/account";
import { useChatroomT } from "../../i18n/chatroom";
import { formatLeft } from "../../realtime/selfMute";
import type { RoomEvent } from "../../realtime/protocol";
import { showToast } from "../../state/ui";
import styles from "./ChatterCard.module.css";
import { useDialog } from "../../components/useDialog";
import { avatarSrc } from "../../components/Avatar";

/** Mute lengths the card offers (seconds) with their labels in the live room's namespace. */
export const CARD_MUTES = [
  { secs: 600, key: "m10" },
  { secs: 3600, key: "h1" },
  { secs: 86400, key: "d1" },
] as const;

/** The card of ev's author in room, with the skew of the server's clock; refresh() reads it again after an action. */
function useChatter(room: string, uid: string) {
  return useResource(`chatter:${room}:${uid}`, () => chatroomApi.userInfo(room, uid).then((card) => ({ card, skew: card.now - Date.now() })));
}

/** The server's now (from the card's clock), ticking each second while a mute is shown. */
function useServerNow(skew: number, ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now() + skew);
  useEffect(() => {
    setNow(Date.now() + skew);
    if (!ticking) return;
    const id = window.setInterval(() => setNow(Date.now() + skew), 1000);
    return () => window.clearInterval(id);
  }, [skew, ticking]);
  return now;
}

export interface ChatterCardProps {
  room: string;
  /** The chat line whose author's name was clicked. */
  ev: RoomEvent;
  onClose(): void;
  /** Opens the report reasons for the line (the message menu). */
  onReport(ev: RoomEvent): void;
}

export function ChatterCard({ room, ev, onClose, onReport }: ChatterCardProps) {
  const { t } = useTranslation();
  const { t: ct } = useChatroomT();
  const uid = ev.uid ?? "";
  const load = useChatter(room, uid);
  const popup = useDialog<HTMLDivElement>(onClose);
  const reload = load.refresh;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [appoint, setAppoint] = useState<OperateOp | null>(null);
  const [typed, setTyped] = useState("");
  const card = load.value?.card ?? null;
  const mod = card?.moderation;
  const now = useServerNow(load.value?.skew ?? 0, !!mod && (mod.mutedUntil > 0 || mod.platformUntil > 0));
  const name = card?.name ?? ev.name ?? "";

  // Follow shows once we know whether the reader follows the chatter (not on one's own card).
  const follow = useResource(card && !card.self ? `follows:${uid}` : null, () => userApi.hasFollow(uid));
  const following = follow.value?.following ?? null;

  const act = async (run: () => Promise<unknown>, done: string, close = false) => {
    setBusy(true);
    setError(null);
    try {
      await run();
      showToast(done, "info");
      setAppoint(null);
      setTyped("");
      if (close) onClose();
      else reload();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const operate = (op: OperateOp, done: string, extra: { secs?: number; confirm?: string } = {}) =>
    void act(() => chatroomApi.operate({ roomId: room, uid, op, ...extra }), done);

  const confirmAppoint = (e: FormEvent) => {
    e.preventDefault();
    if (!appoint || !typed.trim()) return;
    operate(appoint, ct(appoint === "addMod" ? "card.modAdded" : "card.modRemoved", { name }), { confirm: typed.trim() });
  };

  const mutedLeft = mod ? Math.max(0, mod.mutedUntil - now) : 0;
  const platformLeft = mod ? Math.max(0, mod.platformUntil - now) : 0;
  const isMod = !!card?.badges.includes("moderator");

  return (
    <div className={styles.chatterCard} role="dialog" aria-label={ct("card.title")} data-testid="chatter-card" {...popup}>
      <div className={styles.chatterCardHead}>
        <span className={styles.chatterCardAvatar} aria-hidden="true">
          {card?.avatar ? <img src={avatarSrc(card.avatar, 40)} alt="" /> : (name || "?").slice(0, 1).toUpperCase()}
        </span>
        <div className={styles.chatterCardWho}>
          <bdi className={styles.chatterCardName} data-testid="card-name">
            {name}
          </bdi>
          {card && (
            <span className={styles.chatterCardLevel} data-testid="card-level">
              {ct("card.level", { level: card.level })}
            </span>
          )}
          {card && card.badges.length > 0 && (
            <span className={styles.chatterCardBadges}>
              {card.badges.map((b) => (
                <span key={b} className={`${styles.chatterBadge} ${styles[`chatter-badge--${b}`]}`} data-testid={`card-badge-${b}`}>
                  {ct(`card.badge.${b}`)}
                </span>
              ))}
            </span>
          )}
        </div>
        <button type="button" className={styles.chatterCardClose} aria-label={ct("card.close")} data-testid="card-close" onClick={onClose}>
          ×
        </button>
      </div>
      {ev.text && (
        <p className={styles.chatterCardQuote}>
          <bdi>{ev.text}</bdi>
        </p>
      )}
      {load.status === "loading" && <p className={styles.chatterCardMutedText}>{ct("card.loading")}</p>}
      {load.status === "error" && (
        <p className={styles.chatterCardError} role="alert" data-testid="card-error">
          {load.error}
        </p>
      )}
      {card?.self && <p className={styles.chatterCardMutedText}>{ct("card.you")}</p>}
      {mod && (
        <div className={styles.chatterCardRecord} data-testid="card-record">
          <p className={mutedLeft || platformLeft ? `${styles.chatterCardState} ${styles.chatterCardStateMuted}` : styles.chatterCardState} data-testid="card-mute-state" data-muted={mutedLeft > 0}>
            {mutedLeft > 0
              ? ct("card.muted", { left: formatLeft(mutedLeft) })
              : platformLeft > 0
                ? ct("card.platformMuted", { left: formatLeft(platformLeft) })
                : ct("card.notMuted")}
          </p>
          <dl>
            <div>
              <dt>{ct("card.mutes")}</dt>
              <dd data-testid="card-mutes">{mod.mutes}</dd>
            </div>
            <div>
              <dt>{ct("card.reports")}</dt>
              <dd data-testid="card-reports">{mod.reports}</dd>
            </div>
          </dl>
        </div>
      )}
      {card && !card.self && (
        <div className={styles.chatterCardRow}>
          {following !== null && (
            <button
              type="button"
              data-testid="card-follow"
              data-following={following}
              disabled={busy}
              onClick={() =>
                void userApi.follow(uid, !following).then(
                  (r) => follow.set({ following: r.following }),
                  (e: unknown) => setError(errorText(e)),
                )
              }
            >
              {following ? t("account.unfollow") : t("account.follow")}
            </button>
          )}
          {ev.id && ev.k === "chat" && (
            <button type="button" data-testid="card-report" onClick={() => onReport(ev)}>
              {t("live.menu.report")}
            </button>
          )}
        </div>
      )}
      {card?.you.mute && (
        <div className={styles.chatterCardRow} data-testid="card-mute-actions">
          {mutedLeft > 0 ? (
            <button type="button" data-testid="card-unmute" disabled={busy} onClick={() => operate("unmute", ct("card.unmuted", { name }))}>
              {t("live.mod.unmute")}
            </button>
          ) : (
            <>
              <span className={styles.chatterCardLabel}>{ct("card.muteFor")}</span>
              {CARD_MUTES.map((m) => (
                <button
                  key={m.secs}
                  type="button"
                  data-testid={`card-mute-${m.secs}`}
                  disabled={busy}
                  onClick={() => operate("mute", t("live.menu.muted", { name }), { secs: m.secs })}
                >
                  {t(`live.duration.${m.key}`)}
                </button>
              ))}
            </>
          )}
        </div>
      )}
      {card?.you.moderate && ev.id && ev.k === "chat" && (
        <div className={styles.chatterCardRow}>
          <button
            type="button"
            className={styles.chatterCardDanger}
            data-testid="card-delete"
            disabled={busy}
            onClick={() => void act(() => chatroomApi.deleteLine(room, ev.id!), t("live.menu.deleted"), true)}
          >
            {t("live.menu.delete")}
          </button>
        </div>
      )}
      {card?.you.appoint && !appoint && (
        <div className={styles.chatterCardRow}>
          <button type="button" data-testid={isMod ? "card-remove-mod" : "card-make-mod"} disabled={busy} onClick={() => setAppoint(isMod ? "removeMod" : "addMod")}>
            {isMod ? ct("card.removeMod") : ct("card.makeMod")}
          </button>
        </div>
      )}
      {appoint && (
        <form className={styles.chatterCardConfirm} onSubmit={confirmAppoint} data-testid="card-confirm-form">
          <label>
            {ct("card.confirmLabel", { name })}
            <input data-testid="card-confirm-input" value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
          </label>
          <small>{ct("card.confirmHint")}</small>
          <div className={styles.chatterCardRow}>
            <button type="submit" data-testid="card-confirm" disabled={busy || !typed.trim()}>
              {ct("card.confirm")}
            </button>
            <button type="button" onClick={() => (setAppoint(null), setTyped(""))}>
              {t("live.menu.cancel")}
            </button>
          </div>
        </form>
      )}
      {error && (
        <p className={styles.chatterCardError} role="alert" data-testid="card-error">
          {error}
        </p>
      )}
    </div>
  );
}
