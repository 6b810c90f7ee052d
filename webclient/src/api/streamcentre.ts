// The streamer centre's ingest tools (issue 17 "Around the room"; api/anchor http_ingest.go is the
// contract): where to push, the stream key's source allow-list, the live link details and the match
// picker. Paths and payloads only: the call contract itself lives in client.ts.
import { api } from "./client";
import type { MatchItem } from "./matches";

export interface SourceEntry {
  /** "192.0.2.7/32", "2001:db8::/48" */
  address: string;
  note: string;
  createdAt: number;
}

export interface SourceList {
  /** The list is not empty: only its addresses may push. */
  enforced: boolean;
  list: SourceEntry[];
  max: number;
}

/** GET /getAnchorIP: the ingest address actually configured, the key hint and the allow-list. */
export interface AnchorIngest {
  server: string;
  host: string;
  port: number;
  app: string;
  configured: boolean;
  hasStreamKey: boolean;
  /** "cs_…a1b2"; "" without a key. */
  streamKeyHint: string;
  keyRotatedAt: number;
  sources: SourceList;
}

export interface HealthPoint {
  time: number;
  bitrateKbps: number;
  fps: number;
  viewers: number;
}

/** GET /anchor/liveLinkDetails. */
export interface LiveLinkDetails {
  roomId: string;
  title: string;
  matchId: string;
  gameId: number;
  customTag: string;
  match: MatchItem | null;
  broadcasting: boolean;
  live: boolean;
  stalled: boolean;
  liveSince: number;
  viewers: number;
  bitrateKbps: number;
  fps: number;
  sessionStart: number;
  /** Oldest first. */
  samples: HealthPoint[];
}

const inline = { toast: false } as const;

export const streamCentreApi = {
  ingest: () => api.get<AnchorIngest>("/getAnchorIP", inline),
  /** GET /addIpWhite: a state change on GET; the client sends the token header, so it is not forgeable. */
  addSource: (ip: string, note: string) => api.get<SourceList>("/addIpWhite", { query: { action: "add", ip, note: note || undefined }, toast: false }),
  removeSource: (ip: string) => api.get<SourceList>("/addIpWhite", { query: { action: "remove", ip }, toast: false }),
  linkDetails: () => api.get<LiveLinkDetails>("/anchor/liveLinkDetails", inline),
  /** Matches in the streaming window whose teams, competition or game contain q. */
  streamableMatches: (q: string) => api.get<{ list: MatchItem[] }>("/anchor/streamableMatches", { query: { q: q || undefined }, toast: false }),
};
