/**
 * A database outage in the log: one line when the first request
 * is refused for it, one when the database answers again with how many requests were refused
 * meanwhile, never a line per request (a 20 s PostgreSQL outage once wrote 1,802). The end is
 * noticed by pinging the database once a second while the outage lasts, so it is logged even
 * when no request comes in after the database is back.
 */
import type { Logger } from "../logger";

export const OUTAGE_PROBE_MS = 1_000;

export interface OutageLog {
  /** A request was answered 503 because of `error` (a database that does not answer). */
  refused(error: unknown): void;
  /** Stops probing (the process is closing). */
  stop(): void;
}

export function createOutageLog(options: {
  logger: Pick<Logger, "error" | "info">;
  ping: () => Promise<void>;
  probeMs?: number;
}): OutageLog {
  const { logger, ping } = options;
  let refusedCount = 0;
  let startedAt = 0;
  let probe: NodeJS.Timeout | undefined;
  let probing = false;

  const check = async () => {
    if (probing) return;
    probing = true;
    try {
      await ping();
    } catch {
      return;
    } finally {
      probing = false;
    }
    clearInterval(probe);
    probe = undefined;
    logger.info("database available again", {
      refused: refusedCount,
      seconds: Math.round((Date.now() - startedAt) / 100) / 10,
    });
    refusedCount = 0;
  };

  return {
    refused(error) {
      refusedCount++;
      if (probe) return;
      startedAt = Date.now();
      logger.error("database unavailable", {
        error: error instanceof Error ? error.message : String(error),
      });
      probe = setInterval(check, options.probeMs ?? OUTAGE_PROBE_MS);
      // Probing must never keep a closing process alive.
      probe.unref();
    },
    stop() {
      clearInterval(probe);
      probe = undefined;
    },
  };
}
