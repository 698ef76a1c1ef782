/**
 * The answers kept for Idempotency-Key (decision 580): one row per signed-in person, route and
 * key, holding a hash of the request and, once the first request is done, its status and body.
 * Frozen in time: Kysely<any>, no application imports. Runs on SQLite and PostgreSQL.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("staff_id", "integer", (c) => c.notNull())
    .addColumn("route", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("response_status", "integer")
    .addColumn("response_type", "text")
    .addColumn("response_body", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["staff_id", "route", "key"])
    .execute();
  await db.schema
    .createIndex("idempotency_keys_created")
    .on("idempotency_keys")
    .column("created_at")
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("idempotency_keys").execute();
}
