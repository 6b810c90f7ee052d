// Loads one read of the channel pages (loading, error, data), again when deps change.
import { useEffect, useState } from "react";
import { ApiError } from "../../api/client";

export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
}

export function useLoad<T>(load: () => Promise<T>, enabled: boolean, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: null, loading: enabled, error: null });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (data) => live && setState({ data, loading: false, error: null }),
      (err: unknown) => live && setState({ data: null, loading: false, error: err instanceof ApiError ? err.userMessage : String(err) }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, ...deps]);
  return state;
}
