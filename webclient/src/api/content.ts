// The site's content (issues 16 and 19; api/content/README.md is the contract): the proclamation
// banner, the footer and protocol pages, and their back-office calls. Paths and payloads only: the
// call contract itself lives in client.ts.
import { api } from "./client";

export type ProclamationLevel = "info" | "warning";
export type ProclamationState = "scheduled" | "active" | "ended" | "withdrawn";

export interface Proclamation {
  id: number;
  /** "" for every language. */
  lang: string;
  title: string;
  content: string;
  /** A path of this site or an https address; "" for none. */
  link: string;
  level: ProclamationLevel;
  startTime: number;
  /** 0: until withdrawn. */
  endTime: number;
  /** Staff views only. */
  state?: ProclamationState;
  withdrawnTime?: number;
}

export interface ProclamationInput {
  id?: number;
  lang: string;
  title: string;
  content: string;
  link: string;
  level: ProclamationLevel;
  startTime: number;
  endTime: number;
}

/** One block of a page: rendered as text in its own element, never as HTML. */
export type PageBlock = { type: "h" | "p"; text: string } | { type: "list"; items: string[] };

export interface SitePage {
  slug: string;
  path: string;
  /** The language of the text (en_US when the reader's has none). */
  lang: string;
  title: string;
  body: PageBlock[];
  edited: boolean;
  updateTime?: number;
}

export interface PageLink {
  slug: string;
  path: string;
  title: string;
}

export interface PageStatus extends PageLink {
  edited: { lang: string; updateTime: number }[];
  defaults: string[];
}

export interface ProclamationPage {
  list: Proclamation[];
  total: number;
  pageIndex: number;
  pageSize: number;
  now: number;
}

export const contentApi = {
  /** The proclamation to show now, or null (a signed-in user's dismissed ones are left out; a guest names theirs). */
  proclamation: (dismissed: number[] = []) =>
    api.get<Proclamation | null>("/app/getProclamation", { toast: false, query: dismissed.length ? { dismissed: dismissed.join(",") } : undefined }),
  dismiss: (id: number) => api.post<null>("/app/dismissProclamation", { id }, { toast: false }),
  // The pages show their own not-found and network states, so no toast.
  page: (slug: string) => api.get<SitePage>(`/content/page/${encodeURIComponent(slug)}`, { toast: false }),
  protocol: (id: string) => api.get<SitePage>(`/content/protocol/${encodeURIComponent(id)}`, { toast: false }),
  pages: () => api.get<{ list: PageLink[] }>("/content/pages", { toast: false }),

  // Staff with editContent.
  staffProclamations: (q: { state?: string; lang?: string; pageIndex?: number; pageSize?: number }) =>
    api.get<ProclamationPage>("/admin/content/proclamations", { query: q }),
  saveProclamation: (p: ProclamationInput) => api.post<Proclamation>("/admin/content/proclamations", p),
  withdrawProclamation: (id: number, reason: string) => api.post<Proclamation>("/admin/content/proclamations/withdraw", { id, reason }),
  staffPages: () => api.get<{ list: PageStatus[] }>("/admin/content/pages"),
  staffPage: (slug: string, lang: string) => api.get<SitePage>(`/admin/content/pages/${encodeURIComponent(slug)}`, { query: { lang } }),
  savePage: (p: { slug: string; lang: string; title: string; body: PageBlock[] }) => api.post<SitePage>("/admin/content/pages", p),
  resetPage: (slug: string, lang: string, reason: string) => api.post<SitePage>("/admin/content/pages/reset", { slug, lang, reason }),
};
