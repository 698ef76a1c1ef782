/**
 * Test databases: a fresh SQLite file per suite, and, when the PostgreSQL of TEST_DATABASE_URL
 * answers (asked once by tests/setup/postgres.ts), a fresh PostgreSQL database per suite (created
 * and dropped here). `describeEachDialect` runs a suite on both dialects, so one test file covers
 * both; without PostgreSQL its half is reported as skipped, with the reason in its title.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, inject } from "vitest";
import type { DatabaseConfig } from "../../server/config";

export type TestDialect = "sqlite" | "postgres";

/**
 * Under Vitest, the global setup's answer; in a bench script (no Vitest, where inject throws),
 * TEST_DATABASE_URL as given.
 */
function postgresAvailability(): { url: string | null; reason: string | null } {
  try {
    return inject("postgres") ?? { url: null, reason: "tests/setup/postgres.ts did not run" };
  } catch {
    const url = process.env.TEST_DATABASE_URL ?? null;
    return { url, reason: url ? null : "TEST_DATABASE_URL is not set" };
  }
}

const postgres = postgresAvailability();

/** The admin URL of a PostgreSQL that answers, or null (see `postgresSkipReason`). */
export const postgresUrl: string | null = postgres.url;
/** Why PostgreSQL suites are skipped, or null when they run. */
export const postgresSkipReason: string | null = postgres.reason;

/** The dialects whose suites can run here. Prefer `describeEachDialect`, which reports the rest. */
export function availableDialects(): TestDialect[] {
  return postgresUrl ? ["sqlite", "postgres"] : ["sqlite"];
}

/**
 * `describe.each(["sqlite", "postgres"])`, except that the PostgreSQL suite is skipped (and
 * counted as skipped, with the reason in its title) when PostgreSQL does not answer.
 * `title` may hold `%s` for the dialect.
 */
export function describeEachDialect(title: string, body: (dialect: TestDialect) => void): void {
  for (const dialect of ["sqlite", "postgres"] as const) {
    const skip = dialect === "postgres" && postgresUrl === null;
    const name = title.replace("%s", dialect) + (skip ? ` (skipped: ${postgresSkipReason})` : "");
    describe.skipIf(skip)(name, () => body(dialect));
  }
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
  const adminUrl = postgresUrl;
  if (!adminUrl) throw new Error(`no PostgreSQL for tests: ${postgresSkipReason}`);
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
