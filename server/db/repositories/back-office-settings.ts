/** The back office's settings: one row (id 1, migration 0008). */
import type { Db } from "../database";

export interface BackOfficeSettingsRow {
  requireTwoFactor: boolean;
}

export async function findBackOfficeSettings(db: Db): Promise<BackOfficeSettingsRow> {
  const row = await db
    .selectFrom("back_office_settings")
    .select("require_two_factor")
    .where("id", "=", 1)
    .executeTakeFirst();
  return { requireTwoFactor: row?.require_two_factor === 1 };
}

export async function saveBackOfficeSettings(db: Db, settings: BackOfficeSettingsRow) {
  const value = settings.requireTwoFactor ? 1 : 0;
  await db
    .insertInto("back_office_settings")
    .values({ id: 1, require_two_factor: value })
    .onConflict((oc) => oc.column("id").doUpdateSet({ require_two_factor: value }))
    .execute();
}

/**
 * Holds the settings row's write lock until the transaction ends (a row lock on PostgreSQL; on
 * SQLite the transaction already holds the one write lock). Changes that must not interleave,
 * such as the first owner's password set by several processes starting at once, take it first
 * and so run one after the other.
 */
export async function lockBackOfficeSettings(trx: Db): Promise<void> {
  await trx
    .updateTable("back_office_settings")
    .set((eb) => ({ require_two_factor: eb.ref("require_two_factor") }))
    .where("id", "=", 1)
    .execute();
}
