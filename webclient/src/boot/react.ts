// The first boot stage (src/main.tsx): React and react-dom, the largest part of the app's first
// JavaScript (react-dom's module alone took most of a 300 ms task at 4x CPU when the whole entry was
// evaluated at once, issue 19). Importing it here runs react-dom's CommonJS body in a task of its own.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

/** Something of each module, so the bundler keeps the imports (and runs their bodies) in this stage. */
export const ready = typeof createRoot === "function" && StrictMode !== undefined;
