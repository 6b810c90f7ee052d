// Finding streams (issue 17): the live rooms now, one room's head, and which matches are streamed.
// Calls of api/anchor (README "Finding streams"); times are Unix ms.
import { api, type RequestOptions } from "./client";
import type { MatchItem } from "./matches";

/** A streamer's room as /live, the room's head and "Watch live" show it. */
export interface LiveCard {
  roomId: string;
  title: string;
  /** "u<id>": for the follow calls, never shown. */
  anchorId: string;
  /** The streamer's username ("" before their new-user step). */
  name: string;
  avatar: string;
  followers: number;
  coverUrl: string;
  matchId: string;
  gameId: number;
  customTag: string;
  live: boolean;
  liveSince: number;
  viewers: number;
  /** The linked match with its score when it is in the match window. */
  match?: MatchItem;
}

/** One room's card as the live room shows it (GET /live/room): what the lists leave out besides. */
export interface RoomCard extends LiveCard {
  /** The pre-broadcast teaser, shown while the room is offline ("" for none). */
  teaser: string;
  /** The streamer's detailed intro ("" for none). */
  detailIntro: string;
  /** The intro's pictures (1:1, at most 3), in the streamer's order. */
  detailPicUrls: string[];
}

/** The streamer page (/anchor/:id) of a room's streamer: the numeric id, as the site map lists it. */
export const streamerPath = (c: Pick<LiveCard, "anchorId">) => `/anchor/${encodeURIComponent(c.anchorId.replace(/^u/, ""))}`;

/** The live rooms streaming one match. */
export interface MatchLive {
  matchId: string;
  gameId: number;
  live: boolean;
  count: number;
  rooms: LiveCard[];
}

/** A custom tag of live rooms now. */
export interface LiveTag {
  tag: string;
  rooms: number;
  viewers: number;
}

/** The page of a custom tag (/customLive/{tag}: the tag is the route's id). */
export const tagPath = (tag: string) => `/customLive/${encodeURIComponent(tag)}`;

/** A room's streamer as shown: the username, or a neutral word before their new-user step. */
export function streamerName(c: Pick<LiveCard, "name">, fallback: string) {
  return c.name || fallback;
}

const quiet: Pick<RequestOptions, "toast"> = { toast: false };

export const liveApi = {
  /** Every live room now, most viewers first; gameId keeps one game. */
  rooms: (gameId?: number, opts?: RequestOptions) =>
    api.get<{ list: LiveCard[] }>("/live/rooms", { ...quiet, ...opts, query: { gameId: gameId || undefined } }),
  /** The head of one streamer's room, live or not, with its teaser, intro and pictures. */
  room: (roomId: string, opts?: RequestOptions) => api.get<RoomCard>("/live/room", { ...quiet, ...opts, query: { roomId } }),
  /** Every match some live room streams (matchIds keeps those). */
  matchLive: (matchIds?: string[], opts?: RequestOptions) =>
    api.get<{ list: MatchLive[] }>("/getAnchorMatchLive", { ...quiet, ...opts, query: { matchIds: matchIds?.join(",") || undefined } }),
  /** Whether live rooms stream one match, and which. */
  isMatchLive: (matchId: string, gameId: number, opts?: RequestOptions) =>
    api.get<MatchLive>(`/user/isMatchLive/${encodeURIComponent(matchId)}/${gameId}`, { ...quiet, ...opts }),
  /** The live rooms carrying a custom tag (any case), most viewers first; tag as the rooms spell it. */
  tagRooms: (tag: string, opts?: RequestOptions) =>
    api.get<{ tag: string; list: LiveCard[] }>("/live/customLive", { ...quiet, ...opts, query: { tag } }),
  /** The custom tags of the live rooms now, most rooms first. */
  tags: (opts?: RequestOptions) => api.get<{ list: LiveTag[] }>("/live/tags", { ...quiet, ...opts }),
  /** The streamers the signed-in user follows, live first. */
  following: (opts?: RequestOptions) => api.get<{ list: LiveCard[] }>("/live/following", { ...quiet, ...opts }),
};
