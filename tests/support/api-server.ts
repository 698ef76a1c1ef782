/**
 * The store's HTTP process without the page build: the same configuration, bootstrap
 * (migrate, seed, services) and createApp as server/main.ts, serving /api and /healthz only.
 * The durability battery and bench:orders spawn it as a real child process
 * (`node --import tsx tests/support/api-server.ts` with PORT, DATA_DIR, DATABASE_URL …) so they
 * need no `npm run build`. Logs go where main.ts sends them: LOG_FILE, else standard output.
 */
import fs from "node:fs";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "../../server/app";
import { bootstrap } from "../../server/bootstrap";
import { loadConfig } from "../../server/config";
import { createLogger, createLogWriter } from "../../server/logger";

async function main() {
  const config = loadConfig();
  if (config.logFile) fs.mkdirSync(path.dirname(config.logFile), { recursive: true });
  const logger = createLogger(config.logLevel, {}, createLogWriter(config.logFile));
  const { services, close } = await bootstrap(config, logger);
  await services.admin.ensurePassword();
  services.emails.start();
  const app = createApp({ services });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  const shutdown = () => {
    server.close(async () => {
      await close();
      process.exit(0);
    });
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error) => {
  process.stderr.write(`api-server failed: ${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
