/** The production process: config → database → migrate/seed → app → listen → graceful shutdown. */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createApp } from "./app";
import { bootstrap } from "./bootstrap";
import { ConfigError, loadConfig } from "./config";
import { createLogger, createLogWriter } from "./logger";

async function main() {
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
  if (config.logFile) fs.mkdirSync(path.dirname(config.logFile), { recursive: true });
  const logger = createLogger(config.logLevel, {}, createLogWriter(config.logFile));
  const serverEntry = path.join(config.buildDir, "server", "index.js");
  if (!fs.existsSync(serverEntry)) {
    logger.error("no build found; run `npm run build` first", { buildDir: config.buildDir });
    process.exit(1);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const { services, close } = await bootstrap(config, logger);
  await services.admin.ensurePassword();
  services.emails.start();
  services.retention.start();

  const app = createApp({ services, build, clientDir: path.join(config.buildDir, "client") });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info("store listening", { url: `http://${config.host}:${info.port}` });
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    // Stop accepting; in-flight requests finish; then close the database.
    server.close(async () => {
      await close();
      logger.info("stopped");
      process.exit(0);
    });
    // Idle keep-alive sockets would hold close() open.
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    setTimeout(() => {
      logger.warn("forced exit after 10 s");
      process.exit(1);
    }, 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  process.stderr.write(
    `Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
