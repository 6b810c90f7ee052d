// The back office's side menu: one entry per screen. A later area adds its screen with one entry here
// (its path under /admin, its label key in locales/admin, the permission that shows it, its lazy page).
import type { ComponentType } from "react";

export interface AdminSection {
  /** Path under /admin ("" is the dashboard). */
  path: string;
  /** Label key under admin.menu in locales/admin/<lang>.json. */
  label:
    | "dashboard" | "users" | "streamers" | "reports" | "audit" | "shopOrders" | "shopProducts"
    | "experts" | "expertPlans" | "news" | "newsReview" | "comments" | "videos" | "channels" | "demo"
    | "liveRooms" | "words" | "money" | "proclamations" | "pages" | "support";
  /** A full label key when the entry's label lives in its area's locale files (default admin.menu.<label>). */
  labelKey?: string;
  /** The back-office permission that shows the entry (the server checks it again on every call). */
  permission: string;
  /** The screen, loaded when opened. */
  load: () => Promise<{ default: ComponentType }>;
}

export const SECTIONS: readonly AdminSection[] = [
  { path: "", label: "dashboard", permission: "backOffice", load: () => import("./Dashboard") },
  { path: "users", label: "users", permission: "mutePlatform|manageOrders", load: () => import("./Users") },
  { path: "streamers", label: "streamers", permission: "reviewStreamers", load: () => import("./Streamers") },
  { path: "reports", label: "reports", permission: "handleReports", load: () => import("./Reports") },
  { path: "audit", label: "audit", permission: "viewAudit", load: () => import("./Audit") },
  // the shop (issue 21)
  { path: "shop/orders", label: "shopOrders", permission: "manageOrders", load: () => import("./shop").then((m) => ({ default: m.ShopOrdersAdmin })) },
  { path: "shop/products", label: "shopProducts", permission: "manageShop", load: () => import("./shop").then((m) => ({ default: m.ShopProductsAdmin })) },
  // experts (issue 20)
  { path: "experts", label: "experts", permission: "reviewExperts", load: () => import("./experts").then((m) => ({ default: m.ExpertApplicationsAdmin })) },
  { path: "experts/plans", label: "expertPlans", permission: "reviewExperts", load: () => import("./experts").then((m) => ({ default: m.ExpertPlansAdmin })) },
  // news (issue 22)
  { path: "news", label: "news", permission: "editContent", load: () => import("./news").then((m) => ({ default: m.NewsAdmin })) },
  { path: "news/review", label: "newsReview", permission: "editContent", load: () => import("./news").then((m) => ({ default: m.NewsReview })) },
  { path: "comments", label: "comments", permission: "handleReports|editContent", load: () => import("./news").then((m) => ({ default: m.CommentReports })) },
  // videos (issue 22)
  { path: "videos", label: "videos", permission: "editContent", load: () => import("./videos").then((m) => ({ default: m.VideosAdmin })) },
  // promotion channels (issue 23)
  { path: "channels", label: "channels", permission: "manageChannels", load: () => import("./Channels") },
  // the demo clock (administrators: manageUsers is theirs alone)
  { path: "demo", label: "demo", permission: "manageUsers", load: () => import("./DemoMatches") },
  // live rooms, moderation rules, orders and money (issue 16)
  { path: "rooms", label: "liveRooms", labelKey: "adminops.menu.liveRooms", permission: "manageRooms", load: () => import("./ops").then((m) => ({ default: m.LiveRoomsAdmin })) },
  { path: "words", label: "words", labelKey: "adminops.menu.words", permission: "moderationRules", load: () => import("./ops").then((m) => ({ default: m.WordsAdmin })) },
  { path: "money", label: "money", labelKey: "adminops.menu.money", permission: "manageOrders", load: () => import("./ops").then((m) => ({ default: m.MoneyAdmin })) },
  // the site's content (issues 16, 19): the banner under the header, the footer and protocol pages
  { path: "proclamations", label: "proclamations", permission: "editContent", load: () => import("./content").then((m) => ({ default: m.ProclamationsAdmin })) },
  { path: "pages", label: "pages", permission: "editContent", load: () => import("./content").then((m) => ({ default: m.PagesAdmin })) },
  // customer service (issue 19, /salesmartly): the users' requests to support
  { path: "support", label: "support", labelKey: "support.admin.menu", permission: "answerSupport", load: () => import("./support").then((m) => ({ default: m.SupportAdmin })) },
];

/** The sections a staff member with permissions sees ("a|b": either). */
export function visibleSections(permissions: readonly string[]): AdminSection[] {
  return SECTIONS.filter((s) => s.permission.split("|").some((p) => permissions.includes(p)));
}

/** The staff roles that open the back office (the accounts module's StaffRoles). */
export const STAFF_ROLES: readonly string[] = ["admin", "moderator", "finance", "editor"];

/** Whether roles hold a staff role (a banned account never reaches here: its session is refused). */
export function isStaff(roles: readonly string[] | undefined): boolean {
  return !!roles && !roles.includes("banned") && roles.some((r) => STAFF_ROLES.includes(r));
}
