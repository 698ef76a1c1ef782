/** Measurement and installation visits. */

import type { VisitKind, VisitStatus } from "../../../../domain/scheduling/visit-time";
import type { Db } from "../../database";
import type { VisitRow } from "../../types";
import { type DateRange, newSlotColumns, slotColumns, slotsBetween } from "./slots";

/** A visit with what the schedule shows beside it: the order and the assigned staff member. */
export interface VisitListRow extends VisitRow {
  order_reference: string;
  /** bigint: a string on PostgreSQL. */
  order_number: number | string;
  order_status: string;
  customer_first_name: string;
  customer_last_name: string;
  customer_phone: string;
  address: string;
  city: string;
  zip_code: string;
  staff_name: string | null;
}

function visitsWithOrder(db: Db) {
  return db
    .selectFrom("visits")
    .innerJoin("orders", "orders.id", "visits.order_id")
    .leftJoin("staff", "staff.id", "visits.staff_id")
    .selectAll("visits")
    .select([
      "orders.reference as order_reference",
      "orders.order_number as order_number",
      "orders.status as order_status",
      "orders.first_name as customer_first_name",
      "orders.last_name as customer_last_name",
      "orders.phone as customer_phone",
      "orders.address as address",
      "orders.city as city",
      "orders.zip_code as zip_code",
      "staff.name as staff_name",
    ]);
}

export async function findVisitsBetween(db: Db, range: DateRange): Promise<VisitListRow[]> {
  return slotsBetween(visitsWithOrder(db), "visits", range).execute();
}

export async function findVisitsForOrder(db: Db, orderId: number): Promise<VisitListRow[]> {
  return visitsWithOrder(db)
    .where("visits.order_id", "=", orderId)
    .orderBy("visits.visit_date")
    .orderBy("visits.start_time")
    .orderBy("visits.id")
    .execute();
}

export async function findVisitById(db: Db, id: number): Promise<VisitListRow | null> {
  return (await visitsWithOrder(db).where("visits.id", "=", id).executeTakeFirst()) ?? null;
}

/** A visit known to exist (just written in this transaction or read before). */
export async function getVisitById(db: Db, id: number): Promise<VisitListRow> {
  return visitsWithOrder(db).where("visits.id", "=", id).executeTakeFirstOrThrow();
}

/** The first scheduled visit on or after `today` (store-local date). */
export async function findNextVisit(
  db: Db,
  orderId: number,
  today: string,
): Promise<VisitRow | null> {
  return (
    (await db
      .selectFrom("visits")
      .selectAll()
      .where("order_id", "=", orderId)
      .where("status", "=", "scheduled")
      .where("visit_date", ">=", today)
      .orderBy("visit_date")
      .orderBy("start_time")
      .limit(1)
      .executeTakeFirst()) ?? null
  );
}

export async function countVisits(
  db: Db,
  where: { orderId: number; kind: VisitKind; statuses: VisitStatus[] },
): Promise<number> {
  const row = await db
    .selectFrom("visits")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("order_id", "=", where.orderId)
    .where("kind", "=", where.kind)
    .where("status", "in", where.statuses)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** countVisits for several orders in one grouped statement: order id → count (absent: none). */
export async function countVisitsByOrder(
  db: Db,
  where: { orderIds: readonly number[]; kind: VisitKind; statuses: VisitStatus[] },
): Promise<Map<number, number>> {
  if (where.orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("visits")
    .select((eb) => ["order_id", eb.fn.countAll<number>().as("n")])
    .where("order_id", "in", [...where.orderIds])
    .where("kind", "=", where.kind)
    .where("status", "in", where.statuses)
    .groupBy("order_id")
    .execute();
  return new Map(rows.map((r) => [Number(r.order_id), Number(r.n)]));
}

export async function insertVisit(
  db: Db,
  row: {
    orderId: number;
    kind: VisitKind;
    date: string;
    start: string;
    end: string;
    staffId: number | null;
    uid: string;
    at: string;
  },
): Promise<number> {
  const inserted = await db
    .insertInto("visits")
    .values({
      order_id: row.orderId,
      kind: row.kind,
      ...newSlotColumns(row),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateVisit(
  db: Db,
  id: number,
  change: {
    kind: VisitKind;
    status: VisitStatus;
    date: string;
    start: string;
    end: string;
    staffId: number | null;
    sequence: number;
    at: string;
  },
): Promise<void> {
  await db
    .updateTable("visits")
    .set({
      kind: change.kind,
      status: change.status,
      ...slotColumns(change),
      sequence: change.sequence,
      updated_at: change.at,
    })
    .where("id", "=", id)
    .execute();
}

/** Whether the staff member has a visit (not cancelled) on the order: an installer's reach. */
export async function staffHasVisitOnOrder(
  db: Db,
  staffId: number,
  orderId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom("visits")
    .select("id")
    .where("order_id", "=", orderId)
    .where("staff_id", "=", staffId)
    .where("status", "!=", "cancelled")
    .executeTakeFirst();
  return row !== undefined;
}

/** Each order's first scheduled visit on or after `today` (the orders table, decision 247). */
export async function findNextVisitsForOrders(
  db: Db,
  orderIds: readonly number[],
  today: string,
): Promise<Map<number, VisitRow>> {
  const out = new Map<number, VisitRow>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .selectFrom("visits")
    .selectAll()
    .where("order_id", "in", [...orderIds])
    .where("status", "=", "scheduled")
    .where("visit_date", ">=", today)
    .orderBy("visit_date")
    .orderBy("start_time")
    .execute();
  for (const row of rows) if (!out.has(row.order_id)) out.set(row.order_id, row);
  return out;
}
