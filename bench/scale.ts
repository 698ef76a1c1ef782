/**
 * npm run bench:scale: what WORKERS=2 buys on this machine. The built store (server/main.ts)
 * with WORKERS=1, then WORKERS=2, on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL:
 *
 * - pages: autocannon on server-rendered pages (every request rendered by React Router: the
 *   page cache, where there is one, is bypassed with a fresh query string per request), 20
 *   connections, BENCH_SECONDS (default 10) after a 2 s warm-up;
 * - orders: BENCH_ORDERS (default 600) orders at concurrency 20, each shopper on its own cart
 *   and address (POST /api/cart, then POST /api/orders), as bench:orders does.
 *
 * Target: ≥ 1.4× page req/s with 2 workers. Builds into BUILD_DIR (default build-bench) unless
 * BENCH_NO_BUILD=1 and a build is there. BENCH_PORT (default 3392).
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { httpSend, placeOneOrder } from "../tests/support/shopper";
import { spawnServer } from "../tests/support/spawn-server";
import { createTestDatabase, postgresUrl, type TestDialect } from "../tests/support/test-database";
import { printTable } from "./table";

const BUILD_DIR = process.env.BUILD_DIR || "build-bench";
const PORT = Number(process.env.BENCH_PORT || 3392);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const ORDERS = Number(process.env.BENCH_ORDERS || 600);
const CONCURRENCY = 20;
const CONNECTIONS = 20;
const PAGES = ["/product/vinyl", "/", "/faq", "/zebra-shades"];

function build() {
  if (process.env.BENCH_NO_BUILD && fs.existsSync(path.join(BUILD_DIR, "server", "index.js"))) {
    return;
  }
  process.stdout.write(`Building the store into ${BUILD_DIR}/ …\n`);
  const env = { ...process.env, BUILD_DIR };
  execSync("npx react-router build", { stdio: ["ignore", "ignore", "inherit"], env });
  execSync("npx tsx scripts/compress-assets.ts", { stdio: "ignore", env });
}

/** Page requests per second, each request a page React Router renders. */
async function pagesPerSecond(url: string) {
  let n = 0;
  const options = {
    url,
    connections: CONNECTIONS,
    // A fresh query string per request: no cache in front of the renderer answers it.
    requests: [
      {
        setupRequest: (request: { path: string }) => ({
          ...request,
          path: `${PAGES[n % PAGES.length]}?bench=${n++}`,
        }),
      },
    ],
  };
  await autocannon({ ...options, duration: 2 });
  const r = await autocannon({ ...options, duration: SECONDS });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.errors + r.timeouts + r.non2xx,
  };
}

async function ordersPerSecond(url: string, salt: number) {
  const send = httpSend(url);
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ORDERS) {
        const n = next++;
        const address = `10.${salt}.${(n >> 8) & 255}.${n & 255}`;
        try {
          const placed = await placeOneOrder(
            send,
            n,
            { "x-forwarded-for": address },
            {
              tag: "scale",
            },
          );
          if (placed.answer.status !== 201) failed++;
        } catch {
          failed++;
        }
      }
    }),
  );
  return { ops: ORDERS / ((performance.now() - started) / 1000), failed };
}

async function measure(dialect: TestDialect, workers: number) {
  const database = await createTestDatabase(dialect);
  const server = await spawnServer({
    script: "server/main.ts",
    port: PORT,
    timeoutMs: 180_000,
    env: {
      BUILD_DIR,
      WORKERS: String(workers),
      DATA_DIR: database.dataDir,
      DATABASE_URL:
        database.config.dialect === "postgres"
          ? database.config.connectionString
          : database.config.filename,
      ADMIN_PASSWORD: "bench-admin-password",
      TRUST_PROXY: "true",
      LOG_LEVEL: "info",
      LOG_FILE: path.join(database.dataDir, "store.log"),
      // As `npm start` (scripts/start.mjs): unset, React renders every page with its
      // development build, several times slower.
      NODE_ENV: "production",
    },
  });
  try {
    // /healthz answers once the first worker listens: wait until every worker does.
    const log = path.join(database.dataDir, "store.log");
    const listening = () =>
      fs.existsSync(log) ? fs.readFileSync(log, "utf8").split('"store listening"').length - 1 : 0;
    const deadline = Date.now() + 120_000;
    while (listening() < workers && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const pages = await pagesPerSecond(server.url);
    const orders = await ordersPerSecond(server.url, workers);
    return { pages, orders };
  } finally {
    await server.kill("SIGTERM");
    await database.drop();
  }
}

async function main() {
  build();
  const dialects: TestDialect[] = postgresUrl ? ["sqlite", "postgres"] : ["sqlite"];
  const rows: string[][] = [];
  let met = true;
  for (const dialect of dialects) {
    const one = await measure(dialect, 1);
    const two = await measure(dialect, 2);
    const pageRatio = two.pages.rps / one.pages.rps;
    const orderRatio = two.orders.ops / one.orders.ops;
    met &&= pageRatio >= 1.4;
    for (const [workers, r] of [
      [1, one],
      [2, two],
    ] as const) {
      rows.push([
        dialect,
        String(workers),
        r.pages.rps.toFixed(0),
        `${r.pages.p50} / ${r.pages.p99}`,
        String(r.pages.bad),
        r.orders.ops.toFixed(0),
        String(r.orders.failed),
        workers === 2 ? `${pageRatio.toFixed(2)}× pages, ${orderRatio.toFixed(2)}× orders` : "",
      ]);
    }
  }
  printTable(
    [
      "database",
      "WORKERS",
      "pages req/s",
      "p50 / p99 ms",
      "page errors",
      "orders/s",
      "order errors",
      "2 vs 1 (target ≥ 1.4× pages)",
    ],
    rows,
  );
  process.stdout.write(
    `\npages ${PAGES.join(", ")} rendered per request, ${CONNECTIONS} connections, ${SECONDS} s; ` +
      `${ORDERS} orders at concurrency ${CONCURRENCY}; node ${process.version}, ` +
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}\n`,
  );
  process.exitCode = met ? 0 : 1;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
