/**
 * End-to-end tests drive the built store in Debian's Chromium (never a downloaded browser).
 * The server starts on a fresh data folder each run. E2E_PORT and BUILD_DIR let several runs
 * coexist on one machine.
 */
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_TWILIO } from "./tests/e2e/twilio-settings";

const port = Number(process.env.E2E_PORT || 3210);
const dataDir = path.join(os.tmpdir(), `store-e2e-${port}-${process.pid}`);
// The server's log, read by tests/e2e/privacy.spec.ts after every other spec. Fixed by the
// runner process (workers inherit its environment; their own pid differs).
const logFile = process.env.E2E_LOG_FILE || path.join(dataDir, "server.log");
process.env.E2E_LOG_FILE = logFile;
export const E2E_ADMIN_PASSWORD = "e2e-admin-password-1234";
/** The first owner's login (ADMIN_EMAIL): the specs log in as the owner. */
export const E2E_ADMIN_EMAIL = "owner@e2e.example.com";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: "reports/playwright.json" }]]
    : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      testIgnore: /privacy\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    // Runs after every other spec: the server log must hold none of their customers' details.
    {
      name: "privacy",
      testMatch: /privacy\.spec\.ts/,
      dependencies: ["chromium"],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
  ],
  webServer: [
    {
      // Twilio's REST API stand-in (decision 553): texts never leave the machine.
      command: "npx tsx tests/e2e/twilio-stand-in-main.ts",
      url: `${E2E_TWILIO.baseUrl}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The compiled server on plain node, as `npm start` runs it (test:e2e builds first).
      command: `node ${process.env.BUILD_DIR || "build"}/server/main.js`,
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        // What `npm start` serves (scripts/start.mjs, decision 312): React's production build.
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        ADMIN_EMAIL: E2E_ADMIN_EMAIL,
        LOG_LEVEL: "info",
        // One proxy trusted: tests/e2e/privacy.spec.ts submits from its own X-Forwarded-For
        // address, so the other specs' orders cannot use up its rate limits. Browser requests
        // carry no X-Forwarded-For and keep the socket's address.
        TRUST_PROXY: "true",
        LOG_FILE: logFile,
        BUILD_DIR: process.env.BUILD_DIR || "build",
        // Texts through the stand-in above, and inbound texts signed with this token accepted.
        TWILIO_ACCOUNT_SID: E2E_TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: E2E_TWILIO.authToken,
        TWILIO_FROM: E2E_TWILIO.from,
        TWILIO_BASE_URL: E2E_TWILIO.baseUrl,
      },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
