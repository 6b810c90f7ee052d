// Loading for the news pages: one call per key, its loading, error and value (the client shows the
// progress bar and retries); a paged list appends its next page on "more".
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import type { Page } from "../../api/news";

export type Loaded<T> = { status: "loading" } | { status: "error"; message: string; notFound: boolean } | { status: "ready"; value: T };

function failure(err: unknown): { status: "error"; message: string; notFound: boolean } {
  return {
    status: "error",
    message: err instanceof ApiError ? err.userMessage : String(err),
    notFound: err instanceof ApiError && err.httpStatus === 404,
  };
}

export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  const fn = useRef(load);
  fn.current = load;
  useEffect(() => {
    let live = true;
    setState({ status: "loading" });
    fn.current().then(
      (value) => live && setState({ status: "ready", value }),
      (err: unknown) => live && setState(failure(err)),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}

export interface PagedList<T> {
  items: T[];
  total: number;
  loading: boolean;
  error: string | null;
  more: () => void;
}

export function usePagedList<T>(load: (page: number) => Promise<Page<T>>, key: string): PagedList<T> {
  const [s, setS] = useState({ items: [] as T[], total: 0, page: 0, loading: true, error: null as string | null });
  const fn = useRef(load);
  fn.current = load;
  const gen = useRef(0);
  const fetchPage = useCallback((page: number, g: number) => {
    setS((x) => ({ ...x, loading: true, error: null }));
    fn.current(page).then(
      (res) => g === gen.current && setS((x) => ({ items: page === 1 ? res.list : [...x.items, ...res.list], total: res.total, page, loading: false, error: null })),
      (err: unknown) => g === gen.current && setS((x) => ({ ...x, loading: false, error: failure(err).message })),
    );
  }, []);
  useEffect(() => {
    fetchPage(1, ++gen.current);
  }, [key, fetchPage]);
  const more = useCallback(() => {
    setS((x) => {
      if (!x.loading && x.items.length < x.total) fetchPage(x.page + 1, gen.current);
      return x;
    });
  }, [fetchPage]);
  return { items: s.items, total: s.total, loading: s.loading, error: s.error, more };
}
