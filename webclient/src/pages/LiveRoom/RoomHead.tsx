// The live room's identity (issue 17): the streamer's avatar and name (a link to their streamer
// page), follow with the follower count, the live viewers, the title, the game, and the linked
// match's scoreboard inline, updated by the match's topic (useLiveMatch). No internal id is shown.
// The room's card is read once by LiveRoom (useRoomCard) for the head and the about section.
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { liveApi, streamerName, streamerPath, type RoomCard } from "../../api/live";
import { useResource, type Resource } from "../../data";
import { shellTitle } from "../../components/appShell";
import styles from "./LiveRoom.module.css";

// Past the title and the streamer's name, the head loads on demand (the avatar too) (issue 19: the room's first
// render is the player, the title and the chat): followers and Follow, the game, tag and
// multi-view line, the reserved broadcast and the match's score (RoomDetails.tsx).
const Avatar = lazy(async () => ({ default: (await import("../../components/Avatar")).Avatar }));
const details = () => import("./RoomDetails");
const RoomFollow = lazy(async () => ({ default: (await details()).RoomFollow }));
const RoomMeta = lazy(async () => ({ default: (await details()).RoomMeta }));
const RoomTeaser = lazy(async () => ({ default: (await details()).RoomTeaser }));
const RoomScore = lazy(async () => ({ default: (await details()).RoomScore }));

/** How often the head reloads (title, link and followers change from the streamer centre). */
const HEAD_REFRESH_MS = 60_000;

/** The room's card, refreshed every minute: the head reads it, and the about section under the panels. */
export function useRoomCard(id: string): Resource<RoomCard> {
  return useResource(`room-head:${id}`, (signal) => liveApi.room(id, { signal }), { refreshMs: HEAD_REFRESH_MS });
}

export function RoomHead({ id, card: room, presence, children }: { id: string; card: Resource<RoomCard>; presence: number; children?: React.ReactNode }) {
  const { t } = useTranslation();
  // A failed first read shows "untitled"; a failed refresh keeps the head on screen.
  const card = room.value;
  const missing = room.status === "error";

  // Issue 19 (layout shift at phone width): one tree, loading or not, and every box of the head has its
  // final size from the first paint, whatever the card then holds: the avatar's square, the title's
  // lines (clamped, the whole title in its tooltip), the name and meta lines (one line each, cut with an
  // ellipsis) and the score's band (reserved even before the card says whether the room streams a
  // match: a band that closed on arrival would move the player and the chat as much as one that opened).
  const name = card ? streamerName(card, t("discover.streamer")) : "";
  // While the card loads, the title the first HTML's shell showed (the server's, api/siteshell.go).
  const title = card?.title || (card || missing ? t("live.room.untitled") : (shellTitle(`/live/${id}`) ?? "\u00a0"));
  const metaWait = <div className={`${styles.roomHeadLine} ${styles.roomHeadLineMeta}`}>{"\u00a0"}</div>;
  return (
    <div className={styles.roomHeadBox}>
      <div className={styles.roomHead} data-testid="room-head" aria-busy={!card && !missing}>
        <span className={styles.roomHeadAvatar}>
          {card && (
            <Suspense fallback={null}>
              <Avatar src={card.avatar || undefined} name={name} size={52} testId="room-avatar" />
            </Suspense>
          )}
        </span>
        <div className={styles.roomHeadMain}>
          <h1 className={styles.liveRoomTitle} data-testid={card ? "room-title" : undefined} title={card ? title : undefined}>
            {title}
          </h1>
          <div className={styles.roomHeadLine}>
            {card ? (
              <>
                <Link className={styles.roomHeadName} to={streamerPath(card)} data-testid="room-streamer">
                  {name}
                </Link>
                <Suspense fallback={null}>
                  <RoomFollow card={card} onFollowers={(n) => room.set((c) => ({ ...c!, followers: n }))} />
                </Suspense>
              </>
            ) : (
              "\u00a0"
            )}
          </div>
          {card ? (
            <Suspense fallback={metaWait}>
              <RoomMeta card={card} presence={presence} />
            </Suspense>
          ) : (
            metaWait
          )}
        </div>
        {children}
        {card && !card.live && (
          <Suspense fallback={null}>
            <RoomTeaser card={card} />
          </Suspense>
        )}
        <div className={styles.roomHeadScoreRow}>
          {card?.match && (
            <Suspense fallback={null}>
              <RoomScore card={card} />
            </Suspense>
          )}
        </div>
      </div>
    </div>
  );
}
