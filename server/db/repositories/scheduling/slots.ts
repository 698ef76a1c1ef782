/**
 * What an order's visit and a booked visit share (decision 320): a day, a time window, an
 * installer, a calendar copy kept in step by SEQUENCE, a reminder sent once. Only the columns
 * both tables have are named here; each repository keeps its own typed rows.
 */
import type { SelectQueryBuilder } from "kysely";
import type { Db } from "../../database";
import type { Database } from "../../types";

type SlotTable = "visits" | "bookings";

export interface DateRange {
  from: string;
  to: string;
  staffId?: number;
}

interface Slot<StaffId extends number | null> {
  date: string;
  start: string;
  end: string;
  /** A booking always has its installer; an order's visit may wait for one. */
  staffId: StaffId;
}

/** The slot's own columns, from the names the services use. */
export function slotColumns<StaffId extends number | null>(slot: Slot<StaffId>) {
  return {
    visit_date: slot.date,
    start_time: slot.start,
    end_time: slot.end,
    staff_id: slot.staffId,
  };
}

/** A new slot: scheduled, its calendar copy at SEQUENCE 0. */
export function newSlotColumns<StaffId extends number | null>(
  row: Slot<StaffId> & { uid: string; at: string },
) {
  return {
    status: "scheduled" as const,
    ...slotColumns(row),
    uid: row.uid,
    sequence: 0,
    created_at: row.at,
    updated_at: row.at,
  };
}

/**
 * `query` (rows of `table` with what it joins) narrowed to the days from `range.from` to
 * `range.to` and, when given, one installer; in the schedule's order (day, start, id).
 */
export function slotsBetween<O>(
  query: SelectQueryBuilder<Database, SlotTable | "orders" | "staff", O>,
  table: SlotTable,
  range: DateRange,
) {
  let between = query
    .where(`${table}.visit_date`, ">=", range.from)
    .where(`${table}.visit_date`, "<=", range.to);
  if (range.staffId !== undefined) {
    between = between.where(`${table}.staff_id`, "=", range.staffId);
  }
  return between
    .orderBy(`${table}.visit_date`)
    .orderBy(`${table}.start_time`)
    .orderBy(`${table}.id`);
}

/** Marks a slot's reminder sent; true only for the one caller that marked it (once per slot). */
export async function markSlotReminded(
  db: Db,
  table: SlotTable,
  id: number,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ reminder_sent_at: at })
    .where("id", "=", id)
    .where("reminder_sent_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
