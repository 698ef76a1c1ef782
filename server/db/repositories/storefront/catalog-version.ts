/**
 * The catalog's version (migration 0007): bumped by every change to products, colours,
 * fabrics or services, so every store process can tell its cached copy is stale. On
 * PostgreSQL the bump also notifies CATALOG_CHANNEL (delivered when the transaction commits).
 */
import { PostgresAdapter, sql } from "kysely";
import { type Db, toNumber } from "../../database";

export const CATALOG_CHANNEL = "catalog_changed";

export async function readCatalogVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom("catalog_version")
    .select("version")
    .where("id", "=", 1)
    .executeTakeFirst();
  return toNumber(row?.version);
}

/** Bumps the version and, on PostgreSQL, notifies the listeners; returns the new version. */
export async function bumpCatalogVersion(db: Db): Promise<number> {
  const row = await db
    .updateTable("catalog_version")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", 1)
    .returning("version")
    .executeTakeFirstOrThrow();
  const version = toNumber(row.version);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_notify(${CATALOG_CHANNEL}, ${String(version)})`.execute(db);
  }
  return version;
}
