/**
 * The run loop shared by the email and text dispatchers: one run at
 * a time, a run that fills its batch is followed by another, kick() batches the flushes asked
 * for close together, start() flushes on an interval, stop() waits for the run under way.
 */
import type { Logger } from "../../logger";

const KICK_DELAY_MS = 100;

export interface OutboxRun {
  /** How many messages the run sent. */
  sent: number;
  /** The run claimed a full batch: more may be waiting (another process's, or a burst). */
  full: boolean;
}

export function createOutboxLoop(options: {
  logger: Logger;
  /** Logged when a run throws ("email dispatch failed"). */
  failureMessage: string;
  runOnce: () => Promise<OutboxRun>;
  /**
   * A flush asked for during a run: "next run" waits for that run and then for one more, shared
   * by every call arriving meanwhile; "this run" returns the run under way and asks for another.
   */
  during: "next run" | "this run";
  /**
   * false in a web-only process (ROLE=web): nothing is sent from here, the messages wait in the
   * outbox for a worker. Default true.
   */
  sends?: boolean;
  /** Told after each run whether it succeeded (the job metrics). */
  onRun?: (ok: boolean) => void;
}) {
  const { logger, failureMessage, runOnce, during, onRun } = options;
  const sends = options.sends ?? true;
  let running: Promise<number> | null = null;
  let following: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let kickTimer: NodeJS.Timeout | null = null;

  async function flushOnce(): Promise<number> {
    let run: OutboxRun;
    try {
      run = await runOnce();
    } catch (error) {
      onRun?.(false);
      throw error;
    }
    onRun?.(true);
    if (run.full) again = true;
    return run.sent;
  }

  function flush(): Promise<number> {
    if (!sends) return Promise.resolve(0);
    if (running) {
      if (during === "this run") {
        again = true;
        return running;
      }
      if (!following) {
        following = running.then(() => {
          following = null;
          return flush();
        });
      }
      return following;
    }
    running = flushOnce()
      .catch((error) => {
        logger.error(failureMessage, { error });
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void flush();
        }
      });
    return running;
  }

  return {
    flush,
    /** Fire-and-forget flush shortly after a commit (batched with the kicks that follow). */
    kick(): void {
      if (!sends || kickTimer) return;
      kickTimer = setTimeout(() => {
        kickTimer = null;
        void flush();
      }, KICK_DELAY_MS);
      kickTimer.unref();
    },
    start(intervalMs = 30_000): void {
      if (!sends || timer) return;
      timer = setInterval(() => void flush(), intervalMs);
      timer.unref();
      void flush();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      if (kickTimer) clearTimeout(kickTimer);
      kickTimer = null;
      if (running) await running;
    },
  };
}
