/**
 * npm run bench:orders: 2,000 orders through HTTP at concurrency 20, each from its own cart
 * (POST /api/cart, then POST /api/orders), against the store's process on SQLite
 * (synchronous=FULL, WAL) and, when TEST_DATABASE_URL is set, on PostgreSQL.
 * Prints orders per second, p50/p95/p99 latency of POST /api/orders, errors, and the server
 * process's CPU time per order (from /proc: steadier than orders/s on a shared machine), and
 * the machine's load average (1 min) at the start and the end of the measured orders.
 * Target: 0 errors, p95 < 50 ms and ≤ 3 ms of server CPU per order on SQLite.
 *
 * Each shopper comes from its own address (X-Forwarded-For with TRUST_PROXY=true), as 2,000
 * real customers would: the per-address order limit is not what this measures.
 * Then, in this process, the commit path alone: BENCH_COMMITS (default 4000)
 * transactions of one read and one insert on a scratch SQLite file opened by the store's
 * openDatabase, at the same concurrency, each shopper yielding to the event loop before its
 * transaction as a request would: transactions per second, p50/p95 from the yield to the
 * answer, CPU per transaction. It shows what the disk's fsyncs cost apart from the HTTP work.
 * Options: BENCH_ORDERS (default 2000, per store), BENCH_CONCURRENCY (default 20),
 * BENCH_WARMUP (orders placed before measuring, default 10), BENCH_COMMITS.
 * BENCH_SETTLE=1: each batch's CPU counted until its server is quiet (its emails sent), and the
 * time from the batch's last answer to its newest .eml file.
 * With BASE_DIR or BENCH_ROUNDS > 1, each batch's line also gives, per order, how long the store's
 * main thread and this process's shoppers ran and waited in the run queue for a CPU (schedstat:
 * decision 445), so that a p95 read at load can be split into work and waiting.
 * BASE_DIR=<another checkout with its node_modules>: that checkout's store too, on a database of
 * its own (port + 10), measured in BENCH_ROUNDS (default 4 then, else 1) alternating batches
 * (A B, B A, …), so a before/after pair meets the same load; a line per batch and a row per store.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase } from "../server/db/database";
import { httpSend, placeOneOrder } from "../tests/support/shopper";
import { spawnServer } from "../tests/support/spawn-server";
import { createTestDatabase, type TestDialect } from "../tests/support/test-database";
import { cpuMs as processCpuMs, schedMs } from "./store-process";
import { printTable } from "./table";

const ORDERS = Number(process.env.BENCH_ORDERS || 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 20);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || (process.env.BASE_DIR ? 4 : 1)));
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const BASE_DIR = process.env.BASE_DIR;
/**
 * BENCH_SETTLE=1: a batch's CPU is counted until its server has gone quiet (under 2 % of a core
 * for half a second), so the emails its orders queued, sent in the background, count too:
 * without it, a store whose outbox falls behind during the batch looks cheaper.
 */
const SETTLE = process.env.BENCH_SETTLE === "1";
const PORTS: Record<TestDialect, number> = {
  sqlite: Number(process.env.BENCH_PORT || 3520),
  postgres: Number(process.env.BENCH_PORT || 3520) + 1,
};

/** CPU time (user + system) a process has used so far, in ms; NaN once it is gone. */
function cpuMs(pid: number | undefined): number {
  try {
    return processCpuMs(pid);
  } catch {
    return Number.NaN;
  }
}

/** Waits (up to a minute) until the process used under 10 ms of CPU in half a second. */
async function quiet(pid: number | undefined): Promise<void> {
  const deadline = Date.now() + 60_000;
  let before = cpuMs(pid);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuMs(pid);
    if (!(now - before >= 10)) return;
    before = now;
  }
}

