/**
 * State that several store processes share through the database: rate-limit counters, leases of scheduled jobs, the catalog's version, and the
 * outbox claim columns. Frozen in time: uses Kysely<any> and no application imports.
 * Times that are only compared (never shown) are milliseconds since the epoch (bigint).
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("points", "integer", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("rate_limits_expiry")
    .on("rate_limits")
    .column("expires_at")
    .execute();

  await db.schema
    .createTable("job_leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text")
    .addColumn("lease_until", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("next_run_at", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("last_run_at", "text")
    .execute();

  await db.schema
    .createTable("catalog_version")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await sql`insert into catalog_version (id, version) values (1, 0)`.execute(db);

  await db.schema.alterTable("email_outbox").addColumn("claimed_by", "text").execute();
  await db.schema.alterTable("email_outbox").addColumn("claimed_until", "text").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("email_outbox").dropColumn("claimed_until").execute();
  await db.schema.alterTable("email_outbox").dropColumn("claimed_by").execute();
  await db.schema.dropTable("catalog_version").ifExists().execute();
  await db.schema.dropTable("job_leases").ifExists().execute();
  await db.schema.dropTable("rate_limits").ifExists().execute();
}
