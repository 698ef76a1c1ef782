import {
  type ArrivalWindow,
  bookingRange,
  customerChangeWindow,
  freeWindows,
  minutesOf,
  timeOf,
  WINDOW_MINUTES,
} from "../../../../domain/scheduling/booking-windows";
import {
  formatVisitWindow,
  storeToday,
  timesOverlap,
} from "../../../../domain/scheduling/visit-time";
import { type Db, isUniqueViolation } from "../../../db/database";
import { findSalesSettings } from "../../../db/repositories/people/back-office-settings";
import {
  findActiveInstallerIds,
  findAvailability,
  lockInstaller,
} from "../../../db/repositories/scheduling/availability";
import { findClosedDays, lockClosureGate } from "../../../db/repositories/scheduling/closures";
import {
  findBusyTimes,
  findVisitById,
  findVisitByReference,
} from "../../../db/repositories/scheduling/visits";
import { AppError, present } from "../../../errors";
import { isReference, randomReference } from "../../../random-reference";
import type { ServiceDeps } from "../../deps";
import { type BookedVisitRow, bookedVisitRow } from "../booked-visit";
import type { VisitService } from "../visits";

/** 80 random bits, like an order's reference: the only key of /bookings/REFERENCE. */
export function newBookingReference(): string {
  return randomReference();
}

export function isBookingReference(value: string): boolean {
  return isReference(value);
}

/** What the customer and the back office both see of a booking: which, and when. */
export interface BookingSlot {
  reference: string;
  status: string;
  date: string;
  start: string;
  end: string;
  when: string;
}

export function bookingSlot(row: BookedVisitRow): BookingSlot {
  return {
    reference: row.reference,
    status: row.status,
    date: row.visit_date,
    start: row.start_time,
    end: row.end_time,
    when: formatVisitWindow({ date: row.visit_date, start: row.start_time, end: row.end_time }),
  };
}

export interface CustomerBooking extends BookingSlot {
  firstName: string;
  city: string;
  /** Whether the customer may still move or cancel it online. */
  changeable: boolean;
  /** The last instant (ISO) of online changes. */
  changeUntil: string;
}

export interface AdminBooking extends BookingSlot {
  id: number;
  staffId: number;
  staffName: string | null;
  customerName: string;
  customerPhone: string;
  address: string;
  note: string | null;
  textReminders: boolean;
  orderId: number | null;
  estimateRequestId: number | null;
}

/** A booked visit this use case has just written or checked. */
export async function bookingOf(db: Db, id: number): Promise<BookedVisitRow> {
  const row = await findVisitById(db, id);
  return present(row ? bookedVisitRow(row) : null, `booked visit ${id}`);
}

/** The visit booked under this reference, as a booking; null when none is. */
export async function bookingByReference(
  db: Db,
  reference: string,
): Promise<BookedVisitRow | null> {
  const row = await findVisitByReference(db, reference);
  return row ? bookedVisitRow(row) : null;
}

/** Who moves or cancels at /bookings/REFERENCE: the customer, not anyone in the back office. */
export const CUSTOMER = { actor: { label: "customer (online)", staffId: null }, byCustomer: true };

export function toAdminBooking(row: BookedVisitRow): AdminBooking {
  return {
    id: Number(row.id),
    ...bookingSlot(row),
    staffId: Number(row.staff_id),
    staffName: row.staff_name,
    customerName: `${row.first_name} ${row.last_name}`,
    customerPhone: row.phone,
    address: `${row.address}, ${row.city} ${row.zip_code}`,
    note: row.note,
    textReminders: Number(row.text_reminders) === 1,
    orderId: row.order_id === null ? null : Number(row.order_id),
    estimateRequestId: row.estimate_request_id === null ? null : Number(row.estimate_request_id),
  };
}

/**
 * Thrown inside a transaction when the window is gone; answered after it ends, since the
 * fresh windows are read outside it (SQLite has one connection: reading through `db` while
 * the transaction holds it would wait forever).
 */
export class WindowGone extends Error {}

/** What this service's use cases receive: the store's dependencies and the service's own. */
export type BookingServiceDeps = ServiceDeps & {
  visits: Pick<VisitService, "changeVisit">;
  clock: () => Date;
};

