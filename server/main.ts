/** The production process: config → database → migrate/seed → app → listen → graceful shutdown. */
import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { placeholderFacts } from "../domain/shared/business";
import { createApp } from "./app";
import { bootstrap } from "./bootstrap";
import { isClusterPrimary, runClusterPrimary, workerLogFields } from "./cluster";
import { ConfigError, loadConfig } from "./config";
import { guardRequestTimes, HTTP_SERVER_OPTIONS } from "./http-options";
import { createLogger, createLogWriter } from "./logger";
import { installShutdown } from "./shutdown";

async function main() {
  // Whatever the store writes (database, outbox, logs, uploads) is its user's alone, even a file
  // a future feature forgets to give a mode.
  process.umask(0o077);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (config.logFile) {
    fs.mkdirSync(path.dirname(config.logFile), { recursive: true, mode: 0o700 });
  }
  const logger = createLogger(config.logLevel, workerLogFields(), createLogWriter(config.logFile));
  const serverEntry = path.join(config.buildDir, "server", "index.js");
  // A worker (ROLE=worker) serves no pages: it needs no page build.
  if (config.role !== "worker" && !fs.existsSync(serverEntry)) {
    logger.error("no build found; run `npm run build` first", { buildDir: config.buildDir });
    process.exit(1);
  }
  if (isClusterPrimary(config)) return runClusterPrimary(config, logger);
  const placeholders = placeholderFacts(config.business);
  if (placeholders.length > 0) {
    // Loud on purpose: a store that opens with these sends customers to a number nobody answers.
    logger.warn(
      `PLACEHOLDER BUSINESS FACTS: ${placeholders.join(", ")}. Set BUSINESS_PHONE and BUSINESS_EMAIL before opening the store.`,
      { placeholders },
    );
  }
  const { services, close } = await bootstrap(config, logger);
  await services.admin.ensurePassword();
  services.background.start();
  // The page build is imported after the owner's password check: its scrypt takes 16 MB for a
  // moment, and the process's peak is lowest before the pages' modules are in memory.
  const build =
    config.role === "worker"
      ? undefined
      : ((await import(pathToFileURL(serverEntry).href)) as ServerBuild);

  const app = createApp({
    services,
    build,
    clientDir: build ? path.join(config.buildDir, "client") : undefined,
  });
  const server = serve(
    {
      fetch: app.fetch,
      port: config.port,
      hostname: config.host,
      serverOptions: HTTP_SERVER_OPTIONS,
    },
    (info) => {
      logger.info("store listening", {
        url: `http://${config.host}:${info.port}`,
        role: config.role,
      });
    },
  );

  guardRequestTimes(server as Server);

  installShutdown({
    server: server as Server,
    readiness: services.readiness,
    drainSeconds: config.drainSeconds,
    close,
    logger,
  });
}

main().catch((error) => {
  process.stderr.write(
    `Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
