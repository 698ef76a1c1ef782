/** The admin password hash (one row) and server-side admin sessions. */
import type { Db } from "../database";

export async function findAdminPasswordHash(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom("admin_credentials")
    .select("password_hash")
    .where("id", "=", 1)
    .executeTakeFirst();
  return row?.password_hash ?? null;
}

export async function saveAdminPasswordHash(db: Db, hash: string, at: string): Promise<void> {
  await db
    .insertInto("admin_credentials")
    .values({ id: 1, password_hash: hash, updated_at: at })
    .onConflict((oc) => oc.column("id").doUpdateSet({ password_hash: hash, updated_at: at }))
    .execute();
}

export interface AdminSessionRow {
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export async function insertAdminSession(db: Db, row: AdminSessionRow): Promise<void> {
  await db.insertInto("admin_sessions").values(row).execute();
}

export async function findAdminSession(db: Db, tokenHash: string): Promise<AdminSessionRow | null> {
  const row = await db
    .selectFrom("admin_sessions")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  return row ?? null;
}

export async function touchAdminSession(db: Db, tokenHash: string, at: string): Promise<void> {
  await db
    .updateTable("admin_sessions")
    .set({ last_seen_at: at })
    .where("token_hash", "=", tokenHash)
    .execute();
}

export async function deleteAdminSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom("admin_sessions").where("token_hash", "=", tokenHash).execute();
}

export async function deleteAllAdminSessions(db: Db): Promise<void> {
  await db.deleteFrom("admin_sessions").execute();
}

/** Removes sessions past their lifetime or idle since before `idleBefore`. */
export async function deleteStaleAdminSessions(
  db: Db,
  at: string,
  idleBefore: string,
): Promise<void> {
  await db
    .deleteFrom("admin_sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", at), eb("last_seen_at", "<", idleBefore)]))
    .execute();
}
