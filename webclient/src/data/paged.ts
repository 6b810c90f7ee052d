// A list loaded a page at a time (the same data layer as useResource): page 1 when the key changes,
// the next page on more() (a "More" button or the virtual list's end), and page 1 again on refresh
// while only page 1 is shown, so rows that arrived since appear without dropping pages read since.
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { failureOf, useRuns, type Failure, type ResourceStatus } from "./resource";

export interface PageAnswer<T> {
  list: T[];
  total: number;
}

export interface PagedResource<T> {
  status: ResourceStatus;
  items: T[];
  total: number;
  /** The first page is on its way (a later page: loadingMore). */
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  error: string | null;
  notFound: boolean;
  more: () => void;
  reload: () => void;
  refresh: () => void;
  /** Changes the loaded rows locally (after a mutation), without a call; totalChange moves the
   *  total by the rows the mutation added (+1 for a posted comment) or removed. */
  update: (fn: (items: T[]) => T[], totalChange?: number) => void;
}

export interface PagedOptions<T> {
  refreshMs?: number;
  /** Rows that moved to a later page while reading are shown once (by this id). */
  idOf?: (item: T) => string | number;
}

interface State<T> {
  key: string | null;
  status: ResourceStatus;
  items: T[];
  total: number;
  page: number;
  failure: Failure | null;
  loadingMore: boolean;
}

function fresh<T>(key: string | null): State<T> {
  return { key, status: key === null ? "idle" : "loading", items: [], total: 0, page: 0, failure: null, loadingMore: false };
}

export function usePaged<T>(
  key: string | null,
  loadPage: (page: number, signal: AbortSignal) => Promise<PageAnswer<T>>,
  opts: PagedOptions<T> = {},
): PagedResource<T> {
  const [state, setState] = useState<State<T>>(() => fresh(key));
  const { run, again, refresh } = useRuns(key, opts.refreshMs ?? 0);
  const loadRef = useRef(loadPage);
  loadRef.current = loadPage;
  const idRef = useRef(opts.idOf);
  idRef.current = opts.idOf;
  const stateRef = useRef(state);
  stateRef.current = state;
  const moreCtrl = useRef<AbortController | null>(null);

  let shown = state;
  if (state.key !== key) {
    shown = fresh(key);
    setState(shown);
  }

  useEffect(() => {
    if (key === null) return;
    // Past page 1 a refresh would drop the pages read since.
    if (run.keep && stateRef.current.key === key && stateRef.current.page > 1) return;
    moreCtrl.current?.abort();
    const ctrl = new AbortController();
    loadRef.current(1, ctrl.signal).then(
      (p) => {
        if (ctrl.signal.aborted) return;
        // As a transition, like useResource's answer: the rows render in slices, not one long task.
        startTransition(() => setState({ key, status: "ready", items: p.list, total: p.total, page: 1, failure: null, loadingMore: false }));
      },
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        setState((s) => (run.keep && s.key === key && s.status === "ready" ? s : { ...fresh<T>(key), status: "error", failure: failureOf(err) }));
      },
    );
    return () => ctrl.abort();
  }, [key, run]);

  const more = useCallback(() => {
    const s = stateRef.current;
    if (s.status !== "ready" || s.loadingMore || s.items.length >= s.total) return;
    const ctrl = new AbortController();
    moreCtrl.current = ctrl;
    const page = s.page + 1;
    setState((cur) => ({ ...cur, loadingMore: true }));
    loadRef.current(page, ctrl.signal).then(
      (p) => {
        if (ctrl.signal.aborted) return;
        setState((cur) => {
          if (cur.key !== s.key || cur.status !== "ready") return cur;
          const idOf = idRef.current;
          const seen = idOf ? new Set(cur.items.map(idOf)) : null;
          const added = seen && idOf ? p.list.filter((x) => !seen.has(idOf(x))) : p.list;
          // An empty page ends the list even if the total said otherwise (rows left meanwhile).
          const total = p.list.length === 0 ? cur.items.length : p.total;
          // A page that arrives clears the failure of an earlier try (More is the retry).
          return { ...cur, items: [...cur.items, ...added], total, page, loadingMore: false, failure: null };
        });
      },
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        setState((cur) => ({ ...cur, loadingMore: false, failure: cur.key === s.key ? failureOf(err) : cur.failure }));
      },
    );
  }, []);

  const reload = useCallback(() => {
    setState((s) => fresh(s.key));
    again();
  }, [again]);
  const update = useCallback(
    (fn: (items: T[]) => T[], totalChange = 0) => setState((s) => ({ ...s, items: fn(s.items), total: Math.max(0, s.total + totalChange) })),
    [],
  );

  return {
    status: shown.status,
    items: shown.items,
    total: shown.total,
    loading: shown.status === "loading",
    loadingMore: shown.loadingMore,
    hasMore: shown.status === "ready" && shown.items.length < shown.total,
    error: shown.failure?.message ?? null,
    notFound: shown.failure?.notFound ?? false,
    more,
    reload,
    refresh,
    update,
  };
}
