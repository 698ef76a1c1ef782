/**
 * Graceful stop for a serving process (server/main.ts and the tests' api-server): on SIGTERM
 * the drain starts at once, so /readyz answers 503 and a load balancer stops sending new
 * requests; for DRAIN_SECONDS the process keeps answering (requests in flight and those the
 * balancer sends before it notices), then it stops accepting, lets what is in flight finish,
 * stops its jobs, closes the database and exits. SIGINT (Ctrl-C in a terminal) skips the wait.
 */
import type { Server } from "node:http";
import type { Logger } from "./logger";

/** How long after the drain the in-flight requests and the jobs may take before a forced exit. */
const STOP_GRACE_MS = 10_000;

export function installShutdown(options: {
  server: Pick<Server, "close"> & { closeIdleConnections?: () => void };
  readiness: { startDrain(): void };
  drainSeconds: number;
  /** Stops the jobs and closes the database. */
  close: () => Promise<void>;
  logger: Logger;
}): void {
  const { server, readiness, drainSeconds, close, logger } = options;
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    readiness.startDrain();
    const drainMs = signal === "SIGTERM" ? drainSeconds * 1000 : 0;
    logger.info("shutting down", { signal, drainSeconds: drainMs / 1000 });
    setTimeout(() => {
      // Stop accepting; in-flight requests finish; then the jobs stop and the database closes.
      server.close(async () => {
        try {
          await close();
        } finally {
          logger.info("stopped");
          process.exit(0);
        }
      });
      // Idle keep-alive sockets would hold close() open.
      server.closeIdleConnections?.();
    }, drainMs);
    setTimeout(() => {
      logger.warn(`forced exit ${(drainMs + STOP_GRACE_MS) / 1000} s after ${signal}`);
      process.exit(1);
    }, drainMs + STOP_GRACE_MS).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
