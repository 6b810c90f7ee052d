// The news' and comments' calls (issue 22; api/news/README.md is the contract). Paths and payloads
// only: the call contract itself lives in client.ts.
import { api } from "./client";

export type ArticleType = "news" | "preview" | "analysis" | "interview" | "transfer";
export const ARTICLE_TYPES: readonly ArticleType[] = ["news", "preview", "analysis", "interview", "transfer"];
export type ArticleState = "draft" | "scheduled" | "published" | "unpublished" | "pending" | "rejected";

/** One block of an article's body: rendered as text in its own element, never as HTML. */
export type Block =
  | { type: "p" | "h" | "quote"; text: string }
  | { type: "img"; src: string; caption?: string }
  | { type: "match"; matchId: string }
  | { type: "list"; items: string[] };

export interface MatchCard {
  id: string;
  gameId: number;
  league: string;
  homeId: string;
  home: string;
  homeLogo: string;
  awayId: string;
  away: string;
  awayLogo: string;
  startTime: number;
  status: number;
  homeScore: number;
  awayScore: number;
}

export interface Article {
  id: number;
  /** The game's slug, as in page paths. */
  game: string;
  gameId: number;
  type: ArticleType;
  title: string;
  summary: string;
  cover: string;
  body?: Block[];
  matchCards?: Record<string, MatchCard>;
  authorId?: string;
  author: string;
  tags: string[];
  matchIds: string[];
  teamIds: string[];
  playerIds: string[];
  lang: string;
  publishTime?: number;
  views: number;
  state: ArticleState;
  userPost: boolean;
  reviewNote?: string;
  link: string;
  updateTime: number;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

export interface Comment {
  id: number;
  kind: string;
  targetId: string;
  parentId?: number;
  userId: string;
  userName: string;
  avatar: string;
  text: string;
  likes: number;
  liked: boolean;
  replyCount: number;
  deleted: boolean;
  time: number;
  replies?: Comment[];
  targetTitle?: string;
  targetLink?: string;
}

export interface ReportedComment {
  comment: Comment;
  count: number;
  reasons: string[];
  first: number;
  status: string;
  targetTitle: string;
  targetLink: string;
}

/** Spec §6's report reasons. */
export const REPORT_REASONS = ["inappropriate", "attack", "nickname", "ads", "avatar", "spam"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export type CommentSort = "newest" | "top";

export interface ArticleInput {
  id?: number;
  gameId: number;
  type: ArticleType;
  title: string;
  summary: string;
  body: Block[];
  cover?: string;
  tags: string[];
  matchIds?: string[];
  teamIds?: string[];
  playerIds?: string[];
  lang: string;
}

const inline = { toast: false } as const;

export const newsApi = {
  /** GET /{game}/{type}/{pageIndex} (spec §7); type "all" lists every type. */
  list: (game: string, type: ArticleType | "all", pageIndex: number, pageSize = 20, sort?: "hot") =>
    api.get<Page<Article>>(`/${encodeURIComponent(game)}/${type}/${pageIndex}`, { query: { pageSize, sort } }),
  /** Every game's articles. */
  listAll: (q: { type?: string; pageIndex?: number; pageSize?: number; sort?: "hot" }) => api.get<Page<Article>>("/news/list", { query: q }),
  hot: (gameId?: number, size = 8) => api.get<Article[]>("/news/getHotNewsByGame", { query: { gameId, size } }),
  userHot: (userId: string, size = 8) => api.get<Article[]>(`/news/userHot/${encodeURIComponent(userId)}`, { query: { size } }),
  /** GET /{game}/news{id} (spec §7), or /news/detail/{id} without the game. */
  article: (id: number | string, game?: string) =>
    game ? api.get<Article>(`/${encodeURIComponent(game)}/news${id}`) : api.get<Article>(`/news/detail/${id}`),
  preview: (matchId: string) => api.get<Article>(`/news/preview/${encodeURIComponent(matchId)}`, inline),
  submit: (a: Omit<ArticleInput, "id">) => api.post<Article>("/news/submit", a, inline),
  myPosts: (pageIndex: number, pageSize = 20) => api.get<Page<Article>>("/news/myPosts", { query: { pageIndex, pageSize } }),
  userList: (userId: string, type: "posts" | "comments" | "follows", pageIndex: number) =>
    api.get<Page<unknown>>(`/user/${encodeURIComponent(userId)}/${type}/${pageIndex}`),

  // Staff (editContent).
  staffList: (q: { state?: string; userPost?: boolean; q?: string; pageIndex?: number; pageSize?: number }) =>
    api.get<Page<Article>>("/admin/news/articles", { query: { ...q, state: q.state || undefined, q: q.q || undefined } }),
  staffArticle: (id: number) => api.get<Article>(`/admin/news/articles/${id}`),
  save: (a: ArticleInput) => api.post<Article>("/admin/news/articles", a, inline),
  publish: (id: number, publishTime?: number) => api.post<Article>("/admin/news/publish", { id, publishTime }, inline),
  unpublish: (id: number, reason = "") => api.post<Article>("/admin/news/unpublish", { id, reason }),
  review: (id: number, approve: boolean, note = "") => api.post<Article>("/admin/news/review", { id, approve, note }),
};

export const commentsApi = {
  list: (kind: string, id: string, sort: CommentSort, pageIndex: number, pageSize = 20) =>
    api.get<Page<Comment>>("/comments/list", { query: { kind, id, sort, pageIndex, pageSize } }),
  replies: (parentId: number, pageIndex: number, pageSize = 50) =>
    api.get<Page<Comment>>("/comments/replies", { query: { parentId, pageIndex, pageSize } }),
  add: (kind: string, id: string, text: string, parentId?: number) => api.post<Comment>("/comments/add", { kind, id, text, parentId }, inline),
  like: (id: number, like: boolean) => api.post<{ id: number; likes: number; liked: boolean }>("/comments/like", { id, like }),
  report: (id: number, reason: ReportReason) => api.post<{ id: number }>("/comments/report", { id, reason }),
  mine: (pageIndex: number, pageSize = 20) => api.get<Page<Comment>>("/comments/mine", { query: { pageIndex, pageSize } }),
  // Staff (handleReports or editContent).
  reports: (status: string, pageIndex = 1, pageSize = 50) =>
    api.get<Page<ReportedComment>>("/admin/comments/reports", { query: { status, pageIndex, pageSize } }),
  remove: (id: number, reason = "") => api.post<{ id: number }>("/admin/comments/delete", { id, reason }),
  dismiss: (id: number) => api.post<{ id: number }>("/admin/comments/dismiss", { id }),
};
