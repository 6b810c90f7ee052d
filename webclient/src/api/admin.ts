// The back office's REST calls (issue 16; api/admin/README.md lists them). Staff only: the server
// checks every permission and the second factor.
import { api } from "./client";

export interface StaffState {
  userId: string;
  name: string;
  roles: string[];
  permissions: string[];
  enrolled: boolean;
  verified: boolean;
  expires: number;
}

export interface Enrolment {
  secret: string;
  uri: string;
}

export interface LiveRoom {
  room: string;
  title: string;
  streamer: string;
  viewers: number;
  /** Chat lines of the last minute (the live rooms screen's count). */
  chatPerMin: number;
  /** Reports of the room's lines in the last hour. */
  reportsHour: number;
}

/** One node's health from its own metrics; -1 for a value the node does not report. */
export interface NodeHealth {
  node: string;
  host: string;
  uptimeSecs: number;
  goroutines: number;
  heapBytes: number;
  rssBytes: number;
  connections: number;
  rooms: number;
  matches: number;
}

export interface Dashboard {
  signups: number;
  recharges: number;
  rechargeFen: number;
  coinsSpent: number;
  openReports: number;
  reportsHour: number;
  applications: number;
  liveRooms: LiveRoom[];
  recentActions: number;
  nodes: NodeHealth[];
}

export interface Grant {
  role: string;
  expires: number;
}

export interface AdminUser {
  userId: string;
  name: string;
  email: string;
  phone: string;
  level: number;
  roles: Grant[];
  banned: boolean;
  muted: boolean;
  createdAt: number;
  avatar: string;
}

export interface LedgerLine {
  txn: number;
  type: string;
  currency: string;
  amount: number;
  balanceAfter: number;
  time: number;
}

export interface AdminUserDetail extends AdminUser {
  signature: string;
  experience: number;
  coins: number;
  diamonds: number;
  earnedCoins: number;
  earnedDiamonds: number;
  sessions: number;
  ledger: LedgerLine[];
  ledgerTotal: number;
}

export interface Person {
  userId: string;
  name: string;
}

export interface ChatLine {
  id: string;
  kind: string;
  userId: string;
  name: string;
  text: string;
  time: number;
  deleted: boolean;
  reported: boolean;
}

export interface Report {
  room: string;
  messageId: string;
  count: number;
  reasons: string[];
  reporters: Person[];
  reported: Person | null;
  line: ChatLine | null;
  context: ChatLine[];
  first: number;
  last: number;
  status: string;
  result?: string;
  handledBy?: string;
  handled?: number;
}

export type ReportAction = "dismiss" | "delete" | "muteRoom" | "mutePlatform" | "ban";

export interface AuditRecord {
  id: number;
  time: number;
  actorId: number;
  actorName: string;
  action: string;
  targetKind: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason: string;
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
  before?: number;
}

export interface StreamerApplication {
  userId: string;
  status: string;
  reason: string;
  realName: string;
  idNumber: string;
  phone: string;
  intro: string;
  liveContent: string;
  submittedAt: number;
  birthDate: string;
  idFront: string;
  idBack: string;
  idHand: string;
}

const quiet = { toast: false } as const;

export const adminApi = {
  me: () => api.get<StaffState>("/admin/staff/me", quiet),
  enrol: () => api.post<Enrolment>("/admin/staff/enrol", undefined, quiet),
  verify: (code: string) => api.post<StaffState>("/admin/staff/verify", { code }, quiet),
  dashboard: () => api.get<Dashboard>("/admin/dashboard"),
  users: (q: string, page: number, size: number) =>
    api.get<{ list: AdminUser[]; total: number }>("/admin/users", { query: { q, pageIndex: page, pageSize: size } }),
  user: (id: string, currency: string, page: number) =>
    api.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`, { query: { currency, pageIndex: page, pageSize: 10 } }),
  mute: (userId: string, hours: number, reason: string) => api.post("/admin/users/mute", { userId, hours, reason }, quiet),
  unmute: (userId: string, reason: string) => api.post("/admin/users/unmute", { userId, reason }, quiet),
  ban: (userId: string, reason: string) => api.post("/admin/users/ban", { userId, reason }, quiet),
  unban: (userId: string, reason: string) => api.post("/admin/users/unban", { userId, reason }, quiet),
  signOut: (userId: string, reason: string) => api.post("/admin/users/signout", { userId, reason }, quiet),
  role: (userId: string, role: string, grant: boolean, reason: string) =>
    api.post("/admin/users/role", { userId, role, grant, reason }, quiet),
  reports: (status: string, page: number, size: number) =>
    api.get<{ list: Report[]; total: number }>("/admin/reports", { query: { status, pageIndex: page, pageSize: size } }),
  handleReport: (r: { room: string; messageId: string; action: ReportAction; hours?: number; reason: string }) =>
    api.post("/admin/reports/handle", r, quiet),
  audit: (f: AuditFilter) =>
    api.get<{ list: AuditRecord[]; next: number }>("/admin/audit", {
      query: { actor: f.actor, action: f.action, target: f.target, from: f.from, to: f.to, before: f.before || undefined, size: 50 },
    }),
  applications: (status: string, page: number, size: number) =>
    api.get<{ list: StreamerApplication[]; total: number }>("/admin/anchor/applications", { query: { status, pageIndex: page, pageSize: size } }),
  review: (userId: string, approve: boolean, reason: string) =>
    api.post("/admin/anchor/review", { userId, approve, reason }, quiet),
  /** A streaming ban (ends a running broadcast; the streamer sees the reason), or its lifting. */
  streamBan: (userId: string, banned: boolean, reason: string) =>
    api.post<{ streamStopped: boolean }>("/admin/anchor/ban", { userId, banned, reason }, quiet),
};
