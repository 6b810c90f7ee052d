import { useState, type FormEvent } from "react";
import { useAtomValue, useSetAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { connStatusAtom, realtimeCommandsAtom, type RoomView } from "../../state/realtime";
import { loginModalAtom, LoginMode } from "../../state/ui";
import "./ChatInput.css";

const MAX_CHARS = 200;

/**
 * Chat input; a refused send shows the server's localized message under it. Guests read but do not
 * chat (spec §6): their input says "Log in to chat" and opens the login modal.
 */
export function ChatInput({ room, view, signedIn = true }: { room: string; view: RoomView; signedIn?: boolean }) {
  const { t } = useTranslation();
  const openLogin = useSetAtom(loginModalAtom);
  if (!signedIn) {
    const ask = () => openLogin({ open: true, mode: LoginMode.Password });
    return (
      <form className="chat-input chat-input--guest" onSubmit={(e) => (e.preventDefault(), ask())}>
        <div className="chat-input__row">
          <input
            data-testid="chat-input"
            data-guest="true"
            readOnly
            value=""
            placeholder={t("live.room.loginToChat")}
            aria-label={t("live.room.loginToChat")}
            onKeyDown={(e) => {
              if (e.key.length === 1 || e.key === "Enter") ask();
            }}
            onClick={ask}
          />
          <button type="button" data-testid="chat-login" onClick={ask}>
            {t("live.gift.loginButton")}
          </button>
        </div>
      </form>
    );
  }
  return <SignedInChatInput room={room} view={view} />;
}

function SignedInChatInput({ room, view }: { room: string; view: RoomView }) {
  const { t } = useTranslation();
  const commands = useAtomValue(realtimeCommandsAtom);
  const status = useAtomValue(connStatusAtom);
  const [text, setText] = useState("");
  const ready = status.state === "connected" && view.joined && commands !== null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = text.trim();
    if (!v || !ready) return;
    if (commands.sendChat(room, v)) setText("");
  };

  const error = view.sendError ?? (view.sendErrorKey ? t("live.sendFailed") : null);
  return (
    <form className="chat-input" onSubmit={submit}>
      <div className="chat-input__row">
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
      {error && <p className="chat-input__error" role="alert" data-testid="chat-error">{error}</p>}
      {!error && view.joined && !view.open && <p className="chat-input__hint" data-testid="room-closed">{t("live.closed")}</p>}
      {!error && view.joined && view.open && view.slowSecs > 0 && (
        <p className="chat-input__hint" data-testid="slow-hint">{t("live.slowHint", { s: view.slowSecs })}</p>
      )}
    </form>
  );
}
