/** Visits booked online (migration 0013) and what keeps installers busy. */
import type { BusyTime } from "../../../../domain/scheduling/booking-windows";
import { type CustomerContact, contactColumns } from "../../customer-contact";
import { type Db, toNumber } from "../../database";
import type { BookingRow } from "../../types";
import {
  type DateRange,
  markSlotReminded,
  newSlotColumns,
  slotColumns,
  slotsBetween,
} from "./slots";

export interface BookingListRow extends BookingRow {
  staff_name: string | null;
}

function bookingsWithStaff(db: Db) {
  return db
    .selectFrom("bookings")
    .leftJoin("staff", "staff.id", "bookings.staff_id")
    .selectAll("bookings")
    .select("staff.name as staff_name");
}

/** Scheduled visits (with an installer) and scheduled bookings between two dates. */
export async function findBusyTimes(
  db: Db,
  range: { from: string; to: string; staffIds?: readonly number[] },
): Promise<BusyTime[]> {
  let visits = db
    .selectFrom("visits")
    .select(["staff_id", "visit_date", "start_time", "end_time"])
    .where("status", "=", "scheduled")
    .where("staff_id", "is not", null)
    .where("visit_date", ">=", range.from)
    .where("visit_date", "<=", range.to);
  let bookings = db
    .selectFrom("bookings")
    .select(["staff_id", "visit_date", "start_time", "end_time"])
    .where("status", "=", "scheduled")
    .where("visit_date", ">=", range.from)
    .where("visit_date", "<=", range.to);
  if (range.staffIds) {
    if (range.staffIds.length === 0) return [];
    visits = visits.where("staff_id", "in", range.staffIds);
    bookings = bookings.where("staff_id", "in", range.staffIds);
  }
  const rows = await visits.unionAll(bookings).execute();
  return rows.map((r) => ({
    staffId: toNumber(r.staff_id),
    date: r.visit_date,
    start: r.start_time,
    end: r.end_time,
  }));
}

export async function insertBooking(
  db: Db,
  row: {
    reference: string;
    date: string;
    start: string;
    end: string;
    staffId: number;
    note: string | null;
    textReminders: boolean;
    estimateRequestId: number | null;
    orderId: number | null;
    uid: string;
    at: string;
  } & CustomerContact,
): Promise<number> {
  const inserted = await db
    .insertInto("bookings")
    .values({
      reference: row.reference,
      ...newSlotColumns(row),
      ...contactColumns(row),
      note: row.note,
      text_reminders: row.textReminders ? 1 : 0,
      estimate_request_id: row.estimateRequestId,
      order_id: row.orderId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return toNumber(inserted.id);
}

export async function findBookingById(db: Db, id: number): Promise<BookingListRow | null> {
  return (await bookingsWithStaff(db).where("bookings.id", "=", id).executeTakeFirst()) ?? null;
}

export async function findBookingByReference(
  db: Db,
  reference: string,
): Promise<BookingListRow | null> {
  return (
    (await bookingsWithStaff(db).where("bookings.reference", "=", reference).executeTakeFirst()) ??
    null
  );
}

export async function findBookingsBetween(db: Db, range: DateRange): Promise<BookingListRow[]> {
  return slotsBetween(bookingsWithStaff(db), "bookings", range).execute();
}

/** Moves, re-assigns or cancels a booking; the customer's calendar copy follows SEQUENCE. */
export async function updateBooking(
  db: Db,
  id: number,
  change: {
    status: string;
    date: string;
    start: string;
    end: string;
    staffId: number;
    sequence: number;
    at: string;
  },
): Promise<void> {
  await db
    .updateTable("bookings")
    .set({
      status: change.status,
      ...slotColumns(change),
      sequence: change.sequence,
      // A moved visit is reminded again the day before its new date.
      reminder_sent_at: null,
      updated_at: change.at,
    })
    .where("id", "=", id)
    .execute();
}

/** The scheduled bookings of `date` not reminded yet. */
/** The bookings of one estimate request, latest first (what became of it). */
export async function findBookingsForEstimate(
  db: Db,
  estimateRequestId: number,
): Promise<BookingListRow[]> {
  return bookingsWithStaff(db)
    .where("bookings.estimate_request_id", "=", estimateRequestId)
    .orderBy("bookings.id", "desc")
    .execute();
}

/** Whether this installer has a booked (or done) measurement visit for the estimate request. */
export async function staffHasBookingOnEstimate(
  db: Db,
  staffId: number,
  estimateRequestId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom("bookings")
    .select("id")
    .where("staff_id", "=", staffId)
    .where("estimate_request_id", "=", estimateRequestId)
    .where("status", "<>", "cancelled")
    .executeTakeFirst();
  return row !== undefined;
}

export async function findBookingsToRemind(db: Db, date: string): Promise<BookingListRow[]> {
  return bookingsWithStaff(db)
    .where("bookings.visit_date", "=", date)
    .where("bookings.status", "=", "scheduled")
    .where("bookings.reminder_sent_at", "is", null)
    .orderBy("bookings.id")
    .execute();
}

/** Marks the reminder sent; true only for the one caller that marked it (once per visit). */
export async function markBookingReminded(db: Db, id: number, at: string): Promise<boolean> {
  return markSlotReminded(db, "bookings", id, at);
}

/** Order visits of `date` not reminded yet, with the customer's contact. */
export async function findVisitsToRemind(db: Db, date: string) {
  return db
    .selectFrom("visits")
    .innerJoin("orders", "orders.id", "visits.order_id")
    .select([
      "visits.id",
      "visits.kind",
      "visits.visit_date",
      "visits.start_time",
      "visits.end_time",
      "orders.first_name",
      "orders.email",
      "orders.phone",
      "orders.reference",
      "orders.id as order_id",
      "orders.text_reminders",
    ])
    .where("visits.visit_date", "=", date)
    .where("visits.status", "=", "scheduled")
    .where("visits.reminder_sent_at", "is", null)
    .where("orders.status", "not in", ["cancelled", "completed"])
    .orderBy("visits.id")
    .execute();
}

export async function markVisitReminded(db: Db, id: number, at: string): Promise<boolean> {
  return markSlotReminded(db, "visits", id, at);
}

export async function insertTextConsent(
  db: Db,
  row: {
    phone: string;
    words: string;
    source: "booking" | "checkout";
    bookingId: number | null;
    orderId: number | null;
    clientAddress: string;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto("text_consents")
    .values({
      phone: row.phone,
      words: row.words,
      source: row.source,
      booking_id: row.bookingId,
      order_id: row.orderId,
      client_address: row.clientAddress,
      consented_at: row.at,
    })
    .execute();
}

/** The id of the estimate request with this reference ("E-7K3M9QXD"), or null. */
export async function findEstimateRequestIdByReference(
  db: Db,
  reference: string,
): Promise<number | null> {
  const row = await db
    .selectFrom("estimate_requests")
    .select("id")
    .where("reference", "=", reference)
    .executeTakeFirst();
  return row ? toNumber(row.id) : null;
}