/** Free windows (with the installers free for each) as `trx` sees them now. */
export async function freeAt(trx: Db, at: Date, exclude?: { visitId: number }) {
  const today = storeToday(at);
  const { bookingHorizonDays } = await findSalesSettings(trx);
  const range = await bookingRange(today, bookingHorizonDays);
  const ids = await findActiveInstallerIds(trx);
  const [installers, busy, own, closed] = await Promise.all([
    findAvailability(trx, ids, range.from),
    findBusyTimes(trx, { ...range, staffIds: ids }),
    exclude ? findVisitById(trx, exclude.visitId) : Promise.resolve(null),
    findClosedDays(trx, range),
  ]);
  const others = own
    ? busy.filter(
        (b) =>
          !(
            b.staffId === Number(own.staff_id) &&
            b.date === own.visit_date &&
            b.start === own.start_time &&
            b.end === own.end_time
          ),
      )
    : busy;
  return await freeWindows({
    today,
    horizonDays: bookingHorizonDays,
    installers,
    busy: others,
    closed,
  });
}

export async function publicWindows(deps: BookingServiceDeps, at: Date): Promise<ArrivalWindow[]> {
  const { db } = deps;

  return (await freeAt(db, at)).map(({ date, start, end }) => ({ date, start, end }));
}

/** Runs a claim; a lost window (or a unique-index refusal) becomes 409 with fresh windows. */
export async function claiming<T>(
  deps: BookingServiceDeps,
  at: Date,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof WindowGone || isUniqueViolation(error)) throw await windowTaken(deps, at);
    throw error;
  }
}

export async function windowTaken(deps: BookingServiceDeps, at: Date): Promise<AppError> {
  return new AppError(
    "window_taken",
    "Sorry, someone booked that time a moment ago. Please pick another window.",
    { details: { windows: await publicWindows(deps, at) } },
  );
}

/**
 * Claims `date start` for one of `staffIds` (lowest id first, so two claims never wait on
 * each other's locks in opposite orders): the installer's row locked, his day read again.
 * Returns the installer claimed, or null when each was taken meanwhile or the day was closed
 * (a storm day, decision 551: read again behind the closures' gate).
 */
export async function claim(
  trx: Db,
  window: { date: string; start: string; end: string },
  staffIds: readonly number[],
  exceptVisitId?: number,
): Promise<number | null> {
  await lockClosureGate(trx, "claim");
  if ((await findClosedDays(trx, { from: window.date, to: window.date })).length) return null;
  for (const staffId of [...staffIds].sort((a, b) => a - b)) {
    await lockInstaller(trx, staffId);
    const busy = await findBusyTimes(trx, {
      from: window.date,
      to: window.date,
      staffIds: [staffId],
    });
    const own = exceptVisitId ? await findVisitById(trx, exceptVisitId) : null;
    const clash = busy.some(
      (b) =>
        timesOverlap(b, window) &&
        !(
          own &&
          Number(own.staff_id) === staffId &&
          b.date === own.visit_date &&
          b.start === own.start_time
        ),
    );
    if (!clash) return staffId;
  }
  return null;
}

export function endOf(start: string): string {
  return timeOf(minutesOf(start) + WINDOW_MINUTES);
}

export function toCustomer(row: BookedVisitRow, at: Date): CustomerBooking {
  const { changeable, until } = customerChangeWindow(
    { status: row.status, date: row.visit_date, start: row.start_time },
    at,
  );
  return {
    ...bookingSlot(row),
    firstName: row.first_name,
    city: row.city,
    changeable,
    changeUntil: until.toISOString(),
  };
}

export async function loadForChange(
  deps: BookingServiceDeps,
  trx: Db,
  reference: string,
  at: Date,
): Promise<BookedVisitRow> {
  const { config } = deps;
  const business = config.business;

  const row = isBookingReference(reference) ? await bookingByReference(trx, reference) : null;
  if (!row) throw new AppError("not_found", "We could not find this booking.");
  if (row.status !== "scheduled") {
    throw new AppError("conflict", `This visit is ${row.status}; it can no longer be changed.`);
  }
  if (!toCustomer(row, at).changeable) {
    throw new AppError(
      "conflict",
      `Your visit starts in less than 24 hours: please call us at ${business.phone} to change it.`,
    );
  }
  return row;
}
