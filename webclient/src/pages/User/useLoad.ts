// Loads one answer for a user-area page: loading, error text and value, reloaded when deps change
// or when reload() is called. The client shows the progress bar and retries; pages render the rest.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/client";

export interface Loaded<T> {
  value: T | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
  set: (v: T) => void;
}

export function useLoad<T>(load: () => Promise<T>, enabled: boolean, version: unknown = 0): Loaded<T> {
  const [state, setState] = useState<{ value: T | null; loading: boolean; error: string | null }>({ value: null, loading: enabled, error: null });
  const [again, setAgain] = useState(0);
  const gen = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    const g = ++gen.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (value) => g === gen.current && setState({ value, loading: false, error: null }),
      (err: unknown) => g === gen.current && setState((s) => ({ ...s, loading: false, error: err instanceof ApiError ? err.userMessage : String(err) })),
    );
  }, [load, enabled, version, again]);
  const reload = useCallback(() => setAgain((n) => n + 1), []);
  const set = useCallback((value: T) => setState({ value, loading: false, error: null }), []);
  return { ...state, reload, set };
}
