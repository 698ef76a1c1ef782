/**
 * Booking a measurement visit online:
 * the free arrival windows, the booking that claims one installer's window, and the customer's
 * move or cancellation until 24 hours before. What is booked is a visit like the office's, in
 * the one visits table; a move or cancellation goes through the visit service's
 * changeVisit, like the office's.
 *
 * The claim: inside one transaction the installer's row is locked (PostgreSQL
 * `FOR UPDATE`; SQLite's write transactions are serial, BEGIN IMMEDIATE), what keeps him busy
 * that day is read again, and the visit is inserted; a partial unique index on (installer,
 * date, start) of scheduled visits booked in windows refuses a second claim whatever happens
 * above it. The loser gets 409 `window_taken` with the windows still free.
 */
import { randomUUID } from "node:crypto";
import type { BookingInput, EstimateBookingInput } from "../../../domain/scheduling/booking-schema";
import { TEXT_CONSENT_WORDS } from "../../../domain/scheduling/booking-schema";
import {
  type ArrivalWindow,
  bookingRange,
  customerChangeWindow,
  findWindow,
  freeWindows,
  minutesOf,
  storeClock,
  timeOf,
  WINDOW_MINUTES,
} from "../../../domain/scheduling/booking-windows";
import { formatVisitWindow, timesOverlap } from "../../../domain/scheduling/visit-time";
import { contactFromRow } from "../../db/customer-contact";
import { type Db, isUniqueViolation, now } from "../../db/database";
import { findOrderByReference } from "../../db/repositories/orders/orders";
import { findSalesSettings } from "../../db/repositories/people/back-office-settings";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import {
  findEstimateRequestById,
  findEstimateRequestIdByReference,
} from "../../db/repositories/requests/estimate-requests";
import {
  countInstallersWithHours,
  findActiveInstallerIds,
  findAvailability,
  lockInstaller,
} from "../../db/repositories/scheduling/availability";
import { insertTextConsent } from "../../db/repositories/scheduling/text-consents";
import {
  findBusyTimes,
  findVisitById,
  findVisitByReference,
  findVisitsForEstimate,
  insertVisit,
} from "../../db/repositories/scheduling/visits";
import {
  bookingCalendarVisit,
  bookingCustomerEmail,
  bookingStoreEmail,
} from "../../email/booking-emails";
import { visitInvite } from "../../email/visit-calendar";
import { AppError, present } from "../../errors";
import { isReference, randomReference } from "../../random-reference";
import type { ServiceDeps } from "../deps";
import type { Actor } from "../people/actor";
import { recordAudit } from "../people/audit";
import { requireServiceZip } from "../requests/request-reference";
import { type BookedVisitRow, bookedVisitRow } from "./booked-visit";
import type { VisitService } from "./visits";

/** Bookings, moves and cancellations per client address an hour (counted in the database). */
export { BOOKINGS_PER_HOUR } from "../../rate-limits";

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

