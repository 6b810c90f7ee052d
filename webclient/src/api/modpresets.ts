// The moderation presets' calls (issue 25 §3; api/modpresets is the contract). Paths and payloads
// only: the call contract itself lives in client.ts.
import { api } from "./client";

export type RateAction = "slow" | "shield" | "followers";

export interface ModPresets {
  room: string;
  goalSlowSecs: number;
  goalSlowInterval: number;
  rateThreshold: number;
  rateAction: RateAction;
  rateSlowSecs: number;
  rateSlowInterval: number;
  shieldMins: number;
  shieldWords: string[];
  newAccountDays: number;
  followersOnly: boolean;
  minFollowMins: number;
  /** The caller's role in the room. */
  role?: "streamer" | "moderator";
}

export const modPresetsApi = {
  /** room omitted: the caller's own room (a streamer). */
  get: (room?: string) => api.get<ModPresets>("/live/modPresets", { query: { room: room || undefined }, toast: false }),
  save: (p: ModPresets, room?: string) => api.post<ModPresets>("/live/modPresets", p, { query: { room: room || undefined }, toast: false }),
};
