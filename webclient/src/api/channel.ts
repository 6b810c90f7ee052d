// Promotion channels and the download page (issue 23; api/channels/README.md is the contract).
// Paths and payloads only: the call contract itself lives in client.ts.
import { api } from "./client";

export type ChannelType = "register" | "download";

export interface Channel {
  id: number;
  code: string;
  name: string;
  source: string;
  type: ChannelType;
  path: string;
  link: string;
  shareBps: number;
  createdAt: number;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

export interface DayStats {
  day: string;
  channelId: number;
  visits: number;
  registrations: number;
  downloads: number;
}

export interface ChannelTotals {
  channelId: number;
  name: string;
  visits: number;
  registrations: number;
  downloads: number;
}

export interface Stats {
  from: string;
  to: string;
  days: DayStats[];
  channels: ChannelTotals[];
}

export interface ChannelUser {
  name: string;
  channelId: number;
  channel: string;
  registeredAt: number;
  lastOpened: number;
  downloaded: boolean;
}

export interface Share {
  coins: number;
  diamonds: number;
}

export interface ChannelGold {
  channelId: number;
  name: string;
  shareBps: number;
  coins: number;
  diamonds: number;
  share: Share;
}

export interface Gold {
  since: number;
  channels: ChannelGold[];
  coins: number;
  diamonds: number;
  share: Share;
}

export interface Movement {
  id: number;
  user: string;
  channelId: number;
  channel: string;
  type: string;
  currency: "COIN" | "DIAMOND";
  amount: number;
  share: number;
  at: number;
}

export interface Stores {
  ios: string;
  android: string;
  apk: string;
}

export const channelApi = {
  list: () => api.get<{ list: Channel[] }>("/promotion/channel/list"),
  save: (c: { id?: number; name: string; source: string; type: ChannelType }) =>
    api.post<Channel>("/promotion/channel/save", c, { toast: false }),
  users: (pageIndex: number) => api.get<Page<ChannelUser>>("/promotion/channel/users", { query: { pageIndex, pageSize: 20 } }),
  statistics: (days: number) => api.get<Stats>("/promotion/channel/statistics", { query: { days } }),
  gold: (days: number) => api.get<Gold>("/promotion/channel/gold", { query: { days } }),
  water: (days: number, pageIndex: number) =>
    api.get<Page<Movement>>("/promotion/channel/water", { query: { days, pageIndex, pageSize: 20 } }),
  /** A visit through a channel link (counted once a day per visitor); with a token it attributes a fresh sign-up. */
  visit: (code: string, channelFromtype?: string) =>
    api.get<{ counted: boolean; code: string; type: ChannelType; attributed: boolean }>("/promotion/v2/addPromotionReg", {
      query: { promotionChannelId: code, channelFromtype },
      toast: false,
    }),
  download: (code: string) => api.post<{ counted: boolean }>("/promotion/download", { promotionChannelId: code }, { toast: false }),
  stores: () => api.get<Stores>("/promotion/downloadInfo", { toast: false }),
};

/** A channel as the back office lists it: any partner's, with the partner and all-time totals. */
export interface ChannelOverview extends Channel {
  ownerId: number;
  owner: string;
  visits: number;
  registrations: number;
  downloads: number;
}

/** GET /admin/channels: every promotion channel (staff who manage channels; audited). */
export const channelAdminApi = {
  list: (q: string, pageIndex: number, pageSize = 50) =>
    api.get<Page<ChannelOverview>>("/admin/channels", { query: { q: q || undefined, pageIndex, pageSize }, toast: false }),
};
