/** The windows measured on a visit, in the order they were measured. */

import type { Insertable, Selectable } from "kysely";
import type { Db } from "../../database";
import { toNumber } from "../../database";
import type { VisitMeasurementsTable } from "../../types";

export type MeasurementRow = Selectable<VisitMeasurementsTable>;
export type NewMeasurement = Omit<
  Insertable<VisitMeasurementsTable>,
  "id" | "visit_id" | "position"
>;

/**
 * Replaces the visit's list: what the last POST sent is the list. The visit's row is touched
 * first: it locks the visit (PostgreSQL's row lock, SQLite's write lock), so two saves of one
 * visit run one after the other instead of both deleting and then both inserting.
 */
export async function replaceVisitMeasurements(
  db: Db,
  visitId: number,
  rows: readonly NewMeasurement[],
  at: string,
): Promise<void> {
  await db.updateTable("visits").set({ updated_at: at }).where("id", "=", visitId).execute();
  await db.deleteFrom("visit_measurements").where("visit_id", "=", visitId).execute();
  if (rows.length === 0) return;
  await db
    .insertInto("visit_measurements")
    .values(rows.map((row, position) => ({ ...row, visit_id: visitId, position })))
    .execute();
}

export async function listVisitMeasurements(db: Db, visitId: number): Promise<MeasurementRow[]> {
  const rows = await db
    .selectFrom("visit_measurements")
    .selectAll()
    .where("visit_id", "=", visitId)
    .orderBy("position")
    .execute();
  return rows.map((r) => Object.assign(r, { id: toNumber(r.id), visit_id: toNumber(r.visit_id) }));
}
