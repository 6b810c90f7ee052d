// Match calls (issue 7: live scores, schedules, results, data library). Paths and field names follow
// api/matches (the backend's contract).
import { api, type RequestOptions } from "./client";

// Paths and field names follow api/matches (the backend's contract: module.go, views.go,
// lists.go, detail.go, library.go, attention.go). Times are Unix ms unless named otherwise.

/** Match states of spec §4, as numbers on the wire (feed.Status; never renumbered). */
export const MatchStatus = {
  NotStarted: 0,
  Live: 1,
  Halftime: 2,
  Overtime: 3,
  Penalties: 4,
  Finished: 5,
  Postponed: 6,
  Cancelled: 7,
  Announced: 8,
} as const;
export type MatchStatus = (typeof MatchStatus)[keyof typeof MatchStatus];

/** One game of the catalogue (spec §3). */
export interface GameInfo {
  id: number;
  name: string;
  abbr: string;
  logo: string;
  backgroundImage: string;
  kind: "sport" | "esport" | string;
  group: string;
  provisional?: boolean;
  simulated?: boolean;
  /** How the game is played (feed.Family: football, basketball, moba, tactical...). */
  family?: string;
}

export interface GameGroupInfo {
  id: string;
  games: number[];
}

export interface GameCatalogue {
  games: GameInfo[];
  groups: GameGroupInfo[];
}

/** A game clock: s seconds at unix ms `at`; r running; d counts down (basketball). */
export interface MatchClock {
  s: number;
  r: boolean;
  d?: boolean;
  at: number;
}

/** The three markets (spec §2 odds: European, handicap, size/over-under). */
export interface MatchOdds {
  company: string;
  home: number;
  draw: number;
  away: number;
  hcLine: number;
  hcHome: number;
  hcAway: number;
  ouLine: number;
  ouOver: number;
  ouUnder: number;
  suspended?: boolean;
}

export type Reservation = "" | "bookable" | "booked";

/** A match in a list and the head of the detail page (api/matches Item). */
export interface MatchItem {
  id: string;
  gameId: number;
  gameName: string;
  leagueId: string;
  leagueName: string;
  seasonId: string;
  roundId: string;
  homeId: string;
  homeName: string;
  homeLogo: string;
  awayId: string;
  awayName: string;
  awayLogo: string;
  startTime: number;
  status: number;
  statusName: string;
  homeScore: number;
  awayScore: number;
  period: number;
  periodName: string;
  clock: MatchClock;
  /** Per-period scores: halves, quarters, sets, innings, maps. */
  periods: [number, number][];
  bestOf?: number;
  venue?: string;
  odds?: MatchOdds;
  detail?: Record<string, unknown>;
  stats?: Record<string, [number, number]>;
  /** Red cards of each side, once one was shown (the scoreboard topic updates them as s.redCards). */
  redCards?: [number, number];
  /**
   * The second leg of a two-legged tie: the score over both legs (this match's home first), and once
   * the tie is decided the side that goes through (0 home, 1 away); the scoreboard topic updates them
   * as d.agg and d.through.
   */
  aggregate?: [number, number];
  through?: 0 | 1;
  /**
   * A second leg whose first leg was called off (no aggregate then): how the first leg ended. The
   * scoreboard topic updates it as d.leg1.
   */
  firstLeg?: "postponed" | "cancelled" | "abandoned";
  updated: number;
  /** "simulator" for demo data: never shown as real. */
  source: string;
  reservation?: Reservation;
  /** WebSocket topic with this match's deltas (match:<id>). */
  topic: string;
}

