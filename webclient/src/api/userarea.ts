// The user area's calls (issue 23; api/userarea/README.md and api/notice are the contract): levels,
// tasks, invitations, sent gifts, the message centre and the preferences object. Paths and
// payloads only: the call contract itself lives in client.ts.
import { api } from "./client";

export type Activity = "watch" | "chat" | "gift" | "follow" | "book";

export interface TaskView {
  id: string;
  period: "daily" | "weekly";
  activity: Activity;
  target: number;
  coins: number;
  exp: number;
  progress: number;
  done: boolean;
  claimed: boolean;
  /** Unix ms: when the period ends. */
  ends: number;
}

export interface Claimed {
  task: string;
  coins: number;
  exp: number;
  level: number;
}

export interface TodayExp {
  source: "watch" | "chat" | "gift";
  earned: number;
  dailyCap: number;
  perUnit: number;
}

export interface LevelRow {
  level: number;
  experience: number;
  badge: string;
  newBadge: boolean;
}

export interface LevelPowers {
  level: number;
  experience: number;
  nextLevelExperience: number;
  badge: string;
  levels: LevelRow[];
  today: TodayExp[];
  chatLevels: number[];
}

export interface SentGift {
  id: number;
  room: string;
  streamerId: string;
  streamer: string;
  gift: string;
  icon: string;
  count: number;
  currency: "COIN" | "DIAMOND";
  total: number;
  time: number;
}

export interface StreamerTotal {
  streamerId: string;
  streamer: string;
  currency: "COIN" | "DIAMOND";
  total: number;
  gifts: number;
  last: number;
}

export interface SentGifts {
  list: SentGift[];
  totals: StreamerTotal[];
  next: number;
}

export interface Invites {
  code: string;
  coins: number;
  dailyLimit: number;
  earned: number;
  list: { name: string; time: number; rewarded: boolean; coins: number }[];
}

export type NoticeKind = "system" | "order" | "review" | "reply" | "match" | "live" | "task";

export interface NoticeItem {
  id: number;
  kind: NoticeKind;
  text: string;
  link?: string;
  time: number;
  unread: boolean;
}

export interface NoticePage {
  list: NoticeItem[];
  unread: number;
  next: number;
}

/** The preferences object kept by GET /user/getUserDataStatus (free-form: other keys are kept). */
export interface Prefs {
  favGames?: number[];
  favTeams?: string[];
  favLeagues?: string[];
  /** Notice kinds the user wants pushed live (absent: on). */
  notify?: Partial<Record<NoticeKind, boolean>>;
  [other: string]: unknown;
}

const quiet = { toast: false } as const;

export const userAreaApi = {
  levels: () => api.get<LevelPowers>("/user/area/levels", quiet),
  tasks: () => api.get<{ list: TaskView[] }>("/user/area/tasks", quiet),
  claim: (task: string) => api.post<Claimed>("/user/area/tasks/claim", { task }, quiet),
  gifts: (before = 0) => api.get<SentGifts>("/user/area/gifts", { query: { before, pageSize: 20 }, toast: false }),
  invites: () => api.get<Invites>("/user/area/invites", quiet),
  acceptInvite: (code: string, device: string) =>
    api.post<{ inviterId: string; rewarded: boolean }>("/user/area/invites/accept", { code, device }, quiet),
  notices: (before = 0, unread = false) =>
    api.get<NoticePage>("/user/notices", { query: { before, pageSize: 20, unread: unread ? 1 : undefined }, toast: false }),
  unread: () => api.get<{ unread: number }>("/user/notices/unread", quiet),
  markRead: (ids: number[] = []) => api.post<{ unread: number }>("/user/notices/read", { ids }, quiet),
  prefs: () => api.get<Prefs>("/user/getUserDataStatus", quiet),
  savePrefs: (p: Prefs) => api.post<Prefs>("/user/saveUserDataStatus", p, quiet),
};
