import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// The Go node serves dist/ at "/" and the REST API at "/java"; in development the
// Vite server forwards "/java" to a node on the default port.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/java": { target: "http://127.0.0.1:8080", changeOrigin: false },
      "/media": { target: "http://127.0.0.1:8080", changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      "/java": { target: "http://127.0.0.1:8080", changeOrigin: false },
      "/media": { target: "http://127.0.0.1:8080", changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