export interface MatchPage {
  list: MatchItem[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

export interface DayCount {
  /** yyyy-mm-dd in the caller's time zone. */
  date: string;
  /** 0 Sunday. */
  weekday: number;
  count: number;
}

export interface SevenDays extends MatchPage {
  days: DayCount[];
}

/** Filters every list call accepts (api/matches listQuery). */
export interface MatchQuery {
  gameId?: number;
  gameIds?: number[];
  group?: string;
  leagueId?: string;
  /** yyyy-mm-dd in the caller's time zone. */
  date?: string;
  /** Offset from today (-1 yesterday). */
  day?: number;
  /** hot, live, time, today, yesterday, tomorrow. */
  tab?: string;
  status?: number[];
  /** Minutes east of UTC. */
  tzOffset?: number;
  pageIndex?: number;
  pageSize?: number;
  limit?: number;
}

export interface SeriesCount {
  gameId: number;
  live: number;
  today: number;
  upcoming: number;
  results: number;
}

export interface LeagueInfo {
  id: string;
  gameId: number;
  name: string;
  shortName: string;
  logo: string;
  country: string;
  /** ISO 3166 code of the country, when known. */
  countryCode?: string;
  /** league, cup, series. */
  kind: string;
  tier: number;
  source: string;
}

export interface LeagueCount extends LeagueInfo {
  live: number;
  upcoming: number;
  total: number;
}

export interface FormWindow {
  window: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  for: number;
  against: number;
  winRate: number;
  avgFor: number;
  avgAgainst: number;
  /** Newest first: W, D, L. */
  results: string;
}

export interface TeamForm {
  teamId: string;
  windows: FormWindow[];
  matches: MatchItem[];
}

export interface StatRow {
  key: string;
  home: number;
  away: number;
}

export interface TextLine {
  seq: number;
  at: number;
  minute: string;
  type: string;
  /** 0 home, 1 away, -1 neither. */
  team: number;
  text: string;
  /** The player named in the incident. */
  name?: string;
  /** The second player: the assist, the player off, the victim, the batter out. */
  assist?: string;
  /** The score the incident leaves, home first (a goal, a map, full time...). */
  score?: [number, number];
  period?: number;
  /** Game time in seconds (from the start of the match, or of the map). */
  secs?: number;
  /** The place on the pitch or map, 0..100 each (absent: no place; frames in feed/place.go). */
  x?: number;
  y?: number;
}

export interface LogEntry {
  seq: number;
  at: number;
  kind: string;
  status?: string;
  period?: { i: number; n: string };
  score?: { h: number; a: number; ps?: [number, number][] };
  incident?: {
    type: string;
    team: number;
    player?: string;
    name?: string;
    assist?: string;
    minute?: string;
    period?: number;
    score?: [number, number];
    text?: string;
  };
}

export interface StandingRow {
  seasonId: string;
  stageId: string;
  group: string;
  teamId: string;
  position: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  for: number;
  against: number;
  points: number;
  /** Newest last. */
  form: string;
  teamName: string;
  teamLogo: string;
}

export interface LineupPlayer {
  playerId: string;
  name: string;
  shirt: number;
  position: string;
  starter: boolean;
  captain?: boolean;
}

export interface Lineup {
  teamId: string;
  formation?: string;
  coach?: string;
  players: LineupPlayer[];
}

export interface Injury {
  teamId: string;
  playerId: string;
  name: string;
  kind: string;
  status: string;
}

export interface PlayerLine {
  match: string;
  playerId: string;
  name: string;
  position: string;
  team: number;
  values: Record<string, number>;
  recentMatches: number;
  recentAverages: Record<string, number>;
}

export interface OddsPoint {
  seq: number;
  /** RFC 3339. */
  at: string;
  odds: MatchOdds;
}

export interface TrendPoint {
  at: number;
  /** The bookmaker quoting these prices. */
  company?: string;
  home: number;
  draw?: number;
  away: number;
  hcLine: number;
  ouLine: number;
}

/** The match page (GET /{game}/{matchId}); a tab is absent when ?tab= asked for another. */
export interface MatchDetail {
  match: MatchItem;
  overview?: { keyEvents: TextLine[]; stats: StatRow[]; odds?: MatchOdds };
  data?: { seasonId: string; standings: StandingRow[] };
  recent?: { home: TeamForm; away: TeamForm };
  headToHead?: TeamForm;
  lineups?: { home: Lineup | null; away: Lineup | null; injuries: Injury[] };
  gameLog?: LogEntry[];
  technicalStats?: StatRow[];
  playerStats?: PlayerLine[];
  odds?: { current: MatchOdds | null; history: OddsPoint[] };
  trends?: { odds: TrendPoint[]; score: { at: number; home: number; away: number }[]; form: [string, string] };
  /** Newest first. */
  textLive?: TextLine[];
  windows: { teams: number[]; players: number };
}

export type DetailTab =
  | "overview" | "data" | "recent" | "headToHead" | "lineups" | "gameLog" | "technicalStats"
  | "playerStats" | "odds" | "trends" | "textLive";

export interface AttentionResult {
  matchId: string;
  reserved: boolean;
  reservation: Reservation;
}

/** A reservation (Favourites) with its spec §4 state. */
export interface Booking {
  match: MatchItem;
  state: "booked" | "inProgress" | "finished" | "cancelled";
  notified: boolean;
  createdAt: number;
}

export interface TeamInfo {
  id: string;
  gameId: number;
  name: string;
  fullName: string;
  shortName: string;
  logo: string;
  country: string;
  /** ISO 3166 code of the country, when known. */
  countryCode?: string;
  headCoach: string;
  assistantCoach: string;
  /** RFC 3339. */
  founded: string;
  worldRanking: number;
  /** US dollars. */
  prizeMoney: number;
  averageAge: number;
  rating: number;
  source: string;
}

export interface PlayerInfo {
  id: string;
  gameId: number;
  teamId: string;
  name: string;
  fullName: string;
  nationality: string;
  /** ISO 3166 code of the nationality, when known. */
  nationalityCode?: string;
  position: string;
  shirt: number;
  /** RFC 3339. */
  birth: string;
  powerValue: number;
  kda: number;
  /** Centimetres; absent when unknown. */
  height?: number;
  /** Whole US dollars; absent when unknown. */
  marketValue?: number;
  photo: string;
  source: string;
}

export interface Transfer {
  playerId: string;
  fromTeamId: string;
  toTeamId: string;
  /** Names, when the server sends them. */
  playerName?: string;
  fromTeamName?: string;
  toTeamName?: string;
  /** RFC 3339. */
  date: string;
  /** US dollars; 0 free or undisclosed. */
  fee: number;
  kind: string;
}

export interface Honour {
  ownerKind: string;
  ownerId: string;
  leagueId: string;
  title: string;
  season: string;
  year: number;
}

export interface SeasonInfo {
  id: string;
  leagueId: string;
  name: string;
  start: string;
  end: string;
  current: boolean;
}

export interface StageInfo {
  id: string;
  seasonId: string;
  name: string;
  kind: string;
  order: number;
}

export interface LeaguePageData {
  league: LeagueInfo;
  seasons: SeasonInfo[];
  stages: StageInfo[];
  standings: StandingRow[];
  advancement: { kind: "bracket" | "table"; rounds?: { id: string; name: string; matches: MatchItem[] }[] };
  results: MatchItem[];
  schedule: MatchItem[];
  transfers: Transfer[];
  honours: Honour[];
}

export interface TeamPageData {
  team: TeamInfo;
  squad: PlayerInfo[];
  form: TeamForm;
  upcoming: MatchItem[];
  transfers: Transfer[];
  honours: Honour[];
}

export interface PlayerStatRow {
  match: string;
  playerId: string;
  name: string;
  position: string;
  team: number;
  values: Record<string, number>;
}

export interface PlayerPageData {
  player: PlayerInfo;
  team?: TeamInfo;
  /** Last `window` matches, newest first. */
  recent: PlayerStatRow[];
  averages: Record<string, number>;
  window: number;
  transfers: Transfer[];
  honours: Honour[];
}

// Pages show these errors inline (error state in place of the list), so no toasts.
const inlineErr: Pick<RequestOptions, "toast"> = { toast: false };
const asQuery = (q: MatchQuery): RequestOptions["query"] => ({
  ...q,
  gameIds: q.gameIds?.join(","),
  status: undefined,
});

export const matchesApi = {
  catalogue: (opts?: RequestOptions) => api.get<GameCatalogue>("/game/v3/getPCGameSource", { ...inlineErr, ...opts }),
  live: (q: MatchQuery = {}, signal?: AbortSignal) =>
    api.get<MatchPage>("/v2/match/getPCLiveGameMatch", { query: asQuery(q), toast: false, signal }),
  past: (q: MatchQuery = {}, signal?: AbortSignal) =>
    api.post<MatchPage>("/v2/match/getPCPastGameMatch", q, { toast: false, signal }),
  upcoming: (q: MatchQuery = {}, signal?: AbortSignal) =>
    api.post<MatchPage>("/v2/match/getPCUpcomingGameMatch", q, { toast: false, signal }),
  /** The home tabs: hot, live, time, today, yesterday, tomorrow. */
  byCondition: (q: MatchQuery, signal?: AbortSignal) =>
    api.post<MatchPage>("/v2/match/getPCGameMatchByCondition", q, { toast: false, signal }),
  sevenDayMatches: (q: MatchQuery, signal?: AbortSignal) =>
    api.post<SevenDays>("/match/getSevenDayMatch", q, { toast: false, signal }),
  sevenDayResults: (q: MatchQuery, signal?: AbortSignal) =>
    api.post<SevenDays>("/match/getSevenDayResults", q, { toast: false, signal }),
  seriesCount: (q: MatchQuery = {}) => api.get<SeriesCount[]>("/match/getSeriesCount", { query: asQuery(q), ...inlineErr }),
  leagues: (esports: boolean, gameId?: number) =>
    api.get<LeagueCount[]>(esports ? "/league/match_leagues" : "/sprots_league/match_leagues", { query: { gameId }, ...inlineErr }),
  /** Book (true) or cancel (false) a match; needs a signed-in user. Failures toast. */
  attention: (matchId: string, attention: boolean) => api.post<AttentionResult>("/match/attention", { matchId, attention }),
  /** The signed-in user's reservations (the Favourites tab). */
  bookings: (pageIndex = 1, pageSize = 50, signal?: AbortSignal) =>
    api.get<Booking[]>("/match/attention/list", { query: { pageIndex, pageSize }, toast: false, signal }),
  /** The match page: every tab, or one with `tab`. `game` is a catalogue abbr or id. */
  detail: (game: string, matchId: string, tab?: DetailTab, signal?: AbortSignal) =>
    api.get<MatchDetail>(`/${encodeURIComponent(game)}/${encodeURIComponent(matchId)}`, { query: { tab }, toast: false, signal }),
  libraryLeagues: (gameId?: number) => api.get<LeagueInfo[]>("/library/leagues", { query: { gameId }, ...inlineErr }),
  libraryLeague: (id: string) => api.get<LeaguePageData>(`/library/league/${encodeURIComponent(id)}`, inlineErr),
  libraryTeams: (q: { gameId?: number; pageIndex: number; pageSize: number }) =>
    api.get<TeamInfo[]>("/library/teams", { query: q, ...inlineErr }),
  libraryTeam: (id: string) => api.get<TeamPageData>(`/library/team/${encodeURIComponent(id)}`, inlineErr),
  libraryPlayers: (q: { gameId?: number; pageIndex: number; pageSize: number }) =>
    api.get<PlayerInfo[]>("/library/players", { query: q, ...inlineErr }),
  libraryPlayer: (id: string) => api.get<PlayerPageData>(`/library/player/${encodeURIComponent(id)}`, inlineErr),
};
