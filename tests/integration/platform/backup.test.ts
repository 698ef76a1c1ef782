/**
 * npm run backup on a running SQLite store: orders keep arriving during the copy, and the copy
 * is a consistent database (integrity ok) holding every order acknowledged before it began.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpSend, placeOneOrder } from "../../support/shopper";
import { type SpawnedServer, spawnServer } from "../../support/spawn-server";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../..");

describe("npm run backup", () => {
  let database: TestDatabase;
  let server: SpawnedServer | undefined;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    server = await spawnServer({
      script: "tests/support/api-server.ts",
      port: 3391,
      env: { DATA_DIR: database.dataDir, ADMIN_PASSWORD: "backup-test-pw", TRUST_PROXY: "true" },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.kill("SIGTERM");
    await database?.drop();
  });

  it("copies a running store consistently, with every order acknowledged before it", async () => {
    const send = httpSend(server?.url ?? "");
    for (let n = 0; n < 10; n++) {
      const placed = await placeOneOrder(send, n, { "x-forwarded-for": `10.30.0.${n}` });
      expect(placed.answer.status).toBe(201);
    }
    // Orders go on arriving while the backup runs.
    let stop = false;
    let during = 0;
    const traffic = (async () => {
      for (let n = 100; !stop; n++) {
        const placed = await placeOneOrder(send, n, { "x-forwarded-for": `10.30.1.${n % 250}` });
        if (placed.answer.status === 201) during++;
      }
    })();
    const destination = path.join(database.dataDir, "copy.db");
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", "scripts/backup.ts", "--to", destination],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: database.dataDir } },
    );
    stop = true;
    await traffic;
    expect(stdout).toMatch(/integrity ok/);
    expect(fs.statSync(destination).mode & 0o777).toBe(0o600);
    const copy = new SQLite(destination, { readonly: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      const { n } = copy.prepare("select count(*) as n from orders").get() as { n: number };
      expect(n).toBeGreaterThanOrEqual(10);
      expect(n).toBeLessThanOrEqual(10 + during);
      // Each copied order is whole: its items came with it.
      const orphans = copy
        .prepare(
          "select count(*) as n from orders where not exists (select 1 from order_items where order_id = orders.id)",
        )
        .get() as { n: number };
      expect(orphans.n).toBe(0);
    } finally {
      copy.close();
    }
  }, 120_000);
});
