// The one door from pages and components to jotai (the excalidraw `app-jotai.ts` pattern). Atoms
// are defined here in src/state/ (one file per area) and read or set elsewhere through these hooks
// only, so an area's state can change shape, move to a store or gain persistence in one place;
// ESLint (eslint.config.js) refuses a `jotai` import anywhere else, and
// src/state/atomsOnlyHere.test.ts refuses atoms defined outside.
//
// What this module adds to jotai: StateProvider binds React to the app's one store (appStore in
// ./store, which the non-React modules write), so no page or test picks a store by hand.
import { createElement, useEffect, useState, type ReactNode } from "react";
import { Provider, useStore, type Atom } from "jotai";
import { appStore } from "./store";

export { useAtom, useAtomValue, useSetAtom, useStore } from "jotai";

/**
 * An atom's value like useAtomValue, but re-read at most once per animation frame: a burst of
 * writes (score frames of a busy scoreboard topic, each its own socket message and so its own task)
 * costs one render of the reader, not one per write (issue 19: blocking time of the match lists).
 * A hidden tab, where frames stop, renders the latest value when it is shown again.
 */
export function useAtomValuePerFrame<T>(a: Atom<T>): T {
  const store = useStore();
  const [snap, setSnap] = useState(() => ({ atom: a, value: store.get(a) }));
  useEffect(() => {
    let frame = 0;
    const read = () => {
      frame = 0;
      const value = store.get(a);
      setSnap((s) => (s.atom === a && Object.is(s.value, value) ? s : { atom: a, value }));
    };
    read(); // a write between the first render and this subscription
    const unsub = store.sub(a, () => {
      if (!frame) frame = requestAnimationFrame(read);
    });
    return () => {
      unsub();
      cancelAnimationFrame(frame);
    };
  }, [store, a]);
  // A new atom (another list's topics) reads its value at once rather than show the old one.
  return snap.atom === a ? snap.value : store.get(a);
}

/** Gives its children the app's one jotai store (boot/app.tsx around the router; tests around what they render). */
export function StateProvider({ children }: { children?: ReactNode }) {
  return createElement(Provider, { store: appStore }, children);
}
