// The head of a page as the server writes it into the first HTML (GET /java/site/head, api/README.md
// "Site"): the web client asks for it after an in-app navigation, since only the server knows the
// real names (teams, streamers, articles) a title carries.
import { api } from "./client";

export interface SiteHead {
  /** 200, or 404 for a page that does not exist. */
  status: number;
  title: string;
  description: string;
  robots?: string;
  canonical: string;
  /** og:image. */
  image: string;
  ogType: string;
  jsonLd: Record<string, unknown>[];
}

export const seoApi = {
  head: (path: string, signal?: AbortSignal) => api.get<SiteHead>("/site/head", { query: { path }, toast: false, signal }),
};
