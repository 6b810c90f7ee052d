import { lazy, Suspense } from "react";
import { useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import type { RoomView } from "../../state/realtime";
import { loginModalAtom, LoginMode } from "../../state/ui";
import styles from "./ChatInput.module.css";

// A signed-in viewer's input loads on demand (issue 19: the room's initial JavaScript); until it
// has arrived the same input shows, disabled.
const SignedInChatInput = lazy(() => import("./SignedInChatInput"));

/**
 * Chat input; a refused send shows the server's localized message under it. Guests read but do not
 * chat (spec §6): their input says "Log in to chat" and opens the login modal. A muted user's input
 * is disabled and shows the time left (issue 17), unlocking by itself when the mute ends.
 */
export function ChatInput({ room, view, signedIn = true }: { room: string; view: RoomView; signedIn?: boolean }) {
  const { t } = useTranslation();
  const openLogin = useSetAtom(loginModalAtom);
  if (!signedIn) {
    const ask = () => openLogin({ open: true, mode: LoginMode.Password });
    return (
      <form className={styles.chatInput} onSubmit={(e) => (e.preventDefault(), ask())}>
        <div className={styles.chatInputRow}>
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
  return (
    <Suspense fallback={<ChatInputPlaceholder />}>
      <SignedInChatInput room={room} view={view} />
    </Suspense>
  );
}


function ChatInputPlaceholder() {
  const { t } = useTranslation();
  return (
    <form className={styles.chatInput} onSubmit={(e) => e.preventDefault()}>
      <div className={styles.chatInputRow}>
        <input data-testid="chat-input" disabled value="" placeholder={t("live.placeholder")} aria-label={t("live.placeholder")} />
        <button type="submit" data-testid="chat-send" disabled>
          {t("live.send")}
        </button>
      </div>
    </form>
  );
}
