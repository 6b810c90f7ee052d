// The site search's calls (issue 22; api/search/README.md is the contract). Paths and payloads only:
// the call contract itself lives in client.ts.
import { api, type RequestOptions } from "./client";

export const SEARCH_KINDS = ["match", "team", "player", "league", "streamer", "room", "expert", "news", "video"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface SearchHit {
  kind: SearchKind;
  /** For keys only; never shown. */
  id: string;
  title: string;
  subtitle?: string;
  picture?: string;
  /** The site path the result opens. */
  target: string;
  lang?: string;
  gameId?: number;
  /** ISO time: a match's start, a news item's or video's publish time. */
  time?: string;
  /** Per kind: match {status, homeScore, awayScore, game}; streamer {live, followers}; room {live, streamer, avatar}. */
  meta?: Record<string, string | number | boolean>;
}

export interface SearchGroup {
  kind: SearchKind;
  total: number;
  list: SearchHit[];
}

export interface SearchResults {
  q: string;
  kind: SearchKind | "";
  page: number;
  /** Nothing matched exactly; these are close spellings. */
  typo: boolean;
  groups: SearchGroup[];
}

export const searchApi = {
  /** Every kind (a few each), or one kind paged. */
  all: (q: string, kind: SearchKind | "" = "", page = 1, opts: RequestOptions = {}) =>
    api.get<SearchResults>("/search/all", { ...opts, query: { q, kind: kind || undefined, page } }),
  /** The best few hits of any kind, for the header's box. */
  suggest: (q: string, opts: RequestOptions = {}) =>
    api.get<{ list: SearchHit[] }>("/search/suggest", { toast: false, ...opts, query: { q } }),
};
