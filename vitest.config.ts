import os from "node:os";
import { defineConfig } from "vitest/config";

// A plain config (not vite.config.ts): the React Router plugin is for the app build only.
export default defineConfig({
  test: {
    include: [
      "domain/**/*.test.ts",
      "server/**/*.test.ts",
      "app/**/*.test.{ts,tsx}",
      "tests/integration/**/*.test.ts",
    ],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    globalSetup: ["tests/setup/postgres.ts"],
    fileParallelism: true,
    // Two files at once even on two cores (Vitest's default is cores − 1): most files wait on
    // fsync, PostgreSQL or a child process more than they compute.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: process.env.CI ? { json: "reports/vitest.json" } : undefined,
  },
});
