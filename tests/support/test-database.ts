/**
 * Test databases: a fresh SQLite file per suite, and, when TEST_DATABASE_URL is set, a fresh
 * PostgreSQL database per suite (created and dropped here). `forEachDatabase` runs a suite on
 * every available dialect, so one test file covers both.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { DatabaseConfig } from "../../server/config";

export type TestDialect = "sqlite" | "postgres";

export function availableDialects(): TestDialect[] {
  return process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

export interface TestDatabase {
  config: DatabaseConfig;
  dataDir: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(dialect: TestDialect): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-test-"));
  if (dialect === "sqlite") {
    return {
      config: { dialect: "sqlite", filename: path.join(dataDir, "store.db") },
      dataDir,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `store_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { dialect: "postgres", connectionString: url.toString() },
    dataDir,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
