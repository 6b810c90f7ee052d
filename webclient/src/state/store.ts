import { createStore } from "jotai";

/**
 * The one jotai store of the app. React components reach it through <Provider>; the
 * few non-React modules that must write state (the API client on session expiry, the
 * i18n loader, the realtime bridge's connection) reach it through this export.
 */
export const appStore = createStore();
