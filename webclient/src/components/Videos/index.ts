export { HlsVideo, canPlayHls, renditionUrl } from "./HlsVideo";
export { VideoCard, videoPath } from "./VideoCard";
export { formatDate, formatDuration, localeTag } from "./format";
