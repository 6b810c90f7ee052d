// /live/:id — the live room. It declares the room it wants (roomWantsAtom) and reads the
// room's atom; the RealtimeBridge does all socket work. Chat (virtualised), connection
// state, moderation (menu on a message, muted users, slow mode, open/close), gifts and
// theatre mode. The room's card (GET /live/room) feeds the head and, under the panels, the
// about section (offline teaser, intro, pictures).
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useParams } from "react-router";
import { useAtom, useAtomValue, useSetAtom } from "../../state/hooks";
import { useTranslation } from "react-i18next";
import { danmuAtom, roomAtom, roomWantsAtom, theatreModeAtom, wsUserAtom, type RoomView } from "../../state/realtime";
import { tokenAtom } from "../../state/session";
import type { RoomEvent } from "../../realtime/protocol";
import { ChatList } from "./ChatList";
import { ChatInput } from "./ChatInput";
import { RoomHead, useRoomCard } from "./RoomHead";
import type { ChatLine } from "../../realtime/roomLog";
import { foldGiftCombos } from "../../components/GiftFx/giftLines";
import { useFirstFreshGift } from "../../components/GiftFx/firstGift";
import styles from "./LiveRoom.module.css";

// The player is its own chunk, fetched as soon as this page's code runs (not after the first render):
// it keeps the live room's initial JavaScript within the 150 KB budget of issue 19
// (e2e/bundle-budget.test.mjs) while the video starts as early as before.
const playerModule = import("../../components/Player");
const Player = lazy(async () => ({ default: (await playerModule).Player }));

// The first render of a room is the player frame, the title and the chat (issue 19: its initial
// JavaScript has a budget, e2e/bundle-budget.test.mjs). Everything else loads on demand: the panels
// under the player and the connection's state right after the first render, the popups when first opened, the moderator
// tools for moderators only, danmu when switched on, the gift effects when the first gift arrives.
const ConnectionBar = lazy(async () => ({ default: (await import("./ConnectionBar")).ConnectionBar }));
const MessageMenu = lazy(async () => ({ default: (await import("./MessageMenu")).MessageMenu }));
const ChatterCard = lazy(async () => ({ default: (await import("./ChatterCard")).ChatterCard }));
const ModTools = lazy(async () => ({ default: (await import("./ModTools")).ModTools }));
const PaidComposer = lazy(async () => ({ default: (await import("./PaidComposer")).PaidComposer }));
const RoomPanels = lazy(() => import("./RoomPanels"));
const Danmu = lazy(async () => ({ default: (await import("./Danmu")).Danmu }));
const GiftOverlay = lazy(async () => ({ default: (await import("../../components/GiftFx/GiftOverlay")).RoomGiftOverlay }));
const RoomPins = lazy(async () => ({ default: (await import("./PinnedBar")).RoomPins }));
const PlanLinker = lazy(async () => ({ default: (await import("../../features/experts/PlanLinker")).PlanLinker }));

/** Whether a line is a prediction's pool update, which changes its widget and shows nothing in chat. */
export const isPoolUpdate = (l: ChatLine) => l.kind === "event" && l.ev.k === "sys" && l.ev.key === "prediction.update";

/** Registers interest in a room for as long as the calling component is mounted. */
function useRoom(id: string) {
  const setWants = useSetAtom(roomWantsAtom);
  useEffect(() => {
    setWants((w) => ({ ...w, [id]: (w[id] ?? 0) + 1 }));
    return () =>
      setWants((w) => {
        const n = (w[id] ?? 1) - 1;
        const next = { ...w };
        if (n > 0) next[id] = n;
        else delete next[id];
        return next;
      });
  }, [id, setWants]);
  return useAtomValue(roomAtom(id));
}

/** What the signed-in user may do here. */
export function roomPowers(view: RoomView, user: { guest: boolean; roles?: string[] } | null, hasToken: boolean) {
  const admin = !!user?.roles?.includes("admin");
  const signedIn = user ? !user.guest : hasToken;
  return {
    signedIn,
    canModerate: signedIn && (admin || view.you.mod || view.you.streamer),
    canOpenClose: signedIn && (admin || view.you.streamer),
  };
}

