import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { StateProvider } from "./state/hooks";
import { RouterProvider } from "react-router";
import { router } from "./router";
import { initI18n } from "./i18n";
import { detectLocale } from "./i18n/locales";
import { getCookie, LANG_COOKIE } from "./session/cookies";
import { rememberInvite } from "./session/invite";
import "./index.css";

async function boot(): Promise<void> {
  rememberInvite();
  const initial = detectLocale(
    getCookie(LANG_COOKIE),
    navigator.languages ?? [navigator.language],
    document.documentElement.dataset.locale,
    new URLSearchParams(window.location.search).get("lang"),
  );
  await initI18n(initial);
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <StateProvider>
        <RouterProvider router={router} />
      </StateProvider>
    </StrictMode>,
  );
}

void boot();
