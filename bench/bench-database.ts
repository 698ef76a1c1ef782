/** The benchmarks' throw-away databases. */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestDialect } from "../tests/support/test-database";

/**
 * A fresh database for one run (tests/support/test-database.ts needs Vitest's runner): a SQLite
 * file in a temporary folder, or a PostgreSQL database created beside TEST_DATABASE_URL's.
 */
export async function createBenchDatabase(dialect: TestDialect, prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${prefix}-`));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (dialect === "sqlite") {
    return { dataDir, url: path.join(dataDir, "store.db"), drop: async () => removeDir() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? "";
  const name = `bench_${prefix}_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    url: url.toString(),
    drop: async () => {
      await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      removeDir();
    },
  };
}