export default function LiveRoom() {
  const { id = "" } = useParams();
  const { t } = useTranslation();
  const room = useRoom(id);
  const card = useRoomCard(id);
  const user = useAtomValue(wsUserAtom);
  const token = useAtomValue(tokenAtom);
  const [theatre, setTheatre] = useAtom(theatreModeAtom);
  const [danmu, setDanmu] = useAtom(danmuAtom);
  const [menuFor, setMenuFor] = useState<RoomEvent | null>(null);
  const { signedIn, canModerate, canOpenClose } = roomPowers(room, user, !!token);
  const [cardFor, setCardFor] = useState<RoomEvent | null>(null);
  const onActions = useCallback((ev: RoomEvent) => (setCardFor(null), setMenuFor(ev)), []);
  const onName = useCallback((ev: RoomEvent) => (setMenuFor(null), setCardFor(ev)), []);
  // The ranking reloads when a gift or a paid message arrives (the seq of the newest such line) or
  // a paid message is removed (it may have been refunded): either changes the number.
  const lastGift = useMemo(() => {
    const lines = room.log.lines;
    const unpinned = room.log.deleted.filter((d) => d.startsWith("pin:")).length;
    for (let i = lines.length - 1; i >= 0; i--) {
      const l = lines[i]!;
      if (l.kind === "event" && (l.ev.k === "gift" || l.ev.k === "paid")) return l.seq * 1000 + (unpinned % 1000);
    }
    return unpinned % 1000;
  }, [room.log.lines, room.log.deleted]);

  // Esc leaves theatre mode (it covers the site's header and navigation).
  useEffect(() => {
    if (!theatre) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setTheatre(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [theatre, setTheatre]);

  // Pool updates of a prediction change its widget only; they are no chat line.
  const chatLines = useMemo(() => room.log.lines.filter((l) => !isPoolUpdate(l)), [room.log.lines]);
  // Repeats of a gift by the same sender count up on one line (x2, x3 ...).
  const folded = useMemo(() => foldGiftCombos(chatLines), [chatLines]);
  // The gift effects mount with the first gift sent after joining; history gifts stay silent.
  const firstGift = useFirstFreshGift(room.log.lines, room.joined);

  // A deleted message takes its open menu with it.
  const menuEv = menuFor && room.log.lines.some((l) => l.kind === "event" && l.ev.id === menuFor.id) ? menuFor : null;
  const cardEv = cardFor && room.log.lines.some((l) => l.kind === "event" && l.ev.id === cardFor.id) ? cardFor : null;

  return (
    <section className={`${styles.liveRoom}${theatre ? ` ${styles.liveRoomTheatre}` : ""}`} data-testid="live-room" data-theatre={theatre}>
      <div className={styles.liveRoomStage}>
        <RoomHead id={id} card={card} presence={room.presence}>
          <span className={styles.liveRoomTools}>
          <button type="button" className={styles.liveRoomToggle} data-testid="danmu-toggle" aria-pressed={danmu} onClick={() => setDanmu((v) => !v)}>
            {t("live.danmu")}
          </button>
          <button type="button" className={styles.liveRoomToggle} data-testid="theatre-toggle" aria-pressed={theatre} onClick={() => setTheatre((v) => !v)}>
            {theatre ? t("live.theatre.exit") : t("live.theatre.enter")}
          </button>
          </span>
        </RoomHead>
        <div className={styles.liveRoomPlayer} data-testid="player" aria-label={t("live.player")}>
          <Suspense fallback={null}>
            <Player roomId={id} theatreToggle={false} viewers={room.presence} />
          </Suspense>
          {danmu && (
            <Suspense fallback={null}>
              <Danmu lines={chatLines} joined={room.joined} />
            </Suspense>
          )}
          {firstGift && (
            <Suspense fallback={null}>
              <GiftOverlay lines={room.log.lines} joined={room.joined} since={firstGift.since} />
            </Suspense>
          )}
        </div>
        {!theatre && (
          <div className={styles.liveRoomPanels}>
            <Suspense fallback={null}>
              <RoomPanels room={id} view={room} lines={room.log.lines} signedIn={signedIn} canRun={canModerate} rankingVersion={lastGift} card={card.value} />
            </Suspense>
          </div>
        )}
      </div>
      <aside className={styles.liveRoomChat} aria-label={t("live.chat")}>
        <div className={styles.liveRoomChatHead}>
          <h2>{t("live.chat")}</h2>
          <span className={styles.liveRoomPresence} data-testid="presence" data-count={room.presence}>
            {t("live.viewers", { count: room.presence })}
          </span>
        </div>
        {/* The bar's height is kept while its chunk arrives: the chat lines under it stay put. */}
        <Suspense fallback={<div className={styles.liveRoomConnWait} aria-hidden="true" />}>
          <ConnectionBar />
        </Suspense>
        {canModerate && room.joined && (
          <Suspense fallback={null}>
            <ModTools room={id} view={room} canOpenClose={canOpenClose} />
          </Suspense>
        )}
        {room.joinError ? (
          <p className={styles.liveRoomRefused} role="alert" data-testid="room-error">
            {room.joinError}
          </p>
        ) : (
          <div className={styles.liveRoomLines}>
            <Suspense fallback={null}>
              <RoomPins room={id} log={room.log} canModerate={canModerate} />
            </Suspense>
            <ChatList lines={folded.lines} combos={folded.combos} selfId={user?.id} actions={signedIn} onActions={onActions} onName={onName} room={id} canModerate={canModerate} />
            <Suspense fallback={null}>
              {menuEv && <MessageMenu key={menuEv.id} room={id} ev={menuEv} canModerate={canModerate} signedIn={signedIn} onClose={() => setMenuFor(null)} />}
              {cardEv && <ChatterCard key={cardEv.id} room={id} ev={cardEv} onClose={() => setCardFor(null)} onReport={onActions} />}
            </Suspense>
          </div>
        )}
        <Suspense fallback={null}>
          <PaidComposer room={id} signedIn={signedIn} />
        </Suspense>
        <ChatInput room={id} view={room} signedIn={signedIn} />
        {signedIn && user?.id && user.roles?.includes("expert") && (
          <Suspense fallback={null}>
            <PlanLinker room={id} expertId={user.id} />
          </Suspense>
        )}
      </aside>
    </section>
  );
}
