// Streamer calls (issue 9: streamer centre, applications, anchor list, live playback). Paths and
// field names follow api/anchor/README.md and engine/media/README.md (the backend's contract).
import { api, type RequestOptions } from "./client";

// Paths and field names follow api/anchor/README.md and engine/media/README.md (the backend's
// contract). Upload ids are numbers; the URLs the server gives are paths under /java.

/** Application state of the signed-in user (spec §3, §4). */
export type AnchorStatus = "none" | "review" | "approved" | "rejected" | "banned";

export interface AnchorWhether {
  isAnchor: boolean;
  status: AnchorStatus;
  roomId?: string;
}

/** GET /anchor/status: the caller's application, ID number and phone masked. */
export interface AnchorApplicationStatus {
  status: AnchorStatus;
  reason: string;
  realName: string;
  idNumber: string;
  phone: string;
  intro: string;
  liveContent: string;
  submittedAt: number;
  reviewedAt: number;
  roomId: string;
}

/** Image kinds of POST /anchor/upload; `detail` must be 1:1. */
export type AnchorUploadKind = "idFront" | "idBack" | "idHand" | "cover" | "detail";

export interface AnchorUpload {
  id: number;
  url: string;
  width: number;
  height: number;
}

/** POST /V2/anchor/user. birthDate (YYYY-MM-DD) only for documents other than an 18-digit resident ID. */
export interface AnchorApplication {
  realName: string;
  idNumber: string;
  birthDate?: string;
  intro: string;
  liveContent: string;
  idFront: number;
  idBack: number;
  idHand: number;
}

/** Live settings (spec §5): POST /updateAnchor takes them, GET /anchor/liveInfo returns them. */
export interface AnchorSettings {
  title: string;
  /** Upload id of kind cover, 0 for none. */
  cover: number;
  coverUrl?: string;
  paid: boolean;
  /** Coins to unlock a paid room (1-100000). */
  price: number;
  memberOnly: boolean;
  externalComments: boolean;
  teaser: string;
  detailIntro: string;
  /** Upload ids of kind detail, at most 3. */
  detailPics: number[];
  detailPicUrls?: string[];
  /** External source (http(s) .m3u8), optional. */
  m3u8: string;
}

/** The push-stream guide for OBS: Settings -> Stream -> Custom. */
export interface ObsGuide {
  server: string;
  /** Only filled right after a rotation: the server stores the key's hash. */
  streamKey: string;
  keyframeIntervalSec: number;
  videoCodec: string;
  audioCodec: string;
}

export interface AnchorLiveInfo {
  roomId: string;
  settings: AnchorSettings;
  matchId: string;
  gameId: number;
  customTag: string;
  guide: ObsGuide;
  hasStreamKey: boolean;
  keyRotatedAt: number;
  /** Live started in the centre: the key opens the ingest. */
  broadcasting: boolean;
  /** A stream is up. */
  live: boolean;
  stalled: boolean;
  viewers: number;
  status: AnchorStatus;
}

export interface AnchorBroadcastState {
  roomId: string;
  broadcasting: boolean;
  live: boolean;
  stalled: boolean;
  viewers: number;
}

export type EarningDays = 7 | 14 | 30;

export interface AnchorGoldLine {
  amount: number;
  currency: "coin" | "diamond" | string;
  gift: string;
  quantity: number;
  /** Unix ms. */
  time: number;
  fromUser: string;
}

export interface AnchorGoldDetail {
  days: number;
  total: number;
  list: AnchorGoldLine[];
}

export interface AnchorDayTotal {
  /** YYYY-MM-DD, UTC. */
  date: string;
  coins: number;
  diamonds: number;
}

export interface AnchorGoldTotal {
  days: number;
  coins: number;
  diamonds: number;
  gifts: number;
  daily: AnchorDayTotal[];
}

export interface AnchorListEntry {
  /** "u<id>". */
  anchorId: string;
  name: string;
  roomId: string;
  title: string;
  coverUrl: string;
  matchId: string;
  customTag: string;
  live: boolean;
  liveSince: number;
  viewers: number;
  /** The streamer's avatar URL ("" for none) and followers (issue 17). */
  avatar?: string;
  followers?: number;
  gameId?: number;
}

