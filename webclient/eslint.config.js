// ESLint (issue 14): typescript-eslint's recommended rules and React's hooks rules on the web
// client, with zero warnings allowed (`npm run lint`, part of `make test`), plus the rule that keeps
// jotai inside src/state/: pages and components read and change state through the hooks that
// src/state/ exports, so the state's shape can change in one place.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

export default tseslint.config(
  // e2e/ and perf/ are Node scripts (node --test, `make web-perf`; perf/ has its own node_modules).
  { ignores: ["dist/", "node_modules/", "test-results/", "e2e/", "perf/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      // The hooks rules (rules of hooks, effect dependencies). The plugin's newer React Compiler
      // rules (set-state-in-effect, refs, purity, ...) are for code compiled by the React Compiler,
      // which this client does not use.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/state/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "jotai", message: "Use the hooks and atoms of src/state/ (jotai stays inside src/state/)." },
            { name: "jotai/utils", message: "Use the hooks and atoms of src/state/ (jotai stays inside src/state/)." },
          ],
        },
      ],
    },
  },
);
