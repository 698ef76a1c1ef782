/**
 * Expand-then-contract, the half a rolling deploy needs at start-up: this release still starts
 * (migrates, answers /readyz) on a database that a newer release has already migrated, whose
 * kysely_migration lists a migration this release does not know. Kysely on its own refuses it
 * ("corrupted migrations"), which would stop an old process restarting mid-deploy.
 */
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../../server/db/database";
import {
  migrateToLatest,
  newerReleasesMigrations,
  pendingMigrations,
} from "../../../server/db/migrate";
import { createReadiness } from "../../../server/runtime/readiness";
import {
  createTestDatabase,
  describeEachDialect,
  type TestDatabase,
} from "../../support/test-database";

const NEWER = "0999-from-a-newer-release";

describeEachDialect("a database migrated by a newer release, on %s", (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase(database.config);
    expect(await newerReleasesMigrations(handle.db)).toEqual([]);
    await migrateToLatest(handle.db);
    await sql`insert into kysely_migration (name, timestamp) values (${NEWER}, ${new Date().toISOString()})`.execute(
      handle.db,
    );
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it("is refused by Kysely's own check, which is why the store lists it", async () => {
    // This release's migrations (every name the database ran but the newer one), as Kysely's
    // own provider would list them.
    const ours = await sql<{ name: string }>`select name from kysely_migration`.execute(handle.db);
    const listed = Object.fromEntries(
      ours.rows.filter((r) => r.name !== NEWER).map((r) => [r.name, { up: async () => {} }]),
    );
    const plain = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => listed },
      allowUnorderedMigrations: true,
    });
    const { error } = await plain.migrateToLatest();
    expect(String(error)).toContain(`previously executed migration ${NEWER} is missing`);
  });

  it("still migrates (nothing to do), has nothing pending and is ready", async () => {
    expect(await newerReleasesMigrations(handle.db)).toEqual([NEWER]);
    expect(await migrateToLatest(handle.db)).toEqual([]);
    expect(await pendingMigrations(handle.db)).toEqual([]);
    expect(await createReadiness(handle).check()).toEqual({ ready: true });
  });

  it("still runs this release's own migrations that have not run", async () => {
    await sql`delete from kysely_migration where name = '0022-close-out-balance'`.execute(
      handle.db,
    );
    // Its column is there already: drop it so that its up() can run again.
    await handle.db.schema.alterTable("close_outs").dropColumn("balance_reason").execute();
    expect(await pendingMigrations(handle.db)).toEqual(["0022-close-out-balance"]);
    expect(await migrateToLatest(handle.db)).toEqual(["0022-close-out-balance"]);
    expect(await pendingMigrations(handle.db)).toEqual([]);
  });
});
