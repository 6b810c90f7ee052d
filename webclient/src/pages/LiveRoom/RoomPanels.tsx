// The panels under a live room's player: the prediction, the gifts and the gift ranking. One module
// that LiveRoom.tsx loads on demand, right after the room's first render (issue 19).
import { PredictionsPanel } from "./Predictions";
import { GiftPanel } from "./GiftPanel";
import { GiftLeaderboard } from "../../components/GiftLeaderboard/GiftLeaderboard";
import type { ChatLine } from "../../realtime/roomLog";
import type { RoomView } from "../../state/realtime";
import styles from "./LiveRoom.module.css";

export default function RoomPanels({ room, view, lines, signedIn, canRun, rankingVersion }: {
  room: string;
  view: RoomView;
  lines: ChatLine[];
  signedIn: boolean;
  /** May open, lock, resolve and cancel predictions (streamer, moderator, administrator). */
  canRun: boolean;
  /** Changes when the gift ranking must reload. */
  rankingVersion: number;
}) {
  return (
    <>
      <PredictionsPanel room={room} lines={lines} signedIn={signedIn} canRun={canRun} />
      <GiftPanel room={room} view={view} signedIn={signedIn} />
      <div className={styles.liveRoomRanking}>
        <GiftLeaderboard room={room} version={rankingVersion} />
      </div>
    </>
  );
}
