/**
 * Periodic jobs that must run on one store process at a time, however many share the database
 *. Every process checks each job every
 * `checkMs`; the one whose claim succeeds (repositories/job-leases: due, and nobody's lease
 * running) runs it, and sets when it is due again. A holder that dies mid-run leaves a lease
 * that ends after `leaseMs`, and the job comes back due at its next time.
 */
import type { Db } from "../../db/database";
import { claimJobRun, releaseJobLease } from "../../db/repositories/platform/job-leases";
import type { Logger } from "../../logger";

export interface ScheduledJob {
  name: string;
  everyMs: number;
  /** Longest a run may take before another process may start one (default 10 min). */
  leaseMs?: number;
  run(): Promise<Record<string, unknown> | undefined>;
}

export function createScheduler(deps: {
  db: Db;
  logger: Logger;
  holder: string;
  /** How often each job is checked (default: a minute, or the job's period if shorter). */
  checkMs?: number;
  /** Told after each run this process made whether it succeeded (the job metrics). */
  onRun?: (job: string, ok: boolean) => void;
}) {
  const { db, logger, holder } = deps;
  const jobs: ScheduledJob[] = [];
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<boolean>>();

  /** Claims and runs `job` if it is due; true when this process ran it. */
  async function runIfDue(job: ScheduledJob): Promise<boolean> {
    const t = Date.now();
    const claimed = await claimJobRun(db, {
      name: job.name,
      holder,
      nowMs: t,
      leaseUntil: t + (job.leaseMs ?? 10 * 60_000),
      nextRunAt: t + job.everyMs,
    });
    if (!claimed) return false;
    let ok = false;
    try {
      const result = await job.run();
      ok = true;
      logger.info("scheduled job ran", { job: job.name, ...result });
    } finally {
      deps.onRun?.(job.name, ok);
      await releaseJobLease(db, job.name, holder);
    }
    return true;
  }

  function check(job: ScheduledJob): Promise<boolean> {
    const run = runIfDue(job).catch((error) => {
      logger.error("scheduled job failed", { job: job.name, error });
      return false;
    });
    running.add(run);
    void run.finally(() => running.delete(run));
    return run;
  }

  return {
    add(job: ScheduledJob): void {
      jobs.push(job);
    },
    runIfDue,
    /** Check every job now, then every checkMs. */
    start(): void {
      if (timers.length) return;
      for (const job of jobs) {
        void check(job);
        const timer = setInterval(
          () => void check(job),
          Math.min(deps.checkMs ?? 60_000, job.everyMs),
        );
        timer.unref();
        timers.push(timer);
      }
    },
    async stop(): Promise<void> {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.all(running);
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
