/**
 * WORKERS=N (N > 1): node:cluster on one machine. The primary prepares the store once (migrate, seed, first admin password), then
 * forks N workers that each run the whole store on the shared port (Node hands connections out
 * round-robin). A worker that dies is replaced (with backoff if it keeps dying at start-up);
 * SIGTERM/SIGINT are passed on to the workers, which finish their requests and close their
 * database, and the primary exits once they all have. Every log line of a worker carries its
 * `worker` number, so the request log says which worker served what.
 */
import cluster, { type Worker } from "node:cluster";
import { bootstrap } from "./bootstrap";
import type { Config } from "./config";
import type { Logger } from "./logger";

const QUICK_DEATH_MS = 5_000;
const MAX_RESTART_DELAY_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

/** The fields a worker's logger adds to every line; none outside a cluster. */
export function workerLogFields(): Record<string, unknown> {
  return cluster.isWorker && cluster.worker ? { worker: cluster.worker.id } : {};
}

export function isClusterPrimary(config: Config): boolean {
  return config.workers > 1 && cluster.isPrimary;
}

export async function runClusterPrimary(config: Config, logger: Logger): Promise<void> {
  // Once, before any worker: migrations, the catalog seed and the one-time admin password
  // (which N workers starting together would each generate and print).
  const prepared = await bootstrap(config, logger);
  await prepared.services.admin.ensurePassword();
  await prepared.close();

  let stopping = false;
  const startedAt = new Map<number, number>();
  let restartDelay = 0;

  const fork = (): Worker => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    return worker;
  };

  cluster.on("online", (worker) => {
    logger.info("worker started", { worker: worker.id, pid: worker.process.pid });
  });
  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      logger.info("worker stopped", { worker: worker.id, code, signal });
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info("stopped");
        process.exit(0);
      }
      return;
    }
    // A worker that dies right after starting would be restarted in a tight loop: back off.
    restartDelay =
      lived < QUICK_DEATH_MS ? Math.min(MAX_RESTART_DELAY_MS, restartDelay * 2 || 500) : 0;
    logger.error("worker died; starting another", {
      worker: worker.id,
      code,
      signal,
      restartInMs: restartDelay,
    });
    setTimeout(() => {
      if (!stopping) fork();
    }, restartDelay);
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal, workers: Object.keys(cluster.workers ?? {}).length });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    // Each worker drains for DRAIN_SECONDS (server/shutdown.ts) before it stops.
    const stopTimeoutMs = STOP_TIMEOUT_MS + config.drainSeconds * 1000;
    setTimeout(() => {
      logger.warn(`forced exit after ${stopTimeoutMs / 1000} s`);
      process.exit(1);
    }, stopTimeoutMs).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  logger.info("starting workers", { workers: config.workers });
  for (let i = 0; i < config.workers; i++) fork();
}
