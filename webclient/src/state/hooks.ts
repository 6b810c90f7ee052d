// The one door from pages and components to jotai (the excalidraw `app-jotai.ts` pattern). Atoms
// are defined here in src/state/ (one file per area) and read or set elsewhere through these hooks
// only, so an area's state can change shape, move to a store or gain persistence in one place;
// ESLint (eslint.config.js) refuses a `jotai` import anywhere else, and
// src/state/atomsOnlyHere.test.ts refuses atoms defined outside.
//
// What this module adds to jotai: StateProvider binds React to the app's one store (appStore in
// ./store, which the non-React modules write), so no page or test picks a store by hand.
import { createElement, type ReactNode } from "react";
import { Provider } from "jotai";
import { appStore } from "./store";

export { useAtom, useAtomValue, useSetAtom, useStore } from "jotai";

/** Gives its children the app's one jotai store (main.tsx around the router; tests around what they render). */
export function StateProvider({ children }: { children?: ReactNode }) {
  return createElement(Provider, { store: appStore }, children);
}