function bookingSlot(row: BookedVisitRow): BookingSlot {
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
async function bookingOf(db: Db, id: number): Promise<BookedVisitRow> {
  const row = await findVisitById(db, id);
  return present(row ? bookedVisitRow(row) : null, `booked visit ${id}`);
}

/** The visit booked under this reference, as a booking; null when none is. */
async function bookingByReference(db: Db, reference: string): Promise<BookedVisitRow | null> {
  const row = await findVisitByReference(db, reference);
  return row ? bookedVisitRow(row) : null;
}

/** Who moves or cancels at /bookings/REFERENCE: the customer, not anyone in the back office. */
const CUSTOMER = { actor: { label: "customer (online)", staffId: null }, byCustomer: true };

function toAdminBooking(row: BookedVisitRow): AdminBooking {
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

export function createBookingService(
  deps: ServiceDeps,
  visits: Pick<VisitService, "changeVisit">,
  clock: () => Date = () => new Date(),
) {
  const { db, config, logger, emails } = deps;
  const business = config.business;
  const mailContext = { business, publicUrl: config.publicUrl, storeEmail: config.storeEmail };
  const limiter = deps.limits.bookings;

  /** Free windows (with the installers free for each) as `trx` sees them now. */
  async function freeAt(trx: Db, at: Date, exclude?: { visitId: number }) {
    const today = storeClock(at).date;
    const { bookingHorizonDays } = await findSalesSettings(trx);
    const range = await bookingRange(today, bookingHorizonDays);
    const ids = await findActiveInstallerIds(trx);
    const [installers, busy, own] = await Promise.all([
      findAvailability(trx, ids, range.from),
      findBusyTimes(trx, { ...range, staffIds: ids }),
      exclude ? findVisitById(trx, exclude.visitId) : Promise.resolve(null),
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
    return await freeWindows({ today, horizonDays: bookingHorizonDays, installers, busy: others });
  }

  async function publicWindows(at: Date): Promise<ArrivalWindow[]> {
    return (await freeAt(db, at)).map(({ date, start, end }) => ({ date, start, end }));
  }

  /**
   * Thrown inside a transaction when the window is gone; answered after it ends, since the
   * fresh windows are read outside it (SQLite has one connection: reading through `db` while
   * the transaction holds it would wait forever).
   */
  class WindowGone extends Error {}

  /** Runs a claim; a lost window (or a unique-index refusal) becomes 409 with fresh windows. */
  async function claiming<T>(at: Date, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof WindowGone || isUniqueViolation(error)) throw await windowTaken(at);
      throw error;
    }
  }

  async function windowTaken(at: Date): Promise<AppError> {
    return new AppError(
      "window_taken",
      "Sorry, someone booked that time a moment ago. Please pick another window.",
      { details: { windows: await publicWindows(at) } },
    );
  }

  /**
   * Claims `date start` for one of `staffIds` (lowest id first, so two claims never wait on
   * each other's locks in opposite orders): the installer's row locked, his day read again.
   * Returns the installer claimed, or null when each was taken meanwhile.
   */
  async function claim(
    trx: Db,
    window: { date: string; start: string; end: string },
    staffIds: readonly number[],
    exceptVisitId?: number,
  ): Promise<number | null> {
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

  function endOf(start: string): string {
    return timeOf(minutesOf(start) + WINDOW_MINUTES);
  }

  function toCustomer(row: BookedVisitRow, at: Date): CustomerBooking {
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

  async function loadForChange(trx: Db, reference: string, at: Date): Promise<BookedVisitRow> {
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

  return {
    limiter,

    /**
     * Whether online booking is open: some active installer has weekly hours.
     * Closed, /book gives the phone number instead of a form and the dashboard says why.
     */
    async isOpen(): Promise<boolean> {
      return (await countInstallersWithHours(db)) > 0;
    },

    /** GET /api/booking/windows: the free windows (no names), after the ZIP check. */
    async windows(zipCode: string, at: Date = clock()): Promise<ArrivalWindow[]> {
      requireServiceZip(business, zipCode, "visit homes");
      return publicWindows(at);
    },

    async book(
      input: BookingInput,
      clientAddress: string,
      at: Date = clock(),
    ): Promise<{ reference: string; date: string; start: string; end: string }> {
      requireServiceZip(business, input.zipCode, "visit homes");
      await limiter.consume(clientAddress);
      const [estimateRequestId, order] = await Promise.all([
        input.estimateReference
          ? findEstimateRequestIdByReference(db, input.estimateReference)
          : Promise.resolve(null),
        input.orderReference
          ? findOrderByReference(db, input.orderReference)
          : Promise.resolve(undefined),
      ]);
      if (input.estimateReference && estimateRequestId === null) {
        throw new AppError(
          "validation_failed",
          "estimateReference: no estimate request has this reference.",
        );
      }
      if (input.orderReference && !order) {
        throw new AppError("validation_failed", "orderReference: no order has this reference.");
      }
      const reference = newBookingReference();
      const uid = `${randomUUID()}@${new URL(config.publicUrl).hostname}`;
      const end = endOf(input.start);
      const bookingId = await claiming(at, () =>
        db.transaction().execute(async (trx) => {
          const window = findWindow(await freeAt(trx, at), input.date, input.start);
          if (!window) throw new WindowGone();
          const staffId = await claim(trx, window, window.staffIds);
          if (staffId === null) throw new WindowGone();
          const stamp = now();
          const id = await insertVisit(trx, {
            orderId: order ? order.id : null,
            kind: "measure",
            date: input.date,
            start: input.start,
            end,
            staffId,
            uid,
            at: stamp,
            booked: {
              source: "online",
              reference,
              contact: input,
              note: input.note ?? null,
              textReminders: input.textReminders === true,
              estimateRequestId,
            },
          });
          if (input.textReminders) {
            await insertTextConsent(trx, {
              phone: input.phone,
              words: TEXT_CONSENT_WORDS,
              source: "booking",
              visitId: id,
              orderId: order ? order.id : null,
              clientAddress,
              at: stamp,
            });
          }
          const row = await bookingOf(trx, id);
          await enqueueEmail(trx, bookingCustomerEmail(mailContext, row, "booked"));
          await enqueueEmail(trx, bookingStoreEmail(mailContext, row, "booked"));
          return id;
        }),
      );
      emails.kick();
      logger.info("visit booked online", { visitId: bookingId });
      return { reference, date: input.date, start: input.start, end };
    },

    /** The customer's page: null for an unknown (or malformed) reference. */
    async findForCustomer(reference: string, at: Date = clock()): Promise<CustomerBooking | null> {
      const normalized = reference.trim().toUpperCase();
      if (!isBookingReference(normalized)) return null;
      const row = await bookingByReference(db, normalized);
      return row ? toCustomer(row, at) : null;
    },

    /** Windows offered for a move: the free ones, plus the booking's own. */
    async windowsForMove(reference: string, at: Date = clock()): Promise<ArrivalWindow[]> {
      const row = await bookingByReference(db, reference.trim().toUpperCase());
      if (!row) return [];
      return (await freeAt(db, at, { visitId: Number(row.id) })).map(({ date, start, end }) => ({
        date,
        start,
        end,
      }));
    },

    async move(
      reference: string,
      target: { date: string; start: string },
      clientAddress: string,
      at: Date = clock(),
    ): Promise<CustomerBooking> {
      await limiter.consume(clientAddress);
      const normalized = reference.trim().toUpperCase();
      const id = await claiming(at, () =>
        db.transaction().execute(async (trx) => {
          const before = await loadForChange(trx, normalized, at);
          const bookingId = Number(before.id);
          if (before.visit_date === target.date && before.start_time === target.start) {
            return bookingId;
          }
          const windows = await freeAt(trx, at, { visitId: bookingId });
          const window = findWindow(windows, target.date, target.start);
          if (!window) throw new WindowGone();
          // The same installer when he is free then, so the customer keeps who they expect.
          const own = Number(before.staff_id);
          const order = window.staffIds.includes(own)
            ? [own, ...window.staffIds.filter((s) => s !== own)]
            : window.staffIds;
          let staffId: number | null = null;
          for (const candidate of order) {
            staffId = await claim(trx, window, [candidate], bookingId);
            if (staffId !== null) break;
          }
          if (staffId === null) throw new WindowGone();
          await visits.changeVisit(
            trx,
            bookingId,
            {
              date: target.date,
              start: target.start,
              end: endOf(target.start),
              staffId,
              notifyCustomer: true,
              twoPersonJob: false,
            },
            CUSTOMER,
          );
          return bookingId;
        }),
      );
      emails.kick();
      logger.info("booking moved online", { visitId: id });
      return toCustomer(await bookingOf(db, id), at);
    },

    async cancel(reference: string, clientAddress: string, at: Date = clock()) {
      await limiter.consume(clientAddress);
      const normalized = reference.trim().toUpperCase();
      const id = await db.transaction().execute(async (trx) => {
        const before = await loadForChange(trx, normalized, at);
        const bookingId = Number(before.id);
        await visits.changeVisit(
          trx,
          bookingId,
          { status: "cancelled", notifyCustomer: true, twoPersonJob: false },
          CUSTOMER,
        );
        return bookingId;
      });
      emails.kick();
      logger.info("booking cancelled online", { visitId: id });
      return toCustomer(await bookingOf(db, id), at);
    },

    /** The invite of a scheduled booking (the confirmation's "Add to my calendar"), or null. */
    async invite(reference: string): Promise<string | null> {
      const normalized = reference.trim().toUpperCase();
      if (!isBookingReference(normalized)) return null;
      const row = await bookingByReference(db, normalized);
      if (row?.status !== "scheduled") return null;
      return visitInvite(business, bookingCalendarVisit(mailContext, row));
    },

    /**
     * The office's windows for booking an estimate request's visit: the same free windows as
     * /book (the same horizon and lead time), with the installers free in each.
     */
    async officeWindows(at: Date = clock()) {
      return (await freeAt(db, at)).map(({ date, start, end, staffIds }) => ({
        date,
        start,
        end,
        staffIds: [...staffIds],
      }));
    },

    /**
     * The office books an estimate request's measurement visit: the claim of /book (one transaction, the installer's row locked, the
     * partial unique index behind it; a lost window is 409 `window_taken` with fresh windows),
     * the customer's confirmation with the .ics invite, and the audit log. One scheduled visit
     * per request: a second is 409 (move it from its page, or cancel it first).
     */
    async bookForEstimate(
      estimateId: number,
      input: EstimateBookingInput,
      actor: Actor,
      at: Date = clock(),
    ): Promise<AdminBooking> {
      const estimate = await findEstimateRequestById(db, estimateId);
      if (!estimate) throw new AppError("not_found", "Estimate request not found.");
      const reference = newBookingReference();
      const uid = `${randomUUID()}@${new URL(config.publicUrl).hostname}`;
      const end = endOf(input.start);
      const bookingId = await claiming(at, () =>
        db.transaction().execute(async (trx) => {
          const booked = (await findVisitsForEstimate(trx, estimateId)).find(
            (b) => b.status === "scheduled",
          );
          if (booked) {
            throw new AppError(
              "conflict",
              `Estimate ${estimate.reference} already has a measurement visit booked: ${formatVisitWindow({ date: booked.visit_date, start: booked.start_time, end: booked.end_time })} (booking ${booked.reference ?? booked.id}).`,
              { details: { reason: "already_booked", reference: booked.reference } },
            );
          }
          const window = findWindow(await freeAt(trx, at), input.date, input.start);
          if (!window) throw new WindowGone();
          const candidates =
            input.staffId === null
              ? window.staffIds
              : window.staffIds.filter((id) => id === input.staffId);
          const staffId = await claim(trx, window, candidates);
          if (staffId === null) throw new WindowGone();
          const stamp = now();
          const id = await insertVisit(trx, {
            orderId: null,
            kind: "measure",
            date: input.date,
            start: input.start,
            end,
            staffId,
            uid,
            at: stamp,
            booked: {
              source: "office",
              reference,
              contact: contactFromRow(estimate),
              note: null,
              // Texts need the customer's own consent (/book or checkout), never the office's.
              textReminders: false,
              estimateRequestId: estimateId,
            },
          });
          const row = await bookingOf(trx, id);
          await enqueueEmail(trx, bookingCustomerEmail(mailContext, row, "booked"));
          await recordAudit(
            trx,
            actor,
            "visit",
            `Measurement visit booked for estimate ${estimate.reference}: ${formatVisitWindow({ date: input.date, start: input.start, end })} with ${row.staff_name ?? `installer #${staffId}`} (booking ${reference})`,
            { after: { visitId: id, date: input.date, start: input.start, end, staffId } },
          );
          return id;
        }),
      );
      emails.kick();
      logger.info("estimate visit booked by the office", { visitId: bookingId, estimateId });
      return toAdminBooking(await bookingOf(db, bookingId));
    },

    /** The visits booked for one estimate request (what became of it). */
    async forEstimate(estimateId: number): Promise<AdminBooking[]> {
      return (await findVisitsForEstimate(db, estimateId))
        .map(bookedVisitRow)
        .filter((b): b is BookedVisitRow => b !== null)
        .map(toAdminBooking);
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
