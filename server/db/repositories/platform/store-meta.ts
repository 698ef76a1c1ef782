/**
 * The store's own facts (store_meta): its id, shared with the data folder, and the key that signs
 * the back office's device cookies.
 */
import { type Db, now } from "../../database";

const STORE_ID = "store_id";

/**
 * The database's store id; undefined for a database without one (new, empty, or not yet
 * migrated: start-up reads it before migrating, so a missing table is not an error).
 */
export async function findStoreId(db: Db): Promise<string | undefined> {
  const tables = await db.introspection.getTables();
  if (!tables.some((t) => t.name === "store_meta")) return undefined;
  const row = await db
    .selectFrom("store_meta")
    .select("value")
    .where("key", "=", STORE_ID)
    .executeTakeFirst();
  return row?.value;
}

/** Stores `id` unless the database already has one (another process won); returns the stored id. */
export function claimStoreId(db: Db, id: string): Promise<string> {
  return claimMetaValue(db, STORE_ID, id);
}

/**
 * The value kept under `key`, storing `candidate` first when there is none (the first process
 * to ask wins; every other one reads the winner's).
 */
export async function claimMetaValue(db: Db, key: string, candidate: string): Promise<string> {
  await db
    .insertInto("store_meta")
    .values({ key, value: candidate, created_at: now() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db
    .selectFrom("store_meta")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirstOrThrow();
  return row.value;
}
