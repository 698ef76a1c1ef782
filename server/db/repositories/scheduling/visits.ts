/**
 * Measurement and installation visits, wherever they were booked: by the office
 * on an order, by the customer at /book, or by the office for an estimate request. One table,
 * one repository: every screen, API, feed and reminder reads these rows.
 */
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { Language } from "../../../../domain/i18n/language";
import type { BusyTime } from "../../../../domain/scheduling/booking-windows";
import type { VisitKind, VisitStatus } from "../../../../domain/scheduling/visit-time";
import type { CustomerContact } from "../../customer-contact";
import { type Db, toNumber } from "../../database";
import type { Database, VisitRow, VisitSource } from "../../types";

/** A visit with what every list shows beside it: its order (if any), customer and installer. */
export interface VisitListRow extends VisitRow {
  order_reference: string | null;
  /** bigint: a string on PostgreSQL. */
  order_number: number | string | null;
  order_status: string | null;
  /** The order's wish for texts (checkout's consent); null without an order. */
  order_text_reminders: number | null;
  /** The contact typed at booking, else the order's. */
  customer_first_name: string;
  customer_last_name: string;
  customer_email: string;
  customer_phone: string;
  customer_address: string;
  customer_city: string;
  customer_zip_code: string;
  staff_name: string | null;
}

export interface DateRange {
  from: string;
  to: string;
  staffId?: number;
}

type Joined = ExpressionBuilder<Database, "visits" | "orders" | "staff">;

/** The visit's own contact column, else its order's ('' when it has neither). */
function contact(
  eb: Joined,
  column: "first_name" | "last_name" | "email" | "phone" | "address" | "city" | "zip_code",
) {
  return eb.fn
    .coalesce(`visits.${column}`, `orders.${column}`, sql.lit(""))
    .$castTo<string>()
    .as(`customer_${column}`);
}

function visitsWithOrder(
  db: Db,
): SelectQueryBuilder<Database, "visits" | "orders" | "staff", VisitListRow> {
  return db
    .selectFrom("visits")
    .leftJoin("orders", "orders.id", "visits.order_id")
    .leftJoin("staff", "staff.id", "visits.staff_id")
    .selectAll("visits")
    .select((eb) => [
      "orders.reference as order_reference",
      "orders.order_number as order_number",
      "orders.status as order_status",
      "orders.text_reminders as order_text_reminders",
      contact(eb, "first_name"),
      contact(eb, "last_name"),
      contact(eb, "email"),
      contact(eb, "phone"),
      contact(eb, "address"),
      contact(eb, "city"),
      contact(eb, "zip_code"),
      "staff.name as staff_name",
    ]);
}

