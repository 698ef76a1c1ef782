/**
 * Server-side admin sessions, each of one staff account, and the single shared password hash of
 * installs from before staff accounts (read once at start-up: it becomes the first owner's).
 */
import type { Db } from "../../database";

export async function findAdminPasswordHash(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom("admin_credentials")
    .select("password_hash")
    .where("id", "=", 1)
    .executeTakeFirst();
  return row?.password_hash ?? null;
}

export interface AdminSessionRow {
  token_hash: string;
  staff_id: number | null;
  user_agent: string | null;
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

export async function deleteSessionsOfStaff(db: Db, staffId: number): Promise<void> {
  await db.deleteFrom("admin_sessions").where("staff_id", "=", staffId).execute();
}

export async function listSessionHashesOfStaff(db: Db, staffId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("admin_sessions")
    .select("token_hash")
    .where("staff_id", "=", staffId)
    .execute();
  return rows.map((r) => r.token_hash);
}

export interface SessionWithStaffRow extends AdminSessionRow {
  name: string | null;
  email: string | null;
}

/** A session's columns with its account's name and email. */
const SESSION_WITH_STAFF = [
  "admin_sessions.token_hash",
  "admin_sessions.staff_id",
  "admin_sessions.user_agent",
  "admin_sessions.created_at",
  "admin_sessions.last_seen_at",
  "admin_sessions.expires_at",
  "staff.name",
  "staff.email",
] as const;

/** Every live session row with its account's name and email, most recently seen first. */
export async function listAdminSessions(db: Db): Promise<SessionWithStaffRow[]> {
  return db
    .selectFrom("admin_sessions")
    .leftJoin("staff", "staff.id", "admin_sessions.staff_id")
    .select(SESSION_WITH_STAFF)
    .orderBy("admin_sessions.last_seen_at", "desc")
    .execute();
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

export interface SessionAccountRow extends AdminSessionRow {
  name: string;
  email: string;
  role: string;
  active: number;
  password_hash: string | null;
  must_change_password: number;
  totp_enabled: number;
  require_two_factor: number | null;
}

/** A session with its account and the back office's two-factor setting, in one query. */
export async function findSessionWithAccount(
  db: Db,
  tokenHash: string,
): Promise<SessionAccountRow | null> {
  const row = await db
    .selectFrom("admin_sessions")
    .innerJoin("staff", "staff.id", "admin_sessions.staff_id")
    .select((eb) => [
      ...SESSION_WITH_STAFF,
      "staff.role",
      "staff.active",
      "staff.password_hash",
      "staff.must_change_password",
      "staff.totp_enabled",
      eb
        .selectFrom("back_office_settings")
        .select("require_two_factor")
        .where("id", "=", 1)
        .as("require_two_factor"),
    ])
    .where("admin_sessions.token_hash", "=", tokenHash)
    .executeTakeFirst();
  return row ?? null;
}