export interface AnchorPageInfo extends AnchorListEntry {
  teaser: string;
  detailIntro: string;
  detailPicUrls: string[];
  memberOnly: boolean;
  paid: boolean;
  price: number;
  externalComments: boolean;
  hasExternal: boolean;
  stalled: boolean;
  banned: boolean;
}

/** Kinds of playback source: pro = HTTP-FLV (SVIP), hls = the standard stream, external = an m3u8 address. */
export type PlaybackKind = "pro" | "hls" | "external";

export interface PlaybackSource {
  kind: PlaybackKind;
  /** Signed and expiring (pro, hls); a path on this origin or an absolute URL (external). */
  url: string;
  /** Unix ms; ask again before it. */
  expiresAt?: number;
}

/** GET /live/playback. */
export interface Playback {
  room: string;
  live: boolean;
  stalled: boolean;
  viewers: number;
  sources: PlaybackSource[];
  /** A Pro stream exists but needs SVIP. */
  proLocked: boolean;
  trial: boolean;
  trialEndsAt?: number;
}

/** errorCodes of api/anchor (2101-2112). */
export const AnchorErrorCode = {
  NotStreamer: 2101,
  State: 2102,
  Banned: 2103,
  Field: 2104,
  Underage: 2105,
  PhoneNotBound: 2106,
  Setting: 2107,
  MatchWindow: 2108,
  Upload: 2109,
  PlaybackRefused: 2110,
  NotLive: 2111,
  RoomIsFree: 2112,
} as const;

const anchorInline: Pick<RequestOptions, "toast"> = { toast: false };

export const anchorApi = {
  whether: (opts?: RequestOptions) => api.get<AnchorWhether>("/anchor/whether", opts),
  status: () => api.get<AnchorApplicationStatus>("/anchor/status", anchorInline),
  upload: (kind: AnchorUploadKind, file: Blob, fileName: string) => {
    const form = new FormData();
    form.append("file", file, fileName);
    return api.request<AnchorUpload>("POST", "/anchor/upload", { query: { kind }, body: form, toast: false });
  },
  apply: (p: AnchorApplication) => api.post<AnchorWhether>("/V2/anchor/user", p, anchorInline),
  liveInfo: (opts?: RequestOptions) => api.get<AnchorLiveInfo>("/anchor/liveInfo", opts),
  updateSettings: (s: AnchorSettings) => api.post<AnchorSettings>("/updateAnchor", s, anchorInline),
  /** Link a match (in progress or starting within 1 h) or a custom tag; both empty clears. */
  linkMatch: (p: { matchId?: string; customTag?: string }) =>
    api.post<{ matchId: string; gameId: number; customTag: string }>("/anchor/toggleMatchId", p, anchorInline),
  /** A new stream key, shown once; the old one stops working. */
  rotateKey: () => api.post<ObsGuide>("/anchor/streamKey", {}, anchorInline),
  startLive: () => api.get<{ roomId: string; guide: ObsGuide; hasStreamKey: boolean }>("/anchor/broadcast", anchorInline),
  endLive: () => api.get<{ roomId: string; stopped: boolean }>("/anchor/downcast", anchorInline),
  isBroadcast: () => api.get<AnchorBroadcastState>("/anchor/isBroadcast", anchorInline),
  goldTotal: (days: EarningDays) => api.get<AnchorGoldTotal>("/anchor/goldTotal", { query: { days }, toast: false }),
  goldDetail: (days: EarningDays, page: number, size = 20) =>
    api.get<AnchorGoldDetail>("/anchor/goldDetail", { query: { days, page, size }, toast: false }),
  list: (p: { live?: boolean; page?: number; size?: number } = {}) =>
    api.get<{ list: AnchorListEntry[] }>("/anchor/anchorList", {
      query: { live: p.live ? 1 : undefined, page: p.page ?? 1, size: p.size ?? 20 },
    }),
  info: (p: { anchorId?: string; roomId?: string }) => api.post<AnchorPageInfo>("/anchorInfo", p, anchorInline),
  playback: (roomId: string, opts?: RequestOptions) =>
    api.get<Playback>("/live/playback", { ...opts, query: { roomId }, toast: false }),
  liveUnlock: (roomId: string) =>
    api.post<{ roomId: string; until: number; charged: boolean; price?: number }>("/orderpay/match/pay/liveUnlock", { roomId }, anchorInline),
};
