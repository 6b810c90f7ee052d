// The app's last boot stage (src/main.tsx imports it after React and the core libraries): the route
// table, the layout, i18n and the state, and the first render.
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { StateProvider } from "../state/hooks";
import { RouterProvider } from "react-router";
import { createAppRouter } from "../router";
import { initI18n } from "../i18n";
import { detectLocale } from "../i18n/locales";
import { getCookie, LANG_COOKIE } from "../session/cookies";
import { rememberInvite } from "../session/invite";
import { captureShell } from "../components/appShell";
import { captureSeed } from "../data";
import "../index.css";

/**
 * Resolves once the router has loaded the first page's lazy route (its chunk). The first HTML holds a
 * static shell of the page (the header and the heading, written by the node: api/siteshell.go); React's
 * first commit replaces it, so that commit must be the page itself, not the route's empty fallback,
 * or the shell would blink out while the route chunk arrives.
 */
function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** Renders the app into #root once the first page's route chunk and the reader's language are loaded. */
export async function start(): Promise<void> {
  rememberInvite();
  captureShell();
  captureSeed();
  const initial = detectLocale(
    getCookie(LANG_COOKIE),
    navigator.languages ?? [navigator.language],
    document.documentElement.dataset.locale,
    new URLSearchParams(window.location.search).get("lang"),
  );
  const i18n = initI18n(initial);
  const router = createAppRouter();
  await Promise.all([i18n, routerReady(router)]);
  const root = createRoot(document.getElementById("root")!);
  // As a transition, React renders the first page in slices of a few milliseconds, yielding to the
  // browser between them, instead of one long task (issue 19, blocking time: the shell is already on
  // screen, so nothing is gained by rendering the page in one go).
  startTransition(() =>
    root.render(
      <StrictMode>
        <StateProvider>
          <RouterProvider router={router} />
        </StateProvider>
      </StrictMode>,
    ),
  );
}
