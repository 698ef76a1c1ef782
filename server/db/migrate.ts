/** Runs the migrations in server/db/migrations at start-up (Kysely's Migrator). */
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import * as m0001 from "./migrations/0001-initial";
import * as m0002 from "./migrations/0002-pricing-and-money";
import * as m0003 from "./migrations/0003-store-meta";
import * as m0004 from "./migrations/0004-back-office";
import * as m0005 from "./migrations/0005-samples-and-estimates";
import * as m0007 from "./migrations/0007-shared-state";
import * as m0008 from "./migrations/0008-staff-accounts";
import * as m0009 from "./migrations/0009-catalog-admin";
import * as m0010 from "./migrations/0010-sales-foundations";
import * as m0011 from "./migrations/0011-safety";
import * as m0012 from "./migrations/0012-quotes";
import * as m0013 from "./migrations/0013-booking-and-texts";
import * as m0014 from "./migrations/0014-purchasing-and-close-out";
import * as m0015 from "./migrations/0015-account-and-tax";
import * as m0016 from "./migrations/0016-product-photos";
import * as m0017 from "./migrations/0017-one-item-size";
import * as m0019 from "./migrations/0019-outbox-claim-order";
import * as m0020 from "./migrations/0020-one-visit-table";
import * as m0021 from "./migrations/0021-email-reply-to";
import * as m0022 from "./migrations/0022-close-out-balance";
import * as m0024 from "./migrations/0024-texts-both-ways";
import * as m0025 from "./migrations/0025-job-costs";
import * as m0026 from "./migrations/0026-saved-projects";
import * as m0027 from "./migrations/0027-visit-measurements";
import * as m0029 from "./migrations/0029-quote-tiers";
import * as m0030 from "./migrations/0030-idempotency-keys";
import * as m0031 from "./migrations/0031-customer-language";

// Listed explicitly rather than read from disk, so the server runs the same from any
// working directory and bundler.
const MIGRATIONS: Record<string, Migration> = {
  "0001-initial": m0001,
  "0002-pricing-and-money": m0002,
  "0003-store-meta": m0003,
  "0004-back-office": m0004,
  "0005-samples-and-estimates": m0005,
  "0007-shared-state": m0007,
  "0008-staff-accounts": m0008,
  "0009-catalog-admin": m0009,
  "0010-sales-foundations": m0010,
  "0011-safety": m0011,
  "0012-quotes": m0012,
  "0013-booking-and-texts": m0013,
  "0014-purchasing-and-close-out": m0014,
  "0015-account-and-tax": m0015,
  "0016-product-photos": m0016,
  "0017-one-item-size": m0017,
  "0019-outbox-claim-order": m0019,
  "0020-one-visit-table": m0020,
  "0021-email-reply-to": m0021,
  "0022-close-out-balance": m0022,
  "0024-texts-both-ways": m0024,
  "0025-job-costs": m0025,
  "0026-saved-projects": m0026,
  "0027-visit-measurements": m0027,
  "0029-quote-tiers": m0029,
  "0030-idempotency-keys": m0030,
  "0031-customer-language": m0031,
};

const provider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};

/**
 * Numbers are handed out to work built in parallel, so one can land after a higher one
 * (0014 after 0015): a database that already ran the higher one still runs the lower one
 *. Each migration touches its own tables and columns.
 */
const ALLOW_UNORDERED = true;

/**
 * Expand-then-contract (docs/deployment.md): a newer release's migrations never break this
 * one, so during a rolling deploy this release still starts on a database a newer one has
 * migrated. Kysely refuses a database that ran a migration its list lacks; the names a newer
 * release ran are listed here as already run, never to be run by this release.
 */
const NEWER_RELEASES_MIGRATION: Migration = {
  async up() {
    throw new Error("a newer release's migration is never run by this one");
  },
};

/** Migrations the database has run that this release does not know (a newer release's). */
export async function newerReleasesMigrations<T>(db: Kysely<T>): Promise<string[]> {
  let names: string[];
  try {
    const result = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    names = result.rows.map((r) => r.name);
  } catch {
    return []; // a new database: no migration table yet
  }
  return names.filter((name) => !(name in MIGRATIONS)).sort();
}

/** This release's migrations, and a newer release's that the database has already run. */
async function providerFor<T>(db: Kysely<T>): Promise<MigrationProvider> {
  const newer = await newerReleasesMigrations(db);
  if (newer.length === 0) return provider;
  const all: Record<string, Migration> = { ...MIGRATIONS };
  for (const name of newer) all[name] = NEWER_RELEASES_MIGRATION;
  return { getMigrations: async () => all };
}

export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: await providerFor(db),
    allowUnorderedMigrations: ALLOW_UNORDERED,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Migrates up (or down) to `name` exactly: tests of a migration's backfill start before it. */
export async function migrateTo<T>(db: Kysely<T>, name: string): Promise<void> {
  const { error } = await new Migrator({
    db,
    provider,
    allowUnorderedMigrations: ALLOW_UNORDERED,
  }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** The migrations this release knows that the database has not run (readiness: none). */
export async function pendingMigrations<T>(db: Kysely<T>): Promise<string[]> {
  const migrations = await new Migrator({
    db,
    provider,
    allowUnorderedMigrations: ALLOW_UNORDERED,
  }).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
