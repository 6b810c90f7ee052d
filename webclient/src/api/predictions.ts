// In-room predictions (issue 25): REST calls of api/predictions (README). Times are Unix ms.
import { api } from "./client";

export type PredictionState = "open" | "locked" | "resolved" | "cancelled";
export type Market = "free" | "winner" | "total" | "next_goal" | "first_blood" | "map_winner";

export interface PredictionOutcome {
  /** The text of a free question's outcome, or a code: home, draw, away, over, under, none. */
  label: string;
  entries: number;
  points: number;
}

export interface Mine {
  outcome: number;
  stake: number;
  payout?: number;
  /** After an entry: the balance left. */
  points?: number;
}

export interface Prediction {
  id: number;
  roomId: string;
  market: Market;
  question: string;
  home?: string;
  away?: string;
  line?: number;
  outcomes: PredictionOutcome[];
  state: PredictionState;
  lockAt?: number;
  lockOn?: string;
  winner: number;
  reason?: string;
  pool: number;
  entries: number;
  createdAt: number;
  settledAt?: number;
  mine?: Mine;
}

export interface Leader {
  name: string;
  stake: number;
  payout: number;
}

/** A resolution or a cancellation (the REST answer and the prediction.result chat line). */
export interface PredictionResult {
  prediction: Prediction;
  winners: number;
  leaders: Leader[] | null;
}

export interface Offer {
  market: Market;
  outcomes: string[];
  line?: number;
}

export interface OpenInput {
  roomId: string;
  market: Market;
  question?: string;
  outcomes?: string[];
  line?: number;
  lockAt?: number;
  lockOn?: "kickoff";
}

const quiet = { toast: false } as const;

export const predictionsApi = {
  list: (roomId: string) => api.get<{ list: Prediction[]; points: number; canRun?: boolean; streamer?: boolean }>("/live/predictions", { ...quiet, query: { roomId } }),
  markets: (roomId: string) =>
    api.get<{ markets: Offer[]; matchId: string; home: string; away: string }>("/live/predictions/markets", { ...quiet, query: { roomId } }),
  open: (input: OpenInput) => api.post<Prediction>("/live/predictions/open", input, quiet),
  lock: (id: number) => api.post<Prediction>("/live/predictions/lock", { id }, quiet),
  resolve: (id: number, outcome: number) => api.post<PredictionResult>("/live/predictions/resolve", { id, outcome }, quiet),
  cancel: (id: number) => api.post<PredictionResult>("/live/predictions/cancel", { id }, quiet),
  enter: (id: number, outcome: number, points: number) => api.post<Mine>("/live/predictions/enter", { id, outcome, points }, quiet),
};

const STATE_RANK: Record<PredictionState, number> = { open: 0, locked: 1, resolved: 2, cancelled: 2 };

/**
 * The newer of two views of one prediction: a later state wins, then more entries (a pool only
 * grows while open). Broadcast views and REST answers arrive in any order; this keeps the newest.
 */
export function newer(a: Prediction, b: Prediction): Prediction {
  const ra = STATE_RANK[a.state] ?? 0;
  const rb = STATE_RANK[b.state] ?? 0;
  if (ra !== rb) return ra > rb ? a : b;
  if (a.entries !== b.entries) return a.entries > b.entries ? a : b;
  return a.pool >= b.pool ? a : b;
}

/** Reads the prediction carried by a room's system event (prediction.* keys), if any. */
export function fromEvent(key: string | undefined, text: string | undefined): { prediction: Prediction; result?: PredictionResult } | null {
  if (!key?.startsWith("prediction.") || !text) return null;
  try {
    const v = JSON.parse(text) as Prediction | PredictionResult;
    if ("prediction" in v) return { prediction: v.prediction, result: v };
    return { prediction: v };
  } catch {
    return null;
  }
}
