// Customer service (issue 19, /salesmartly; api/support/README.md is the contract): the user's
// tickets and the back office's queue. Paths and payloads only: the call contract lives in client.ts.
import { api } from "./client";

export const CATEGORIES = ["coins", "recharge", "membership", "gifts", "streaming", "chat", "experts", "account", "other"] as const;
export type Category = (typeof CATEGORIES)[number];
export type TicketState = "open" | "answered" | "closed";

export interface SupportMessage {
  id: number;
  staff: boolean;
  /** The staff member's name, in the back office only. */
  author?: string;
  body: string;
  time: number;
}

export interface Ticket {
  id: number;
  userId: string;
  userName?: string;
  category: Category;
  subject: string;
  lang: string;
  state: TicketState;
  createTime: number;
  updateTime: number;
  closeTime?: number;
  messages: number;
  thread?: SupportMessage[];
}

export interface SupportLimits {
  categories: Category[];
  subjectMin: number;
  subjectMax: number;
  messageMin: number;
  messageMax: number;
  perHour: number;
}

export interface NewTicket {
  category: Category;
  subject: string;
  message: string;
}

export interface QueuePage {
  list: Ticket[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

/** The form's limits when the server's are not known yet (the server checks again). */
export const DEFAULT_LIMITS: SupportLimits = {
  categories: [...CATEGORIES], subjectMin: 4, subjectMax: 100, messageMin: 10, messageMax: 2000, perHour: 5,
};

const quiet = { toast: false } as const;

export const supportApi = {
  limits: () => api.get<SupportLimits>("/support/limits", quiet),
  mine: () => api.get<{ list: Ticket[]; limits: SupportLimits }>("/support/tickets", quiet),
  create: (t: NewTicket) => api.post<Ticket>("/support/tickets", t, quiet),
  get: (id: number) => api.get<Ticket>(`/support/tickets/${id}`, quiet),
  reply: (id: number, message: string) => api.post<Ticket>(`/support/tickets/${id}/reply`, { message }, quiet),
  close: (id: number) => api.post<Ticket>(`/support/tickets/${id}/close`, {}, quiet),

  queue: (state: TicketState | "all", pageIndex: number, pageSize: number) =>
    api.get<QueuePage>("/admin/support/tickets", { ...quiet, query: { state, pageIndex, pageSize } }),
  staffGet: (id: number) => api.get<Ticket>(`/admin/support/tickets/${id}`, quiet),
  answer: (id: number, message: string, close: boolean) =>
    api.post<Ticket>(`/admin/support/tickets/${id}/reply`, { message, close }, quiet),
  staffClose: (id: number, reason: string) => api.post<Ticket>(`/admin/support/tickets/${id}/close`, { reason }, quiet),
};
