// Loads a paged list a page at a time ("more" appends), reloading when deps change.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import type { Page } from "../../api/shop";

export interface Paged<T> {
  items: T[];
  total: number;
  loading: boolean;
  error: string | null;
  more: () => void;
}

export function usePaged<T>(load: (page: number) => Promise<Page<T>>, enabled: boolean, version: unknown): Paged<T> {
  const [state, setState] = useState({ items: [] as T[], total: 0, page: 0, loading: enabled, error: null as string | null });
  const gen = useRef(0);
  const fetchPage = useCallback(
    (page: number, g: number) => {
      setState((s) => ({ ...s, loading: true, error: null }));
      load(page).then(
        (res) => g === gen.current && setState((s) => ({ items: page === 1 ? res.list : [...s.items, ...res.list], total: res.total, page, loading: false, error: null })),
        (err: unknown) => g === gen.current && setState((s) => ({ ...s, loading: false, error: err instanceof ApiError ? err.userMessage : String(err) })),
      );
    },
    [load],
  );
  useEffect(() => {
    if (!enabled) return;
    fetchPage(1, ++gen.current);
  }, [enabled, fetchPage, version]);
  const more = useCallback(() => {
    setState((s) => {
      if (!s.loading && s.items.length < s.total) fetchPage(s.page + 1, gen.current);
      return s;
    });
  }, [fetchPage]);
  return { items: state.items, total: state.total, loading: state.loading, error: state.error, more };
}
