// REST calls of the experts area (issue 20; api/experts/README.md): applying, the creator centre,
// plans, buying and the public reads. Every call goes through the one client (src/api/client.ts).
import { api, type RequestOptions } from "./client";

const inline: RequestOptions = { toast: false };

export interface ExpertStats {
  settled: number;
  decided: number;
  hits: number;
  hitRate: number;
  streak: number;
  bestStreak: number;
  yield: number;
  luckScore: number;
}

export interface Expert {
  /** For links only; never shown. */
  id: string;
  nickname: string;
  avatar: string;
  intro: string;
  games: number[];
  featured: boolean;
  stats?: ExpertStats;
}

export type PlayType = "1x2" | "handicap" | "ou";
export type Pick = "home" | "draw" | "away" | "over" | "under";
export type Outcome = "" | "won" | "lost" | "void" | "push" | "half_won" | "half_lost";

export interface Plan {
  id: string;
  expertId: string;
  expertName: string;
  matchId: string;
  gameId: number;
  league: string;
  home: string;
  away: string;
  matchTime: number;
  playType: PlayType;
  playLevel: number;
  pick?: Pick;
  line: number;
  odds: number;
  title: string;
  content?: string;
  label: string;
  price: number;
  refundIfLost: boolean;
  loginToView: boolean;
  state: "review" | "published" | "rejected" | "removed" | "hidden";
  reason?: string;
  sales: number;
  version: number;
  createTime: number;
  releaseTime: number;
  hash: string;
  outcome: Outcome;
  result?: string;
  settledAt: number;
  readable: boolean;
  bought: boolean;
  started: boolean;
  editable: boolean;
}

export interface BoughtPlan extends Plan {
  paidPrice: number;
  refunded: boolean;
  boughtAt: number;
}

export interface Paged<T> {
  list: T[];
  total: number;
}

export interface PlanInfo {
  plan: Plan;
  versions: { version: number; hash: string; releaseTime: number }[];
  settlements: { rev: number; outcome: Outcome; home: number; away: number; refunds: number; at: number }[];
  record?: Record<string, unknown>;
  expertStats: ExpertStats;
}

export interface ApplyStart {
  status: "none" | "review" | "approved" | "rejected" | "banned";
  reason: string;
  phoneBound: boolean;
  phone: string;
  titleMin: number;
  titleMax: number;
  maxPrice: number;
  maxPlansPerMatch: number;
}

export interface Application {
  nickname: string;
  realName: string;
  idNumber: string;
  intro: string;
  experience: string;
  games: number[];
}

export interface PlanForm {
  id?: string;
  matchId: string;
  playType: PlayType;
  pick: Pick;
  playLevel: number;
  title: string;
  content: string;
  label: string;
  price: number;
  refundIfLost: boolean;
  loginToView: boolean;
}

export interface MatchOption {
  id: string;
  gameId: number;
  league: string;
  home: string;
  away: string;
  matchTime: number;
  oddsHome: number;
  oddsDraw: number;
  oddsAway: number;
  hcLine: number;
  hcHome: number;
  hcAway: number;
  ouLine: number;
  ouOver: number;
  ouUnder: number;
}

export interface DayRevenue {
  day: string;
  amount: number;
  sales: number;
}

export interface Board {
  plans: number;
  published: number;
  inReview: number;
  sales: number;
  buyers: number;
  revenue7: number;
  revenue30: number;
  revenueAll: number;
  stats: ExpertStats;
  daily: DayRevenue[];
}

/** An application as the back office sees it (unmasked: staff only). */
export interface ExpertApplicationAdmin {
  expert: Expert;
  userId: string;
  status: "review" | "approved" | "rejected" | "banned";
  reason: string;
  realName: string;
  idNumber: string;
  phone: string;
  experience: string;
  submittedAt: number;
  reviewedAt: number;
}

export type ApplicationAction = "approve" | "reject" | "ban" | "unban";
export type PlanAction = "approve" | "reject" | "hide";

/** A staff correction of a match result: the status code (5 finished, 6 postponed, 7 cancelled) and score. */
export interface ResultCorrection {
  matchId: string;
  status: number;
  home: number;
  away: number;
  reason: string;
}

export type RankKind = "hitRate" | "streak" | "luck";

