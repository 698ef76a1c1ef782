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
