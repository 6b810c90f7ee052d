// The one way a page loads data (docs/decisions/0006-one-data-layer.md). A page names what it shows
// with a key and how to load it; the hook owns the rest: aborting the call a newer key replaces,
// loading and error states, refreshing without blinking, and local updates after a mutation. The
// REST client already shows the progress bar (spec §9) and toasts; <Loadable> draws the states.
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../api/client";
import { dropSeed, seedOf } from "./seed";

export type ResourceStatus = "idle" | "loading" | "error" | "ready";

/** What a failed load tells the page: the message for the reader and whether the thing is not there. */
export interface Failure {
  message: string;
  /** The server answered 404: the thing (or the call) does not exist. */
  notFound: boolean;
}

export function failureOf(err: unknown): Failure {
  if (err instanceof ApiError) return { message: err.userMessage, notFound: err.httpStatus === 404 };
  return { message: err instanceof Error ? err.message : String(err), notFound: false };
}

export interface Resource<T> {
  /** idle: no key (nothing to load yet, e.g. signed out); loading: the first answer of this key is on its way. */
  status: ResourceStatus;
  /** The answer on screen: kept while a refresh runs and when a refresh fails. */
  value: T | null;
  loading: boolean;
  error: string | null;
  notFound: boolean;
  /** Loads again and shows loading meanwhile (the reader asked: "Retry"). */
  reload: () => void;
  /** Loads again keeping the answer on screen (after a mutation, on a live update). */
  refresh: () => void;
  /** Replaces the answer locally (what a mutation's response says), without a call. */
  set: (next: T | ((cur: T | null) => T)) => void;
}

export interface ResourceOptions {
  /** Refreshes every refreshMs while mounted (0: never). */
  refreshMs?: number;
}

/** One load to run: n counts them; keep says whether the answer on screen stays meanwhile. */
export interface Run {
  n: number;
  keep: boolean;
}

/**
 * The loads of a key besides its first: again() (Retry: shows loading), refresh() (keeps the answer)
 * and a refresh every refreshMs. The hooks of src/data run their load whenever `run` changes.
 */
export function useRuns(key: string | null, refreshMs: number) {
  const [run, setRun] = useState<Run>({ n: 0, keep: false });
  useEffect(() => {
    if (!refreshMs || key === null) return;
    const id = setInterval(() => setRun((r) => ({ n: r.n + 1, keep: true })), refreshMs);
    return () => clearInterval(id);
  }, [refreshMs, key]);
  const again = useCallback(() => setRun((r) => ({ n: r.n + 1, keep: false })), []);
  const refresh = useCallback(() => setRun((r) => ({ n: r.n + 1, keep: true })), []);
  return { run, again, refresh };
}

interface State<T> {
  key: string | null;
  status: ResourceStatus;
  value: T | null;
  failure: Failure | null;
  /** The value is the first HTML's (seed.ts): a failed call keeps it on screen, as a failed refresh does. */
  seeded?: boolean;
}

/** A key's state before its first answer: loading, or loaded with the first HTML's answer for it (seed.ts; the call still runs). */
function start<T>(key: string | null): State<T> {
  const seeded = seedOf<T>(key);
  if (seeded !== undefined) return { key, status: "ready", value: seeded, failure: null, seeded: true };
  return { key, status: key === null ? "idle" : "loading", value: null, failure: null };
}

/**
 * Loads `key` with `load`: again when the key changes (the previous call is aborted), on reload and
 * refresh, and every `refreshMs`. A null key loads nothing. `load` may change every render; the key
 * says when the answer changes.
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, opts: ResourceOptions = {}): Resource<T> {
  const [state, setState] = useState<State<T>>(() => start<T>(key));
  const { run, again, refresh } = useRuns(key, opts.refreshMs ?? 0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // A new key shows loading at once, in the same render, so an old answer never shows under a new key.
  let shown = state;
  if (state.key !== key) {
    shown = start<T>(key);
    setState(shown);
  }

  useEffect(() => {
    if (key === null) return;
    const ctrl = new AbortController();
    loadRef.current(ctrl.signal).then(
      (value) => {
        dropSeed(key);
        // The answer renders as a transition (issue 19, blocking time): React draws what it brings
        // (a list's rows) in slices of a few milliseconds instead of one long task.
        if (!ctrl.signal.aborted) startTransition(() => setState({ key, status: "ready", value, failure: null }));
      },
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        // A failed refresh keeps the answer on screen; the client has toasted what went wrong.
        setState((s) => (s.key === key && s.value !== null && (run.keep || s.seeded) ? s : { key, status: "error", value: null, failure: failureOf(err) }));
      },
    );
    return () => ctrl.abort();
  }, [key, run]);

  const reload = useCallback(() => {
    setState((s) => ({ ...s, status: s.key === null ? "idle" : "loading", value: null, failure: null }));
    again();
  }, [again]);
  const set = useCallback((next: T | ((cur: T | null) => T)) => {
    setState((s) => ({
      ...s,
      status: "ready",
      failure: null,
      value: typeof next === "function" ? (next as (cur: T | null) => T)(s.value) : next,
    }));
  }, []);

  return {
    status: shown.status,
    value: shown.value,
    loading: shown.status === "loading",
    error: shown.failure?.message ?? null,
    notFound: shown.failure?.notFound ?? false,
    reload,
    refresh,
    set,
  };
}
