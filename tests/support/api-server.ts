/**
 * The store's HTTP process without the page build: the same configuration, bootstrap
 * (migrate, seed, services) and createApp as server/main.ts, serving /api and /healthz only.
 * The durability battery and bench:orders spawn it as a real child process
 * (`node --import tsx tests/support/api-server.ts` with PORT, DATA_DIR, DATABASE_URL …) so they
 * need no `npm run build`. Logs go where main.ts sends them: LOG_FILE, else standard output.
 */
import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "../../server/app";
import { bootstrap } from "../../server/bootstrap";
import { isClusterPrimary, runClusterPrimary, workerLogFields } from "../../server/cluster";
import { loadConfig } from "../../server/config";
import { guardRequestTimes, HTTP_SERVER_OPTIONS } from "../../server/http-options";
import { createLogger, createLogWriter } from "../../server/logger";
import { installShutdown } from "../../server/shutdown";

async function main() {
  process.umask(0o077);
  const config = loadConfig();
  if (config.logFile) fs.mkdirSync(path.dirname(config.logFile), { recursive: true, mode: 0o700 });
  const logger = createLogger(config.logLevel, workerLogFields(), createLogWriter(config.logFile));
  // WORKERS > 1: the same cluster primary as server/main.ts (tests/integration/cluster.test.ts).
  if (isClusterPrimary(config)) return runClusterPrimary(config, logger);
  const { services, close } = await bootstrap(config, logger);
  await services.admin.ensurePassword();
  services.background.start();
  const app = createApp({ services });
  const server = serve(
    {
      fetch: app.fetch,
      port: config.port,
      hostname: config.host,
      serverOptions: HTTP_SERVER_OPTIONS,
    },
    (info) => {
      logger.info("store listening", { url: `http://${config.host}:${info.port}` });
    },
  );
  guardRequestTimes(server as Server);

  // The same drain as server/main.ts: /readyz 503 for DRAIN_SECONDS, then stop.
  installShutdown({
    server: server as Server,
    readiness: services.readiness,
    drainSeconds: config.drainSeconds,
    close,
    logger,
  });
}

main().catch((error) => {
  process.stderr.write(`api-server failed: ${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
