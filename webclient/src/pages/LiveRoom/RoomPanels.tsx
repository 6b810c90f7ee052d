// The panels under a live room's player: the prediction, the gifts, the gift ranking and the room's
// about section (teaser, intro, pictures). One module that LiveRoom.tsx loads on demand, right after
// the room's first render (issue 19).
import { PredictionsPanel } from "./Predictions";
import { GiftPanel } from "./GiftPanel";
import { GiftLeaderboard } from "../../components/GiftLeaderboard/GiftLeaderboard";
import type { ChatLine } from "../../realtime/roomLog";
import type { RoomView } from "../../state/realtime";
import type { RoomCard } from "../../api/live";
import { RoomAbout } from "./RoomAbout";
import styles from "./LiveRoom.module.css";

export default function RoomPanels({ room, view, lines, signedIn, canRun, rankingVersion, card }: {
  room: string;
  view: RoomView;
  lines: ChatLine[];
  signedIn: boolean;
  /** May open, lock, resolve and cancel predictions (streamer, moderator, administrator). */
  canRun: boolean;
  /** Changes when the gift ranking must reload. */
  rankingVersion: number;
  /** The room's card (null until it arrives): its about section comes last. */
  card: RoomCard | null;
}) {
  return (
    <>
      <PredictionsPanel room={room} lines={lines} signedIn={signedIn} canRun={canRun} />
      <GiftPanel room={room} view={view} signedIn={signedIn} />
      <div className={styles.liveRoomRanking}>
        <GiftLeaderboard room={room} version={rankingVersion} />
      </div>
      {card && <RoomAbout card={card} />}
    </>
  );
}
