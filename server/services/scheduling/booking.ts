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

import { type ServiceDeps, withDeps } from "../deps";
import { bookForEstimate } from "./booking/book-for-estimate";
import { bookVisit } from "./booking/book-visit";
import { bookingInvite } from "./booking/booking-invite";
import { bookingWindows } from "./booking/booking-windows";
import { bookingsForEstimate } from "./booking/bookings-for-estimate";
import { cancelBooking } from "./booking/cancel-booking";
import { findBookingForCustomer } from "./booking/find-for-customer";
import { isBookingOpen } from "./booking/is-open";
import { moveBooking } from "./booking/move-booking";
import { officeWindows } from "./booking/office-windows";
import type { BookingServiceDeps } from "./booking/shared";
import { windowsForMove } from "./booking/windows-for-move";
import type { VisitService } from "./visits";

export { BOOKINGS_PER_HOUR } from "../../rate-limits";
export {
  type AdminBooking,
  type BookingSlot,
  type CustomerBooking,
  isBookingReference,
  newBookingReference,
} from "./booking/shared";

export function createBookingService(
  deps: ServiceDeps,
  visits: Pick<VisitService, "changeVisit">,
  clock: () => Date = () => new Date(),
) {
  const all: BookingServiceDeps = { ...deps, visits, clock };
  return {
    limiter: deps.limits.bookings,
    isOpen: withDeps(all, isBookingOpen),
    windows: withDeps(all, bookingWindows),
    book: withDeps(all, bookVisit),
    findForCustomer: withDeps(all, findBookingForCustomer),
    windowsForMove: withDeps(all, windowsForMove),
    move: withDeps(all, moveBooking),
    cancel: withDeps(all, cancelBooking),
    invite: withDeps(all, bookingInvite),
    officeWindows: withDeps(all, officeWindows),
    bookForEstimate: withDeps(all, bookForEstimate),
    forEstimate: withDeps(all, bookingsForEstimate),
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
