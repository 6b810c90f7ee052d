// The live player, for the live room and the streamer page: <Player roomId="..." />.
export { Player, type PlayerProps } from "./Player";
export type { PlayerStatus } from "./playerState";