/** The main thread's schedstat (ms), or NaNs once the process is gone. */
function sched(pid: number | "self" | undefined): { ran: number; waited: number } {
  try {
    return schedMs(pid);
  } catch {
    return { ran: Number.NaN, waited: Number.NaN };
  }
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

interface Store {
  label: string;
  pid: number | undefined;
  /** Where the store writes its emails (.eml files, no SMTP_URL). */
  outboxDir: string;
  send: ReturnType<typeof httpSend>;
  close(): Promise<void>;
}

/** The store of `root` (this checkout, or BASE_DIR) on a fresh database of its own. */
async function startStore(dialect: TestDialect, root: string | undefined, port: number) {
  const database = await createTestDatabase(dialect);
  const server = await spawnServer({
    script: "tests/support/api-server.ts",
    port,
    ...(root ? { root } : {}),
    // Start-up on a busy machine (tsx compiling the server) can pass a minute.
    timeoutMs: 300_000,
    env: {
      DATA_DIR: database.dataDir,
      DATABASE_URL:
        database.config.dialect === "postgres"
          ? database.config.connectionString
          : database.config.filename,
      ADMIN_PASSWORD: "bench-admin-password",
      TRUST_PROXY: "true",
      LOG_LEVEL: "info",
    },
  });
  const store: Store = {
    label: root ? "BASE_DIR" : "this tree",
    pid: server.child.pid,
    outboxDir: path.join(database.dataDir, "outbox"),
    send: httpSend(server.url),
    async close() {
      await server.kill("SIGTERM");
      await database.drop();
    },
  };
  // Warm-up: orders not counted, so that JIT and connection pools are ready.
  for (let i = 0; i < WARMUP; i++) {
    await placeOneOrder(store.send, 900_000 + i, {}, { tag: "warmup" });
  }
  return store;
}

interface Batch {
  latencies: number[];
  errors: string[];
  retried: number;
  seconds: number;
  cpuMs: number;
  loads: number[];
  /** BENCH_SETTLE=1: seconds from the batch's last answer to its newest .eml file. */
  emailLagS: number;
  /** BENCH_SETTLE=1: .eml files in the outbox once the store is quiet (all batches so far). */
  emailsOut: number;
  /**
   * Per order, up to the last answer: ms the server's main thread (its event loop) and this
   * process (the shoppers) ran on a CPU and waited in the run queue for one.
   */
  waitMs: { serverRan: number; serverWaited: number; clientRan: number; clientWaited: number };
}

/** The outbox's .eml count and the newest one's time (ms since the epoch). */
function outboxState(dir: string): { count: number; newestMs: number } {
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir).filter((name) => name.endsWith(".eml"));
  } catch {
    return { count: 0, newestMs: Number.NaN };
  }
  let newestMs = Number.NaN;
  for (const name of names) {
    const t = fs.statSync(path.join(dir, name)).mtimeMs;
    if (!(t <= newestMs)) newestMs = t;
  }
  return { count: names.length, newestMs };
}

