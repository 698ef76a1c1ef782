/**
 * npm run bench:propagation: how long a catalog change takes to reach the other processes.
 * Two store processes (tests/support/api-server.ts) on one SQLite file and, when
 * TEST_DATABASE_URL is set, three on one PostgreSQL database. BENCH_ROUNDS (default 20) times:
 * the vinyl rate changes in the database and the change is announced as the catalog editor does
 * (catalogChanges.changed()); every process is asked for a quote every 10 ms until it answers
 * the new price. The figure is the time from the announcement to that answer.
 *
 * Target: every process quotes the new price within 1 s (max below 1000 ms).
 * The tests prove the change is seen without a restart; this measures how fast, on a machine
 * quiet enough for timings to mean something.
 */
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { seedCatalog } from "../server/db/seed";
import { createLogger } from "../server/logger";
import { createCatalogChanges } from "../server/services/storefront/catalog-changes";
import { httpSend, type Send } from "../tests/support/shopper";
import { type SpawnedServer, spawnServer } from "../tests/support/spawn-server";
import { createTestDatabase, postgresUrl, type TestDialect } from "../tests/support/test-database";
import { printTable } from "./table";

const ROUNDS = Number(process.env.BENCH_ROUNDS || 20);
const BASE_PORT = Number(process.env.BENCH_PORT || 3396);
const PROCESSES: Record<TestDialect, number> = { sqlite: 2, postgres: 3 };

async function quote(send: Send): Promise<number> {
  const answer = await send("POST", "/api/calculate-price", {
    productType: "vinyl",
    width: 36,
    height: 48,
    includeInstallation: false,
  });
  if (answer.status !== 200) throw new Error(`quote answered ${answer.status}`);
  return (answer.body as { totalPrice: number }).totalPrice;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function measure(dialect: TestDialect) {
  const database = await createTestDatabase(dialect);
  const handle = openDatabase(database.config);
  const servers: SpawnedServer[] = [];
  try {
    await migrateToLatest(handle.db);
    await seedCatalog(handle.db);
    for (let i = 0; i < PROCESSES[dialect]; i++) {
      servers.push(
        await spawnServer({
          script: "tests/support/api-server.ts",
          port: BASE_PORT + i,
          timeoutMs: 120_000,
          env: {
            DATA_DIR: path.join(database.dataDir, `machine-${i}`),
            DATABASE_URL:
              database.config.dialect === "postgres"
                ? database.config.connectionString
                : database.config.filename,
            ADMIN_PASSWORD: "bench-admin-password",
            LOG_LEVEL: "warn",
          },
        }),
      );
    }
    const sends = servers.map((s) => httpSend(s.url));
    const changes = createCatalogChanges({
      db: handle.db,
      database: database.config,
      logger: createLogger("silent"),
    });
    // Every process has loaded its catalog (and its PostgreSQL listener is up) before round 1.
    for (const send of sends) await quote(send);
    await new Promise((r) => setTimeout(r, 500));

    const seen: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const rate = 4_00 + round * 10;
      const expected = (12 * rate) / 100; // 36" × 48" is 12 sq ft: $49 or more, above the minimum
      await handle.db
        .updateTable("products")
        .set({ rate_cents_per_sqft: rate })
        .where("type", "=", "vinyl")
        .execute();
      await changes.changed();
      const announced = performance.now();
      await Promise.all(
        sends.map(async (send) => {
          for (;;) {
            if ((await quote(send)) === expected) break;
            if (performance.now() - announced > 10_000) throw new Error("not seen in 10 s");
            await new Promise((r) => setTimeout(r, 10));
          }
          seen.push(performance.now() - announced);
        }),
      );
    }
    return seen.sort((a, b) => a - b);
  } finally {
    await Promise.all(servers.map((s) => s.kill("SIGTERM")));
    await handle.close();
    await database.drop();
  }
}

async function main() {
  const dialects: TestDialect[] = postgresUrl ? ["sqlite", "postgres"] : ["sqlite"];
  const rows: string[][] = [];
  let met = true;
  for (const dialect of dialects) {
    const seen = await measure(dialect);
    const max = seen[seen.length - 1] ?? Number.NaN;
    met &&= max < 1_000;
    rows.push([
      dialect,
      String(PROCESSES[dialect]),
      String(seen.length),
      percentile(seen, 50).toFixed(0),
      percentile(seen, 95).toFixed(0),
      max.toFixed(0),
      max < 1_000 ? "yes" : "no",
    ]);
  }
  printTable(
    ["database", "processes", "observations", "p50 ms", "p95 ms", "max ms", "all < 1000 ms"],
    rows,
  );
  process.stdout.write(
    `\n${ROUNDS} rate changes, each quoted by every process until the new price; node ` +
      `${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load average ` +
      `${os
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
