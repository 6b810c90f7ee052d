import { lazy, memo, Suspense, useCallback, useMemo, useRef, useState } from "react";
import type { VirtuosoHandle } from "react-virtuoso";
import { preloadVirtuoso, Virtuoso } from "../../components/LazyVirtuoso";
import { useTranslation } from "react-i18next";
import type { ChatLine } from "../../realtime/roomLog";
import type { RoomEvent } from "../../realtime/protocol";
import { ChatBadges } from "./ChatBadges";
import { formatTime } from "./format";
import { endedActions, isPresetEvent } from "../../components/ModPresets/presetEvents";
import type { Combo } from "../../components/GiftFx/giftLines";
import { useGiftFxT } from "../../i18n/giftfx";
import styles from "./ChatList.module.css";
import colors from "./PaidColors.module.css";

// The rarer parts of a line load on demand (issue 19, the room's initial JavaScript): an expert's
// badge, a plan link in a message (the plain text shows until then), a moderation preset's line and
// a prediction's line.
const ExpertBadge = lazy(async () => ({ default: (await import("../../features/experts/ExpertBadge")).ExpertBadge }));
const PlanLinkText = lazy(async () => ({ default: (await import("../../features/experts/PlanLinker")).PlanLinkText }));
const PresetLine = lazy(async () => ({ default: (await import("../../components/ModPresets/PresetLine")).PresetLine }));
const PredictionLine = lazy(async () => ({ default: (await import("./PredictionLine")).PredictionLine }));

export interface ChatListProps {
  lines: ChatLine[];
  /** Our own user id: our lines get no action button. */
  selfId?: string;
  /** Whether chat lines of others get an actions button (signed in or moderator). */
  actions: boolean;
  onActions(ev: RoomEvent): void;
  /** Opens the chatter card of a chat line's author (clicking the name); absent: names are text. */
  onName?(ev: RoomEvent): void;
  /** The room, and whether the reader moderates it (moderation presets' Undo). */
  room?: string;
  canModerate?: boolean;
  /** Gift combos by the seq of the line that shows them (components/GiftFx foldGiftCombos). */
  combos?: ReadonlyMap<number, Combo>;
}

/**
 * The room's chat, virtualised (only the visible lines are in the DOM). It follows new
 * lines while the reader is at the bottom; scrolled up, a button jumps back down.
 */
// The chat's list (react-virtuoso) is a lazy chunk: fetched as the room loads, shown when it arrives.
void preloadVirtuoso();

export function ChatList({ lines, selfId, actions, onActions, onName, room = "", canModerate = false, combos }: ChatListProps) {
  const { t } = useTranslation();
  const ref = useRef<VirtuosoHandle>(null);
  const [atBottom, setAtBottom] = useState(true);
  const ended = useMemo(() => endedActions(lines.flatMap((l) => (l.kind === "event" ? [l.ev] : []))), [lines]);
  const itemContent = useCallback(
    (_: number, l: ChatLine) =>
      l.kind === "event" && isPresetEvent(l.ev) ? (
        <Suspense fallback={null}>
          <PresetLine className={`${styles.chatLine} ${styles.chatLineSys} ${styles.chatLineMod}`} ev={l.ev} room={room} canUndo={canModerate} ended={!!l.ev.msg && ended.has(l.ev.msg)} />
        </Suspense>
      ) : (
        <Line line={l} actions={actions && l.kind === "event" && l.ev.uid !== selfId} onActions={onActions} onName={onName} combo={combos?.get(l.seq)} />
      ),
    [actions, selfId, onActions, onName, room, canModerate, ended, combos],
  );
  return (
    // A log: screen readers announce the lines that arrive (politely), not the whole list again.
    <div className={styles.chatList} role="log" aria-live="polite" aria-relevant="additions" aria-atomic="false" aria-label={t("live.chat")} data-testid="chat-list" data-count={lines.length}>
      {lines.length === 0 ? (
        <p className={styles.chatListEmpty}>{t("live.empty")}</p>
      ) : (
        <>
          <Virtuoso
            ref={ref}
            data={lines}
            followOutput={(bottom) => (bottom ? "auto" : false)}
            atBottomStateChange={setAtBottom}
            atBottomThreshold={24}
            initialTopMostItemIndex={lines.length - 1}
            increaseViewportBy={{ top: 120, bottom: 120 }}
            computeItemKey={(_, l) => (l.kind === "gap" ? l.key : `e${l.seq}`)}
            itemContent={itemContent}
          />
          {!atBottom && (
            <button
              type="button"
              className={styles.chatListJump}
              data-testid="chat-jump"
              onClick={() => ref.current?.scrollToIndex({ index: lines.length - 1, align: "end", behavior: "auto" })}
            >
              {t("live.newMessages")} ↓
            </button>
          )}
        </>
      )}
    </div>
  );
}

