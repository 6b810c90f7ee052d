// A signed-in viewer's chat input (ChatInput.tsx loads it on demand): the text with its limit, the
// send command, a refused send's message, a muted user's lock with its time left, and the lock of a
// viewer whose level is under the room's minimum ("Level too low: level 6 needed", issue 17).
import { useEffect, useState, type FormEvent } from "react";
import { useAtomValue } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { connStatusAtom, realtimeCommandsAtom, wsUserAtom, type RoomView } from "../../state/realtime";
import { formatLeft, muteLeft } from "../../realtime/selfMute";
import { useChatroomT } from "../../i18n/chatroom";
import styles from "./ChatInput.module.css";

const MAX_CHARS = 200;

/** Our mute's time left in the room (ms, 0: not muted), counting down each second while muted. */
function useMuteLeft(view: RoomView): number {
  const until = view.you.mutedUntil ?? 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until <= Date.now()) return;
    const id = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) window.clearInterval(id);
    }, 1000);
    return () => window.clearInterval(id);
  }, [until]);
  return muteLeft(view, now);
}

/**
 * The level the room asks of us when ours is known to be lower (0: we may chat). The room's
 * streamer, its moderators and the site's administrators are exempt, as the room's rule is.
 */
export function levelShortfall(view: RoomView, user: { level: number; roles?: string[] } | null): number {
  if (!user || view.minLevel <= 0 || view.you.mod || view.you.streamer || user.roles?.includes("admin")) return 0;
  return user.level < view.minLevel ? view.minLevel : 0;
}

export default function SignedInChatInput({ room, view }: { room: string; view: RoomView }) {
  const { t } = useTranslation();
  const commands = useAtomValue(realtimeCommandsAtom);
  const status = useAtomValue(connStatusAtom);
  const { t: ct } = useChatroomT();
  const [text, setText] = useState("");
  const left = useMuteLeft(view);
  const me = useAtomValue(wsUserAtom);
  const needed = levelShortfall(view, me);
  const ready = status.state === "connected" && view.joined && commands !== null && left === 0 && needed === 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = text.trim();
    if (!v || !ready) return;
    if (commands.sendChat(room, v)) setText("");
  };

  const error = view.sendError ?? (view.sendErrorKey ? t("live.sendFailed") : null);
  if (needed > 0 && left === 0) {
    const locked = t("live.levelNeeded", { level: needed });
    return (
      <form className={`${styles.chatInput} ${styles.chatInputMuted}`} onSubmit={(e) => e.preventDefault()} data-testid="level-locked" data-level={needed}>
        <div className={styles.chatInputRow}>
          <input data-testid="chat-input" data-level-locked="true" disabled value="" placeholder={locked} aria-label={locked} aria-describedby="chat-level-hint" />
          <button type="submit" data-testid="chat-send" disabled>
            {t("live.send")}
          </button>
        </div>
        <p className={styles.chatInputHint} id="chat-level-hint" role="status" data-testid="level-hint">
          {t("live.levelLocked", { level: needed, mine: me?.level ?? 0 })}
        </p>
      </form>
    );
  }
  if (left > 0) {
    const muted = ct("input.muted", { left: formatLeft(left) });
    return (
      <form className={`${styles.chatInput} ${styles.chatInputMuted}`} onSubmit={(e) => e.preventDefault()}>
        <div className={styles.chatInputRow}>
          <input data-testid="chat-input" data-muted="true" disabled value="" placeholder={muted} aria-label={muted} />
          <button type="submit" data-testid="chat-send" disabled>
            {t("live.send")}
          </button>
        </div>
        {/* Screen readers hear the lock once (the visible text is the input's placeholder). */}
        <span className="visually-hidden" role="status" data-testid="muted-hint">
          {muted}
        </span>
      </form>
    );
  }
  return (
    <form className={styles.chatInput} onSubmit={submit}>
      <div className={styles.chatInputRow}>
        <input
          data-testid="chat-input"
          value={text}
          maxLength={MAX_CHARS}
          placeholder={t("live.placeholder")}
          aria-label={t("live.placeholder")}
          onChange={(e) => {
            setText(e.target.value);
            if (error) commands?.clearSendError(room);
          }}
        />
        <button type="submit" data-testid="chat-send" disabled={!ready || !text.trim()}>
          {t("live.send")}
        </button>
      </div>
      {error && <p className={styles.chatInputError} role="alert" data-testid="chat-error">{error}</p>}
      {!error && view.joined && !view.open && <p className={styles.chatInputHint} data-testid="room-closed">{t("live.closed")}</p>}
      {!error && view.joined && view.open && view.slowSecs > 0 && (
        <p className={styles.chatInputHint} data-testid="slow-hint">{t("live.slowHint", { s: view.slowSecs })}</p>
      )}
    </form>
  );
}
