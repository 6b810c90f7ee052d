// The live room's identity (issue 17): the streamer's avatar and name, follow with the follower
// count, the live viewers, the title, the game, and the linked match's scoreboard inline, updated by
// the match's topic (useLiveMatch). No internal id is shown.
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { liveApi, streamerName, type LiveCard } from "../../api/live";

// Past the title and the streamer's name, the head loads on demand (the avatar too) (issue 19: the room's first
// render is the player, the title and the chat): followers and Follow, the game, tag and
// multi-view line, the reserved broadcast and the match's score (RoomDetails.tsx).
const Avatar = lazy(async () => ({ default: (await import("../../components/Avatar")).Avatar }));
const details = () => import("./RoomDetails");
const RoomFollow = lazy(async () => ({ default: (await details()).RoomFollow }));
const RoomMeta = lazy(async () => ({ default: (await details()).RoomMeta }));
const RoomExtras = lazy(async () => ({ default: (await details()).RoomExtras }));

/** How often the head reloads (title, link and followers change from the streamer centre). */
const HEAD_REFRESH_MS = 60_000;

function useRoomCard(id: string) {
  const [card, setCard] = useState<LiveCard | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    setCard(null);
    setMissing(false);
    const load = () =>
      liveApi.room(id, { signal: ctrl.signal }).then(
        (c) => !ctrl.signal.aborted && setCard(c),
        () => !ctrl.signal.aborted && setMissing(true),
      );
    void load();
    const t = setInterval(() => void load(), HEAD_REFRESH_MS);
    return () => {
      ctrl.abort();
      clearInterval(t);
    };
  }, [id]);
  return { card, setCard, missing };
}

export function RoomHead({ id, presence, children }: { id: string; presence: number; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const { card, setCard, missing } = useRoomCard(id);

  if (!card) {
    return (
      <div className="room-head" data-testid="room-head" aria-busy={!missing}>
        <div className="room-head__main">
          <h1 className="live-room__title">{missing ? t("live.room.untitled") : "\u00a0"}</h1>
        </div>
        {children}
      </div>
    );
  }
  const name = streamerName(card, t("discover.streamer"));
  return (
    <div className="room-head" data-testid="room-head">
      <Suspense fallback={<span className="room-head__avatar-slot" aria-hidden="true" />}>
        <Avatar src={card.avatar || undefined} name={name} size={52} testId="room-avatar" />
      </Suspense>
      <div className="room-head__main">
        <h1 className="live-room__title" data-testid="room-title">
          {card.title || t("live.room.untitled")}
        </h1>
        <div className="room-head__line">
          <span className="room-head__name" data-testid="room-streamer">{name}</span>
          <Suspense fallback={null}>
            <RoomFollow card={card} onFollowers={(n) => setCard((c) => (c ? { ...c, followers: n } : c))} />
          </Suspense>
        </div>
        <Suspense fallback={<div className="room-head__line room-head__line--meta" />}>
          <RoomMeta card={card} presence={presence} />
        </Suspense>
      </div>
      {children}
      <Suspense fallback={null}>
        <RoomExtras card={card} />
      </Suspense>
    </div>
  );
}