/** `count` orders (numbered from `first`) at CONCURRENCY, each from its own cart and address. */
async function placeOrders(store: Store, first: number, count: number): Promise<Batch> {
  const latencies: number[] = [];
  const errors: string[] = [];
  let retried = 0;
  let next = first;
  const end = first + count;
  const started = performance.now();
  const loadBefore = os.loadavg()[0] ?? Number.NaN;
  const cpuBefore = cpuMs(store.pid);
  const serverSchedBefore = sched(store.pid);
  const clientSchedBefore = sched("self");
  const shopper = async () => {
    while (next < end) {
      const n = next++;
      const headers = { "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
      try {
        const placed = await placeOneOrder(
          async (method, path, body, h) => {
            const t = performance.now();
            const answer = await store.send(method, path, body, h);
            if (path === "/api/orders") latencies.push(performance.now() - t);
            return answer;
          },
          n,
          headers,
          { tag: "bench" },
        );
        if (placed.retriedWithServerTotals) retried++;
        if (placed.answer.status < 200 || placed.answer.status >= 300) {
          errors.push(
            `${placed.answer.status} ${JSON.stringify(placed.answer.body).slice(0, 160)}`,
          );
        }
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, shopper));
  const seconds = (performance.now() - started) / 1000;
  const endedAt = Date.now();
  const serverSched = sched(store.pid);
  const clientSched = sched("self");
  if (SETTLE) await quiet(store.pid);
  const cpuAfter = cpuMs(store.pid);
  const outbox = SETTLE
    ? outboxState(store.outboxDir)
    : { count: Number.NaN, newestMs: Number.NaN };
  return {
    latencies,
    errors,
    retried,
    seconds,
    cpuMs: cpuAfter - cpuBefore,
    loads: [loadBefore, os.loadavg()[0] ?? Number.NaN],
    emailLagS: (outbox.newestMs - endedAt) / 1000,
    waitMs: {
      serverRan: (serverSched.ran - serverSchedBefore.ran) / count,
      serverWaited: (serverSched.waited - serverSchedBefore.waited) / count,
      clientRan: (clientSched.ran - clientSchedBefore.ran) / count,
      clientWaited: (clientSched.waited - clientSchedBefore.waited) / count,
    },
    emailsOut: outbox.count,
  };
}

function summary(dialect: TestDialect, label: string, batches: Batch[]) {
  const latencies = batches.flatMap((b) => b.latencies).sort((a, b) => a - b);
  const orders = Math.round(ORDERS / ROUNDS) * batches.length;
  const seconds = batches.reduce((sum, b) => sum + b.seconds, 0);
  const loads = batches.flatMap((b) => b.loads);
  return {
    dialect,
    label,
    orders,
    ordersPerSecond: orders / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: batches.flatMap((b) => b.errors),
    retried: batches.reduce((sum, b) => sum + b.retried, 0),
    cpuPerOrder: batches.reduce((sum, b) => sum + b.cpuMs, 0) / orders,
    /** The median batch's CPU per order: steadier than the sum when one batch met a burst. */
    medianCpuPerOrder: percentile(
      batches.map((b) => b.cpuMs / Math.round(ORDERS / ROUNDS)).sort((a, b) => a - b),
      50,
    ),
    load: `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
  };
}

/**
 * One dialect: this tree's store and, with BASE_DIR, that checkout's beside it, measured in
 * ROUNDS alternating batches (A B, B A, …) so that both meet the same load.
 */
async function run(dialect: TestDialect) {
  const port = PORTS[dialect];
  const stores = [await startStore(dialect, undefined, port)];
  try {
    if (BASE_DIR) stores.push(await startStore(dialect, BASE_DIR, port + 10));
    const batches: Batch[][] = stores.map(() => []);
    const perRound = Math.round(ORDERS / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? stores : [...stores].reverse();
      for (const store of order) {
        const k = stores.indexOf(store);
        const batch = await placeOrders(store, round * perRound, perRound);
        batches[k]?.push(batch);
        if (ROUNDS > 1) {
          process.stdout.write(
            `${dialect} round ${round + 1} ${store.label}: ${(batch.cpuMs / perRound).toFixed(2)} ms CPU/order, load ${batch.loads.map((l) => l.toFixed(1)).join("–")}; main thread ran ${batch.waitMs.serverRan.toFixed(2)} and waited ${batch.waitMs.serverWaited.toFixed(2)} ms/order for a CPU, shoppers ran ${batch.waitMs.clientRan.toFixed(2)} and waited ${batch.waitMs.clientWaited.toFixed(2)}${SETTLE ? `, last email ${batch.emailLagS.toFixed(2)} s after the last answer, ${batch.emailsOut} .eml` : ""}\n`,
          );
        }
      }
    }
    return stores.map((store, k) => summary(dialect, store.label, batches[k] ?? []));
  } finally {
    for (const store of stores) await store.close();
  }
}

const COMMITS = Number(process.env.BENCH_COMMITS || 4000);

/** The commit path alone: see the header. */
async function commitPath(): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-commits-"));
  const handle = openDatabase({ dialect: "sqlite", filename: path.join(dir, "store.db") });
  try {
    await sql`create table scratch (id integer primary key, note text not null)`.execute(handle.db);
    const latencies: number[] = [];
    let next = 0;
    const loadBefore = os.loadavg()[0] ?? Number.NaN;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const shopper = async () => {
      while (next < COMMITS) {
        const id = next++;
        const t = performance.now();
        await new Promise((resolve) => setImmediate(resolve));
        await handle.db.transaction().execute(async (trx) => {
          await sql`select id from scratch where id = ${id - 1}`.execute(trx);
          await sql`insert into scratch (id, note) values (${id}, ${"x".repeat(200)})`.execute(trx);
        });
        latencies.push(performance.now() - t);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, shopper));
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    latencies.sort((a, b) => a - b);
    return [
      String(COMMITS),
      (COMMITS / seconds).toFixed(0),
      percentile(latencies, 50).toFixed(1),
      percentile(latencies, 95).toFixed(1),
      ((cpu.user + cpu.system) / 1000 / COMMITS).toFixed(3),
      `${loadBefore.toFixed(1)}–${(os.loadavg()[0] ?? Number.NaN).toFixed(1)}`,
    ];
  } finally {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const dialects: TestDialect[] = process.env.TEST_DATABASE_URL
    ? ["sqlite", "postgres"]
    : ["sqlite"];
  const rows: string[][] = [];
  let met = true;
  for (const dialect of dialects) {
    for (const r of await run(dialect)) {
      const ok =
        r.errors.length === 0 && (dialect !== "sqlite" || (r.p95 < 50 && r.cpuPerOrder <= 3));
      if (r.label === "this tree") met &&= ok;
      rows.push([
        dialect,
        r.label,
        String(r.orders),
        r.ordersPerSecond.toFixed(0),
        r.p50.toFixed(1),
        r.p95.toFixed(1),
        r.p99.toFixed(1),
        String(r.errors.length),
        r.cpuPerOrder.toFixed(2),
        r.medianCpuPerOrder.toFixed(2),
        r.load,
        dialect === "sqlite" ? (ok ? "✓" : "✗") : ok ? "✓ (0 errors)" : "✗",
      ]);
      if (r.errors.length) {
        process.stdout.write(
          `${dialect} (${r.label}): first errors:\n  ${r.errors.slice(0, 5).join("\n  ")}\n`,
        );
      }
      if (r.retried) {
        process.stdout.write(
          `${dialect} (${r.label}): ${r.retried} orders answered 409 to the bench's totals and were retried with the server's\n`,
        );
      }
    }
  }
  printTable(
    [
      "database",
      "store",
      "orders",
      "orders/s",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "errors",
      "server CPU ms/order",
      "median of batches",
      "load avg",
      "target (0 errors, p95 < 50 ms, ≤ 3 ms CPU)",
    ],
    rows,
  );
  process.stdout.write(
    `\nconcurrency ${CONCURRENCY}, ${ROUNDS} round(s), warm-up ${WARMUP} orders per store, latency of POST /api/orders, node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}\n`,
  );
  process.stdout.write(
    "\nThe commit path alone, in this process (SQLite, WAL, synchronous=FULL):\n",
  );
  printTable(
    ["transactions", "per second", "p50 ms", "p95 ms", "CPU ms/transaction", "load avg"],
    [await commitPath()],
  );
  process.exitCode = met ? 0 : 1;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
