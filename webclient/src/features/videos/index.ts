export { HomeVideos } from "./HomeVideos";
export { MatchRecordings } from "./MatchRecordings";
