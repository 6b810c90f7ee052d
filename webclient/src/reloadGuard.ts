// Spec §8: when a lazily loaded part of the page fails to load, reload the page once,
// at most once per 60 seconds (a new deploy replaced the chunk names).

export const RELOAD_GUARD_MS = 60_000;
const RELOAD_KEY = "courtside.chunkReloadAt";

/** Reloads once per guard window; returns false when the guard forbids it. */
export function reloadOnce(now = Date.now(), storage: Storage = sessionStorage, reload = () => window.location.reload()): boolean {
  const last = Number(storage.getItem(RELOAD_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(RELOAD_KEY, String(now));
  reload();
  return true;
}

/** Whether an error is a failed dynamic import of a code chunk. */
export function isChunkLoadError(err: unknown): boolean {
  const msg = err instanceof Error ? err.message : String(err);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(msg);
}