/** Visits of the days from `range.from` to `range.to` (one installer's when given), in order. */
export async function findVisitsBetween(db: Db, range: DateRange): Promise<VisitListRow[]> {
  let between = visitsWithOrder(db)
    .where("visits.visit_date", ">=", range.from)
    .where("visits.visit_date", "<=", range.to);
  if (range.staffId !== undefined) between = between.where("visits.staff_id", "=", range.staffId);
  return between
    .orderBy("visits.visit_date")
    .orderBy("visits.start_time")
    .orderBy("visits.id")
    .execute();
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

/** The visit booked under this reference (the customer's /bookings/REFERENCE), or null. */
export async function findVisitByReference(
  db: Db,
  reference: string,
): Promise<VisitListRow | null> {
  return (
    (await visitsWithOrder(db).where("visits.reference", "=", reference).executeTakeFirst()) ?? null
  );
}

/** The visits booked for one estimate request, latest first (what became of it). */
export async function findVisitsForEstimate(
  db: Db,
  estimateRequestId: number,
): Promise<VisitListRow[]> {
  return visitsWithOrder(db)
    .where("visits.estimate_request_id", "=", estimateRequestId)
    .orderBy("visits.id", "desc")
    .execute();
}

/** Whether this installer has a booked (or done) measurement visit for the estimate request. */
export async function staffHasVisitOnEstimate(
  db: Db,
  staffId: number,
  estimateRequestId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom("visits")
    .select("id")
    .where("staff_id", "=", staffId)
    .where("estimate_request_id", "=", estimateRequestId)
    .where("status", "<>", "cancelled")
    .executeTakeFirst();
  return row !== undefined;
}

/** What keeps installers busy between two dates: their scheduled visits. */
export async function findBusyTimes(
  db: Db,
  range: { from: string; to: string; staffIds?: readonly number[] },
): Promise<BusyTime[]> {
  if (range.staffIds?.length === 0) return [];
  let busy = db
    .selectFrom("visits")
    .select(["staff_id", "visit_date", "start_time", "end_time"])
    .where("status", "=", "scheduled")
    .where("staff_id", "is not", null)
    .where("visit_date", ">=", range.from)
    .where("visit_date", "<=", range.to);
  if (range.staffIds) busy = busy.where("staff_id", "in", range.staffIds);
  const rows = await busy.execute();
  return rows.map((r) => ({
    staffId: toNumber(r.staff_id ?? 0),
    date: r.visit_date,
    start: r.start_time,
    end: r.end_time,
  }));
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

/** What a visit booked in a window (online or for an estimate request) carries besides. */
export interface BookedVisitColumns {
  source: VisitSource;
  reference: string;
  contact: CustomerContact;
  note: string | null;
  textReminders: boolean;
  estimateRequestId: number | null;
}

export async function insertVisit(
  db: Db,
  row: {
    orderId: number | null;
    kind: VisitKind;
    date: string;
    start: string;
    end: string;
    staffId: number | null;
    uid: string;
    at: string;
    /** The customer's (the booking's, or the order's): the visit's emails and texts use it. */
    language: Language;
    booked?: BookedVisitColumns;
  },
): Promise<number> {
  const booked = row.booked;
  const inserted = await db
    .insertInto("visits")
    .values({
      order_id: row.orderId,
      kind: row.kind,
      status: "scheduled",
      visit_date: row.date,
      start_time: row.start,
      end_time: row.end,
      staff_id: row.staffId,
      uid: row.uid,
      sequence: 0,
      created_at: row.at,
      updated_at: row.at,
      language: row.language,
      ...(booked
        ? {
            source: booked.source,
            reference: booked.reference,
            first_name: booked.contact.firstName,
            last_name: booked.contact.lastName,
            email: booked.contact.email,
            phone: booked.contact.phone,
            address: booked.contact.address,
            city: booked.contact.city,
            zip_code: booked.contact.zipCode,
            note: booked.note,
            text_reminders: booked.textReminders ? 1 : 0,
            estimate_request_id: booked.estimateRequestId,
          }
        : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return toNumber(inserted.id);
}

/** Moves, re-assigns, re-kinds or changes the status of a visit; a move is reminded again. */
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
    remindAgain?: boolean;
  },
): Promise<void> {
  await db
    .updateTable("visits")
    .set({
      kind: change.kind,
      status: change.status,
      visit_date: change.date,
      start_time: change.start,
      end_time: change.end,
      staff_id: change.staffId,
      sequence: change.sequence,
      updated_at: change.at,
      ...(change.remindAgain ? { reminder_sent_at: null } : {}),
      // The installer's time ends when the visit is done (migration 0025); undone, it runs on.
      done_at: change.status === "done" ? sql`coalesce(done_at, ${change.at})` : null,
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
  for (const row of rows) {
    if (row.order_id !== null && !out.has(row.order_id)) out.set(row.order_id, row);
  }
  return out;
}

/**
 * The scheduled visits of `date` not reminded yet, with the customer's contact and wish for
 * texts (the visit's own when booked, else the order's); an order's visit only while the order
 * is open.
 */
export async function findVisitsToRemind(db: Db, date: string) {
  return visitsWithOrder(db)
    .where("visits.visit_date", "=", date)
    .where("visits.status", "=", "scheduled")
    .where("visits.reminder_sent_at", "is", null)
    .where((eb) =>
      eb.or([
        eb("visits.order_id", "is", null),
        eb("orders.status", "not in", ["cancelled", "completed"]),
      ]),
    )
    .orderBy("visits.id")
    .execute();
}

/** Marks the reminder sent; true only for the one caller that marked it (once per visit). */
export async function markVisitReminded(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("visits")
    .set({ reminder_sent_at: at })
    .where("id", "=", id)
    .where("reminder_sent_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** "On my way" (the first one counts) and the arrival: where the installer's time starts. */
export async function markVisitTime(
  db: Db,
  id: number,
  column: "on_my_way_at" | "arrived_at",
  at: string,
): Promise<void> {
  const first = sql<string>`coalesce(${sql.ref(column)}, ${at})`;
  await db
    .updateTable("visits")
    .set(column === "on_my_way_at" ? { on_my_way_at: first } : { arrived_at: first })
    .where("id", "=", id)
    .execute();
}
