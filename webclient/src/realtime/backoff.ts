// Reconnect delays: capped exponential backoff with jitter, so a node restart does not
// bring every client back in the same instant.

export interface BackoffConfig {
  /** Delay scale of the first retry. */
  baseMs: number;
  /** Upper bound of any delay. */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffConfig = { baseMs: 500, capMs: 15_000 };

/**
 * Delay before reconnect attempt number `attempt` (1-based): a uniformly random value in
 * [ceiling/2, ceiling] where ceiling = min(cap, base * 2^(attempt-1)). Half of it is
 * fixed so a client never hammers the server with near-zero delays.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random, cfg: BackoffConfig = DEFAULT_BACKOFF): number {
  const exp = Math.min(30, Math.max(0, attempt - 1));
  const ceiling = Math.min(cfg.capMs, cfg.baseMs * 2 ** exp);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
