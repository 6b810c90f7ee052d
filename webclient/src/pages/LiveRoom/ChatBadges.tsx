// The badges before a chat line's name (issue 17): the sender's standing in the room (streamer,
// moderator, staff), then their membership (VIP, SVIP), as the room puts them on the line.
import { useTranslation } from "react-i18next";
import type { RoomEvent } from "../../realtime/protocol";
import styles from "./ChatBadges.module.css";

export function ChatBadges({ ev }: { ev: RoomEvent }) {
  const { t } = useTranslation();
  return (
    <>
      {ev.role && (
        <span className={`${styles.chatBadge} ${styles[`chat-badge--${ev.role}`]}`} data-testid="chat-badge" data-badge={ev.role}>
          {t(`live.badge.${ev.role}`)}
        </span>
      )}
      {(ev.tier === 1 || ev.tier === 2) && (
        <span className={`${styles.chatBadge} ${styles[ev.tier === 2 ? "chat-badge--svip" : "chat-badge--vip"]}`} data-testid="chat-badge" data-badge={ev.tier === 2 ? "svip" : "vip"}>
          {ev.tier === 2 ? "SVIP" : "VIP"}
        </span>
      )}
    </>
  );
}
