/**
 * Vitest global setup: asks once whether the PostgreSQL of TEST_DATABASE_URL answers, and hands
 * the answer to every test file (`inject("postgres")`). When it does not, the PostgreSQL half of
 * each suite is reported as skipped with the reason, never silently dropped and never failed.
 */
import pg from "pg";
import type { TestProject } from "vitest/node";

export interface PostgresAvailability {
  /** The admin URL to create test databases from, when PostgreSQL answered. */
  url: string | null;
  /** Why the PostgreSQL suites are skipped, when they are. */
  reason: string | null;
}

declare module "vitest" {
  export interface ProvidedContext {
    postgres: PostgresAvailability;
  }
}

async function probe(url: string | undefined): Promise<PostgresAvailability> {
  if (!url) return { url: null, reason: "TEST_DATABASE_URL is not set" };
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return { url, reason: null };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { url: null, reason: `PostgreSQL at TEST_DATABASE_URL does not answer (${why})` };
  } finally {
    await client.end().catch(() => {});
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const availability = await probe(process.env.TEST_DATABASE_URL);
  if (availability.reason) {
    process.stdout.write(`\nPostgreSQL suites skipped: ${availability.reason}\n\n`);
  } else {
    process.stdout.write("\nPostgreSQL suites run against TEST_DATABASE_URL\n\n");
  }
  project.provide("postgres", availability);
}
