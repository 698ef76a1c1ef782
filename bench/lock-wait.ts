/**
 * npm run bench:lock-wait: does a request that touches no database wait for SQLite's write lock?
 * The store (tests/support/api-server.ts) on SQLite with WORKERS=1, then WORKERS=2, while 20
 * shoppers place orders (POST /api/cart, POST /api/orders) for BENCH_SECONDS (default 15);
 * meanwhile a probe asks GET /api/no-such-route (the API's 404, answered without the database),
 * one at a time on a new connection each (so both workers are asked), and the table shows its
 * latency. Target: with 2 workers the probe's p99 is within 2× of one worker's.
 * Loopback only; BENCH_PORT (default 3396).
 */
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { httpSend, placeOneOrder } from "../tests/support/shopper";
import { spawnServer } from "../tests/support/spawn-server";
import { createTestDatabase } from "../tests/support/test-database";
import { printTable } from "./table";

const PORT = Number(process.env.BENCH_PORT || 3396);
const SECONDS = Number(process.env.BENCH_SECONDS || 15);
const WRITERS = 20;
const PROBE_GAP_MS = 10;

function probeOnce(url: string): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.get(`${url}/api/no-such-route`, { agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve(performance.now() - started));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(performance.now() - started));
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function measure(workers: number) {
  const database = await createTestDatabase("sqlite");
  const log = path.join(database.dataDir, "store.log");
  const server = await spawnServer({
    script: "tests/support/api-server.ts",
    port: PORT,
    timeoutMs: 180_000,
    env: {
      WORKERS: String(workers),
      DATA_DIR: database.dataDir,
      ADMIN_PASSWORD: "bench-admin-password",
      TRUST_PROXY: "true",
      LOG_FILE: log,
      NODE_ENV: "production",
    },
  });
  try {
    await new Promise((r) => setTimeout(r, 3_000));
    const send = httpSend(server.url);
    const until = performance.now() + SECONDS * 1000;
    let orders = 0;
    let failed = 0;
    let n = 0;
    const writers = Array.from({ length: WRITERS }, async () => {
      while (performance.now() < until) {
        const i = n++;
        try {
          const placed = await placeOneOrder(
            send,
            i,
            { "x-forwarded-for": `10.${workers}.${(i >> 8) & 255}.${i & 255}` },
            { tag: "lockwait" },
          );
          if (placed.answer.status === 201) orders++;
          else failed++;
        } catch {
          failed++;
        }
      }
    });
    const samples: number[] = [];
    const probe = (async () => {
      while (performance.now() < until) {
        samples.push(await probeOnce(server.url));
        await new Promise((r) => setTimeout(r, PROBE_GAP_MS));
      }
    })();
    await Promise.all([...writers, probe]);
    samples.sort((a, b) => a - b);
    return {
      orders,
      failed,
      probes: samples.length,
      p50: quantile(samples, 0.5),
      p90: quantile(samples, 0.9),
      p99: quantile(samples, 0.99),
      max: samples.at(-1) ?? 0,
    };
  } finally {
    await server.kill("SIGTERM");
    await database.drop();
  }
}

async function main() {
  const one = await measure(1);
  const two = await measure(2);
  const rows = [one, two].map((r, i) => [
    String(i + 1),
    String(r.orders),
    String(r.failed),
    String(r.probes),
    r.p50.toFixed(1),
    r.p90.toFixed(1),
    r.p99.toFixed(1),
    r.max.toFixed(1),
  ]);
  printTable(
    ["WORKERS", "orders", "failed", "probes", "p50 ms", "p90 ms", "p99 ms", "max ms"],
    rows,
  );
  const ratio = two.p99 / one.p99;
  process.stdout.write(
    `\nSQLite, ${WRITERS} shoppers placing orders for ${SECONDS} s; probe GET /api/no-such-route every ${PROBE_GAP_MS} ms on a new connection. p99 2 vs 1: ${ratio.toFixed(2)}× (target ≤ 2×). node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}\n`,
  );
  process.exitCode = ratio <= 2 && one.failed + two.failed === 0 ? 0 : 1;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
