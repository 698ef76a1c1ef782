/** Staff members (minimal until issue 12 adds sign-in): who visits are assigned to. */
import type { Db } from "../database";
import type { StaffRow } from "../types";

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
  row: { name: string; email: string; role: string; at: string },
): Promise<number> {
  const inserted = await db
    .insertInto("staff")
    .values({
      name: row.name,
      email: row.email,
      role: row.role,
      calendar_token_hash: null,
      created_at: row.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
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
