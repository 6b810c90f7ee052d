// The second boot stage (src/main.tsx): the libraries and the data layer the pages share (the
// "core" chunk of vite.config.ts: react-router, i18next, jotai, src/data and the API client),
// evaluated in a task of their own after React's.
import { createBrowserRouter } from "react-router";
import i18next from "i18next";
import { useResource } from "../data";

export const ready = typeof createBrowserRouter === "function" && typeof useResource === "function" && i18next !== undefined;
