/**
 * The store's Prometheus metrics (prom-client), one Registry per set of services (never the
 * global default, so that several stores in one test process do not share counters):
 * requests by route pattern and status with a duration histogram, the email and text outboxes'
 * depth and oldest item's age (read from the database on each scrape), job runs and failures,
 * the database pool's use, and the process's own (memory, CPU, event loop) from
 * collectDefaultMetrics. GET /metrics (server/api/platform/health.ts) answers registry.metrics().
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Db, PoolUse } from "../db/database";
import {
  emailQueueStats,
  type QueueStats,
  textQueueStats,
} from "../db/repositories/platform/queue-stats";

/** Seconds: from a fast cached answer to the slowest page a shopper would still wait for. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(deps: { db: Db; poolUse?: () => PoolUse }) {
  const { db } = deps;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "store_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "store_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: "store_job_runs_total",
    help: "Runs of background jobs (scheduled jobs and outbox sends) by this process.",
    labelNames: ["job"] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: "store_job_failures_total",
    help: "Runs of background jobs by this process that failed.",
    labelNames: ["job"] as const,
    registers: [registry],
  });

  const queueGauges = (
    queue: "email" | "text",
    read: (db: Db) => Promise<QueueStats>,
  ): { depth: Gauge; age: Gauge } => {
    // One read per scrape answers both gauges: the depth's collect() reads, the age's uses it.
    let last: Promise<QueueStats> | null = null;
    const depth = new Gauge({
      name: `store_${queue}_outbox_depth`,
      help: `${queue === "email" ? "Emails" : "Texts"} waiting to be sent (shared by every process).`,
      registers: [registry],
      async collect() {
        last = read(db);
        this.set((await last).depth);
      },
    });
    const age = new Gauge({
      name: `store_${queue}_outbox_oldest_age_seconds`,
      help: `Age of the oldest ${queue} waiting to be sent, in seconds (0 when none waits).`,
      registers: [registry],
      async collect() {
        const stats = await (last ?? read(db));
        last = null;
        const oldest = stats.oldestCreatedAt ? Date.parse(stats.oldestCreatedAt) : Number.NaN;
        this.set(Number.isFinite(oldest) ? Math.max(0, (Date.now() - oldest) / 1000) : 0);
      },
    });
    return { depth, age };
  };
  queueGauges("email", emailQueueStats);
  queueGauges("text", textQueueStats);

  const { poolUse } = deps;
  if (poolUse) {
    new Gauge({
      name: "store_db_pool_connections",
      help: "Database pool connections by state (total open, idle, waiting queries, max).",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: "total" }, use.total);
        this.set({ state: "idle" }, use.idle);
        this.set({ state: "in_use" }, use.total - use.idle);
        this.set({ state: "waiting" }, use.waiting);
        this.set({ state: "max" }, use.max);
      },
    });
  }

  return {
    registry,
    /** One answered request: `route` is the matched pattern (/api/orders/:reference), never the path. */
    observeRequest(method: string, route: string, status: number, seconds: number): void {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    /** One run of a background job, and whether it failed. */
    jobRan(job: string, ok: boolean): void {
      jobRuns.inc({ job });
      if (!ok) jobFailures.inc({ job });
    },
    /** The Prometheus text exposition of every metric. */
    async text(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