const Line = memo(function Line({
  line,
  actions,
  onActions,
  onName,
  combo,
}: {
  line: ChatLine;
  actions: boolean;
  onActions(ev: RoomEvent): void;
  onName?(ev: RoomEvent): void;
  combo?: Combo;
}) {
  const { t } = useTranslation();
  const { t: fx } = useGiftFxT();
  if (line.kind === "gap") return <div className={`${styles.chatLine} ${styles.chatLineGap}`} data-testid="chat-gap">{t("live.gap")}</div>;
  const ev = line.ev;
  const who = ev.name ?? ev.uid;
  switch (ev.k) {
    case "chat":
      return (
        <div className={styles.chatLine} data-testid="chat-line" data-seq={line.seq} data-id={ev.id} data-uid={ev.uid}>
          <ChatBadges ev={ev} />
          <span className={styles.chatLineLvl}>Lv{ev.lvl ?? 0}</span> {ev.badge === "expert" && ev.uid && (
            <Suspense fallback={null}>
              <ExpertBadge uid={ev.uid} />
            </Suspense>
          )}
          {actions && onName && ev.uid ? (
            <button type="button" className={`${styles.chatLineName} ${styles.chatLineNameButton}`} aria-haspopup="dialog" data-testid="chat-name" onClick={() => onName(ev)}>
              <bdi>{who}</bdi>
            </button>
          ) : (
            <bdi className={styles.chatLineName}>{who}</bdi>
          )}{" "}
          <bdi>
            <Suspense fallback={ev.text ?? ""}>
              <PlanLinkText text={ev.text ?? ""} />
            </Suspense>
          </bdi>
          {actions && (
            <button
              type="button"
              className={styles.chatLineMore}
              aria-haspopup="dialog" data-testid="msg-actions"
              aria-label={t("live.menu.open")}
              title={t("live.menu.open")}
              onClick={() => onActions(ev)}
            >
              ⋯
            </button>
          )}
        </div>
      );
    case "gift":
      return (
        <div className={`${styles.chatLine} ${styles.chatLineGift}`} data-testid="gift-line" data-seq={line.seq} data-combo={combo?.n ?? 1}>
          <span className={styles.chatLineGiftIcon} aria-hidden="true">✦</span> <bdi className={styles.chatLineName}>{who}</bdi>{" "}
          {t("live.event.gift", { gift: ev.text || ev.gift || "", count: ev.count ?? 1 })}
          {combo && (
            <strong className={styles.chatLineCombo} key={combo.n} data-testid="gift-line-combo">
              {" "}
              {fx("combo", { n: combo.n })}
            </strong>
          )}
        </div>
      );
    case "paid":
      // A paid message (issue 25 §4) in its tier's colour (PaidColors.module.css).
      return (
        <div className={`${styles.chatLine} ${styles.chatLinePaid} ${colors[`paid-color--${ev.color ?? "blue"}`]}`} data-testid="paid-line" data-seq={line.seq} data-id={ev.id} data-pin={ev.pin}>
          <span className={styles.chatLineCoins}>{ev.coins}</span> <bdi className={styles.chatLineName}>{who}</bdi>{" "}
          <bdi>{ev.text}</bdi>
          {actions && (
            <button type="button" className={styles.chatLineMore} aria-haspopup="dialog" data-testid="msg-actions" aria-label={t("live.menu.open")} title={t("live.menu.open")} onClick={() => onActions(ev)}>
              ⋯
            </button>
          )}
        </div>
      );
    case "sys":
      if (ev.key?.startsWith("prediction."))
        return (
          <Suspense fallback={null}>
            <PredictionLine className={`${styles.chatLine} ${styles.chatLineSys}`} ev={ev} seq={line.seq} />
          </Suspense>
        );
      return <div className={`${styles.chatLine} ${styles.chatLineSys}`} data-testid="sys-line" data-seq={line.seq}>{ev.text}</div>;
    default: {
      const text = systemText(t, line);
      return text ? <div className={`${styles.chatLine} ${styles.chatLineSys} ${styles.chatLineMod}`} data-testid="sys-line" data-kind={ev.k} data-seq={line.seq}>{text}</div> : null;
    }
  }
});

type T = ReturnType<typeof useTranslation>["t"];

/** The text of a moderation or room-state event (kinds mute, unmute, mod, unmod, slow, open, close). */
export function systemText(t: T, line: Extract<ChatLine, { kind: "event" }>): string | null {
  const ev = line.ev;
  const name = line.names?.target ?? ev.name ?? ev.uid ?? "";
  switch (ev.k) {
    case "mute":
      return t("live.event.mute", { name, time: formatTime(ev.until ?? ev.ts) });
    case "unmute":
      return t("live.event.unmute", { name });
    case "mod":
      return t("live.event.mod", { name });
    case "unmod":
      return t("live.event.unmod", { name });
    case "slow":
      return ev.secs ? t("live.event.slowOn", { s: ev.secs }) : t("live.event.slowOff");
    case "open":
      return t("live.event.open");
    case "close":
      return t("live.event.close");
    default:
      return null;
  }
}