export const expertsApi = {
  applyStart: () => api.post<ApplyStart>("/user/expertApplyStart", undefined, inline),
  apply: (a: Application) => api.post<unknown>("/user/expertApply", a, inline),
  board: () => api.get<Board>("/creator_platform/dataBoard", inline),
  ownPlans: (state?: string) => api.get<Paged<Plan>>("/creator_platform/getExpertPlans", { ...inline, query: { state, pageSize: 50 } }),
  returns: (days: 7 | 14 | 30) => api.get<{ list: DayRevenue[]; total: number }>("/creator_platform/getReturnsDetailed", { query: { days } }),
  monthly: () => api.get<{ list: DayRevenue[] }>("/creator_platform/getMonthlyReturnsDetailed"),
  matches: (game?: number) => api.get<{ list: MatchOption[] }>("/creator_platform/matches", { query: { game } }),
  addPlan: (p: PlanForm) => api.post<Plan>("/expert_plan/add", p, inline),
  editPlan: (p: PlanForm) => api.post<Plan>("/expert_plan/edit", p, inline),
  removePlan: (id: string) => api.post<Plan>("/expert_plan/remove", { id }, inline),
  checkGold: (id: string) =>
    api.get<{ gold: number; price: number; enough: boolean; bought: boolean; onSale: boolean; own: boolean }>("/expert_plan/checkGold", {
      ...inline,
      query: { id },
    }),
  buy: (planId: string) => api.post<{ price: number; repeated: boolean; plan: Plan }>("/orderpay/goldExpertPlan", { planId }, inline),
  bought: () => api.get<Paged<BoughtPlan>>("/user/userExpertPlanOrderPC", { query: { pageSize: 50 } }),
  homePlans: () => api.get<Paged<Plan>>("/expert/getHomeExpertPlans", { query: { pageSize: 12 } }),
  recommend: () => api.get<{ list: Expert[] }>("/expert/recommendExpert"),
  library: (sort?: RankKind) => api.get<{ list: Expert[] }>("/expert/expertLibraryPC", { query: { sort } }),
  ranking: (type: RankKind, days: 7 | 30 | 90) => api.get<{ list: Expert[] }>("/expert/ranking", { query: { type, days } }),
  info: (id: string) => api.get<{ expert: Expert; experience: string; since: number }>("/expert/getExpertInfo", { ...inline, query: { id } }),
  accuracy: (id: string) => api.get<Record<"days7" | "days30" | "days90", ExpertStats>>("/expert/getExpertInfoAccuracy", { query: { id } }),
  graph: (id: string) => api.get<{ list: { day: string; hitRate: number; yield: number; settled: number }[] }>("/expert/getExpertInfoGraph", { query: { id } }),
  plans: (q: { expertId?: string; matchId?: string; settled?: 1 }) => api.get<Paged<Plan>>("/expert_plan/getPlansPC", { query: { ...q, pageSize: 30 } }),
  focusEvents: () => api.get<Paged<Plan>>("/expert_plan/focusEvents", { ...inline, query: { pageSize: 30 } }),
  planInfo: (id: string) => api.get<PlanInfo>("/expert_plan/getExpertPlanInfo", { ...inline, query: { id } }),
  // The back office (staff with the reviewExperts permission and the second factor).
  adminApplications: (status: string) =>
    api.get<{ list: ExpertApplicationAdmin[] }>("/admin/experts/applications", { ...inline, query: { status, pageSize: 50 } }),
  adminDecide: (userId: string, action: ApplicationAction, reason: string) =>
    api.post<ExpertApplicationAdmin>("/admin/experts/decide", { userId, action, reason }, inline),
  adminFeatured: (userId: string, featured: boolean) => api.post<{ featured: boolean }>("/admin/experts/featured", { userId, featured }, inline),
  adminPlans: (state: string) => api.get<Paged<Plan>>("/admin/experts/plans", { ...inline, query: { state, pageSize: 50 } }),
  adminDecidePlan: (planId: string, action: PlanAction, reason: string) =>
    api.post<Plan>("/admin/experts/plans/decide", { planId, action, reason }, inline),
  adminCorrect: (c: ResultCorrection) =>
    api.post<{ matchId: string; status: number; home: number; away: number; rev: number }>("/admin/experts/results/correct", c, inline),
};
