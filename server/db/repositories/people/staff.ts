/** Staff members: who visits are assigned to, and their accounts (password, role, activity). */

import type { StaffRole } from "../../../../domain/people/permissions";
import type { Db } from "../../database";
import type { StaffRow } from "../../types";

export async function listStaff(db: Db): Promise<StaffRow[]> {
  return db.selectFrom("staff").selectAll().orderBy("active", "desc").orderBy("name").execute();
}

export async function findStaffById(db: Db, id: number): Promise<StaffRow | null> {
  return (await db.selectFrom("staff").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function findStaffByEmail(db: Db, email: string): Promise<StaffRow | null> {
  return (
    (await db.selectFrom("staff").selectAll().where("email", "=", email).executeTakeFirst()) ?? null
  );
}

export async function insertStaff(
  db: Db,
  row: {
    name: string;
    email: string;
    role: StaffRole;
    at: string;
    passwordHash: string | null;
    mustChangePassword: boolean;
  },
): Promise<number> {
  const inserted = await db
    .insertInto("staff")
    .values({
      name: row.name,
      email: row.email,
      role: row.role,
      calendar_token_hash: null,
      created_at: row.at,
      updated_at: row.at,
      password_hash: row.passwordHash,
      must_change_password: row.mustChangePassword ? 1 : 0,
      totp_secret: null,
      totp_last_step: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateStaff(
  db: Db,
  id: number,
  changes: {
    name?: string;
    role?: StaffRole;
    active?: number;
    password_hash?: string;
    must_change_password?: number;
    hourly_cost_cents?: number;
    commission_basis_points?: number;
  },
  at: string,
): Promise<void> {
  await db
    .updateTable("staff")
    .set({ ...changes, updated_at: at })
    .where("id", "=", id)
    .execute();
}

/**
 * Active owners who can sign in: the store must always keep one. `lock` (PostgreSQL) locks their
 * rows until the transaction ends, so two owners demoted at once cannot both see the other one
 * still there (SQLite's write transactions already run one at a time).
 */
export async function countActiveOwners(db: Db, lock: boolean): Promise<number> {
  const owners = db
    .selectFrom("staff")
    .select("id")
    .where("role", "=", "owner")
    .where("active", "=", 1)
    .where("password_hash", "is not", null);
  return (await (lock ? owners.forUpdate() : owners).execute()).length;
}

/** Whether anyone at all can sign in (start-up creates the first owner otherwise). */
export async function anyStaffWithPassword(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("staff")
    .select("id")
    .where("password_hash", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setCalendarTokenHash(
  db: Db,
  id: number,
  hash: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable("staff")
    .set({ calendar_token_hash: hash })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findStaffByCalendarTokenHash(db: Db, hash: string): Promise<StaffRow | null> {
  return (
    (await db
      .selectFrom("staff")
      .selectAll()
      .where("calendar_token_hash", "=", hash)
      .where("active", "=", 1)
      .executeTakeFirst()) ?? null
  );
}
