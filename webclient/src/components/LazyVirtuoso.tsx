// react-virtuoso (about 19 KB gzip) as a chunk of its own, so that the home page and the live room
// can render their first frame without it: the chunk starts loading as soon as a page that uses it
// is loaded (in parallel with that page's data), and until it has arrived the list shows its
// fallback (the panel's loading state). Same props and ref as Virtuoso.
import { lazy, Suspense, type ReactNode, type Ref } from "react";
import type { VirtuosoHandle, VirtuosoProps } from "react-virtuoso";

let started: Promise<typeof import("react-virtuoso")> | null = null;

/** Starts fetching react-virtuoso (once); a page calls it when it loads, before it has data. */
export function preloadVirtuoso(): Promise<typeof import("react-virtuoso")> {
  started ??= import("react-virtuoso");
  return started;
}

const Lazy = lazy(async () => ({ default: (await preloadVirtuoso()).Virtuoso }));

export type LazyVirtuosoProps<D, C> = VirtuosoProps<D, C> & { ref?: Ref<VirtuosoHandle>; fallback?: ReactNode };

/** Virtuoso, loaded lazily; fallback shows until the chunk has arrived. */
export function Virtuoso<D, C = unknown>({ fallback = null, ...props }: LazyVirtuosoProps<D, C>) {
  return (
    <Suspense fallback={fallback}>
      <Lazy {...(props as VirtuosoProps<unknown, unknown>)} />
    </Suspense>
  );
}
