// The back office's live rooms, moderation rules, and orders and money (issue 16; api/admin/README.md
// lists the calls). Staff only: the server checks every permission and the second factor.
import { api } from "./client";

const quiet = { toast: false } as const;

export interface RoomCard {
  room: string;
  title: string;
  streamer: string;
  streamerName: string;
  coverUrl: string;
  viewers: number;
  chatPerMin: number;
  up: boolean;
  memberOnly: boolean;
  paid: boolean;
  price: number;
  since: number;
}

export interface ChatLine {
  id: string;
  seq: number;
  kind: string;
  userId: string;
  name: string;
  text: string;
  time: number;
  deleted: boolean;
}

export interface RoomMember {
  userId: string;
  name: string;
  addedAt: number;
}

export interface RoomDetail {
  room: string;
  lines: ChatLine[];
  moderators: RoomMember[];
  chatPerMin: number;
}

export interface RoomAccess {
  memberOnly: boolean;
  paid: boolean;
  price: number;
}

export interface BannedWord {
  word: string;
  forms: string[];
  addedBy: string;
  addedAt: number;
}

export interface RoomWords {
  room: string;
  words: string[];
}

export type MoneyKind = "recharge" | "membership" | "unlock" | "refund" | "chargeback";
export const MONEY_KINDS: readonly MoneyKind[] = ["recharge", "membership", "unlock", "refund", "chargeback"];

export interface MoneyEntry {
  txnId: number;
  txnType: string;
  account: string;
  owner: string;
  currency: string;
  amount: number;
  balanceAfter: number | null;
  time: number;
}

export interface MoneyRow {
  kind: MoneyKind;
  reference: string;
  userId: string;
  userName: string;
  time: number;
  state?: string;
  product?: string;
  quantity?: number;
  priceFen?: number;
  method?: string;
  refundable: boolean;
  entries: MoneyEntry[];
  balanced: boolean;
}

export interface Page<T> {
  list: T[];
  total: number;
}

export interface ChartDay {
  day: number;
  signups: number;
  recharges: number;
  rechargeFen: number;
  coinsSpent: number;
}

export interface UserSession {
  started: number;
  lastSeen: number;
  expires: number;
  ip: string;
  device: string;
}

export const adminOpsApi = {
  sessions: (userId: string) => api.get<{ list: UserSession[] }>(`/admin/users/${encodeURIComponent(userId)}/sessions`, quiet),
  days: (days: number) => api.get<{ list: ChartDay[] }>("/admin/dashboard/days", { query: { days } }),
  rooms: (q: string, page: number, size: number) =>
    api.get<Page<RoomCard>>("/admin/rooms", { query: { q, pageIndex: page, pageSize: size } }),
  room: (room: string) => api.get<RoomDetail>(`/admin/rooms/${encodeURIComponent(room)}`, quiet),
  endRoom: (room: string, reason: string) => api.post<{ streamStopped: boolean }>("/admin/rooms/end", { room, reason }, quiet),
  setAccess: (room: string, access: RoomAccess, reason: string) =>
    api.post<RoomAccess>("/admin/rooms/access", { room, ...access, reason }, quiet),
  setModerator: (room: string, userId: string, add: boolean, reason: string) =>
    api.post("/admin/rooms/moderator", { room, userId, add, reason }, quiet),
  words: (q: string, page: number, size: number) =>
    api.get<Page<BannedWord>>("/admin/words", { query: { q, pageIndex: page, pageSize: size } }),
  preview: (word: string) => api.get<{ forms: string[] }>("/admin/words/preview", { query: { word }, ...quiet }),
  addWord: (word: string, reason: string) => api.post<BannedWord>("/admin/words/add", { word, reason }, quiet),
  removeWord: (word: string, reason: string) => api.post("/admin/words/remove", { word, reason }, quiet),
  roomWords: (room: string, page: number, size: number) =>
    api.get<Page<RoomWords>>("/admin/words/rooms", { query: { room, pageIndex: page, pageSize: size } }),
  money: (kind: MoneyKind, q: string, page: number, size: number) =>
    api.get<Page<MoneyRow>>("/admin/money", { query: { kind, q, pageIndex: page, pageSize: size } }),
  refund: (orderNo: string, reason: string) => api.post<MoneyRow>("/admin/money/refund", { orderNo, reason }, quiet),
};
