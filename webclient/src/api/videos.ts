// Videos and recordings (issue 22; api/videos/README.md is the contract). Paths and payloads only:
// the call contract itself lives in client.ts.
import { api, type RequestOptions } from "./client";

export type VideoKind = "highlight" | "replay" | "clip" | "recording";
export type VideoState = "uploading" | "processing" | "ready" | "failed" | "hidden" | "deleted";

export const VIDEO_KINDS: readonly VideoKind[] = ["highlight", "replay", "clip", "recording"];

export interface Video {
  id: number;
  kind: VideoKind;
  title: string;
  gameId: number;
  /** The game's catalogue abbreviation ("soccer"), the page URL's segment. */
  game: string;
  matchId?: string;
  roomId?: string;
  state: VideoState;
  durationSec: number;
  renditions: string[];
  poster?: string;
  /** The HLS master playlist. */
  playlist?: string;
  views: number;
  createdAt: number;
}

export interface VideoPage {
  list: Video[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

export interface VideoDetail {
  video: Video;
  related: Video[];
}

/** A broadcast of /liveRecord with its recording. */
export interface LiveSessionRecord {
  id: number;
  title: string;
  matchId: string;
  startedAt: number;
  endedAt: number;
  durationSec: number;
  peakViewers: number;
  video?: { id: number; state: VideoState; game: string; durationSec: number; poster?: string; playlist?: string };
}

export interface StaffVideo extends Video {
  jobState?: "queued" | "running" | "done" | "failed";
  progress: number;
  attempts?: number;
  error?: string;
}

export interface StaffVideoPage extends VideoPage {
  list: StaffVideo[];
  transcoder: boolean;
}

export interface VideoInput {
  title: string;
  kind: VideoKind;
  gameId: number;
  matchId: string;
}

export interface ListQuery {
  game?: string;
  kind?: VideoKind | "";
  matchId?: string;
  pageIndex?: number;
  pageSize?: number;
}

/** Bytes of one upload part: under the API's 1 MiB body limit. */
export const CHUNK_BYTES = 768 * 1024;

/** One chat line (or gift) of a recording's replay, offsetMs after the recording's start. */
export interface ReplayLine {
  seq: number;
  offsetMs: number;
  kind: "chat" | "gift";
  id: string;
  uid: string;
  name: string;
  lvl?: number;
  text?: string;
  gift?: string;
  count?: number;
  badge?: string;
}

/** A window of a replay's chat; nextMs is where the rest starts when the window was cut (-1: whole). */
export interface ReplayChat {
  videoId: number;
  fromMs: number;
  toMs: number;
  lines: ReplayLine[];
  nextMs: number;
}

export type TimelineCategory = "goal" | "card" | "kill" | "objective" | "mapEnd" | "other";

/** A match event during a recording. */
export interface TimelineEvent {
  seq: number;
  type: string;
  category: TimelineCategory;
  team: number;
  teamName?: string;
  name?: string;
  minute?: string;
  offsetMs: number;
  /** Where the player jumps: a few seconds before the event. */
  seekMs: number;
  highlightId?: number;
}

export interface ReplayTimeline {
  videoId: number;
  matchId?: string;
  startedAt: number;
  durationSec: number;
  events: TimelineEvent[];
  highlights: Video[];
}

export const videosApi = {
  hot: (q: { kind?: VideoKind | ""; pageSize?: number } = {}, signal?: AbortSignal) =>
    api.get<VideoPage>("/hot/video/1", { query: { kind: q.kind || undefined, pageSize: q.pageSize }, signal }),
  list: (q: ListQuery, signal?: AbortSignal) =>
    api.get<VideoPage>("/videos/list", { query: { ...q, kind: q.kind || undefined, game: q.game || undefined }, signal }),
  /** A video of a game (GET /{game}/video{id}); without a game, /videos/detail/{id}. */
  detail: (id: string, game?: string, signal?: AbortSignal) =>
    api.get<VideoDetail>(game ? `/${encodeURIComponent(game)}/video${encodeURIComponent(id)}` : `/videos/detail/${encodeURIComponent(id)}`, { signal, toast: false }),
  /** A match's broadcasts that have a ready recording (the match page's playback tab). */
  matchRecordings: (matchId: string, signal?: AbortSignal) =>
    api.get<{ list: LiveSessionRecord[] }>("/liveRecord", { query: { matchId, pageSize: 50 }, signal }),
  /** The signed-in streamer's own broadcasts with their recordings. */
  myRecords: (pageIndex = 1, opts?: RequestOptions) =>
    api.get<{ list: LiveSessionRecord[] }>("/liveRecord", { ...opts, query: { pageIndex, pageSize: 20 } }),
  setRecordingState: (id: number, state: "hidden" | "ready" | "deleted") => api.post<Video>("/videos/recording/state", { id, state }),
  /** A recording's chat lines sent between fromMs and toMs after its start (issue 25 §2). */
  replayChat: (id: number, fromMs: number, toMs: number, signal?: AbortSignal) =>
    api.get<ReplayChat>(`/videos/replay/${id}/chat`, { query: { from: fromMs, to: toMs }, signal, toast: false }),
  /** The match's events during a recording, with their offsets, and its highlight clips. */
  replayTimeline: (id: number, signal?: AbortSignal) => api.get<ReplayTimeline>(`/videos/replay/${id}/timeline`, { signal, toast: false }),

  // The back office (editContent).
  staffList: (pageIndex = 1, signal?: AbortSignal) => api.get<StaffVideoPage>("/admin/videos", { query: { pageIndex, pageSize: 20 }, signal }),
  staffOne: (id: number) => api.get<StaffVideo>(`/admin/videos/${id}`, { toast: false }),
  startUpload: (v: VideoInput) => api.post<{ id: number; maxBytes: number }>("/admin/videos/upload", v),
  chunk: (id: number, offset: number, part: Blob) => api.post<{ received: number }>(`/admin/videos/${id}/chunk`, part, { query: { offset } }),
  complete: (id: number) => api.post<StaffVideo>(`/admin/videos/${id}/complete`, {}),
  edit: (id: number, v: VideoInput) => api.post<Video>(`/admin/videos/${id}`, v),
  setState: (id: number, state: "hidden" | "ready" | "deleted") => api.post<Video>(`/admin/videos/${id}/state`, { state }),
};

/** Sends file in parts, calling progress with the fraction sent; resolves with the video's id. */
export async function uploadVideo(v: VideoInput, file: Blob, progress: (fraction: number) => void): Promise<number> {
  const { id } = await videosApi.startUpload(v);
  let offset = 0;
  while (offset < file.size) {
    const part = file.slice(offset, offset + CHUNK_BYTES);
    const { received } = await videosApi.chunk(id, offset, part);
    offset = received;
    progress(file.size ? offset / file.size : 1);
  }
  await videosApi.complete(id);
  return id;
}
