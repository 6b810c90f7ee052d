// The one door from pages and components to jotai. Atoms are defined here in src/state/ (one file
// per area) and read or set elsewhere through these hooks only, so an area's state can change
// shape, move to a store or gain persistence in one place; ESLint (eslint.config.js) refuses a
// `jotai` import anywhere else, and src/state/atomsOnlyHere.test.ts refuses atoms defined outside.
export { Provider, createStore, useAtom, useAtomValue, useSetAtom, useStore } from "jotai";
