import {
  type BookingServiceDeps,
  bookingByReference,
  type CustomerBooking,
  isBookingReference,
  toCustomer,
} from "./shared";

/** The customer's page: null for an unknown (or malformed) reference. */
export async function findBookingForCustomer(
  deps: BookingServiceDeps,
  reference: string,
  at: Date = deps.clock(),
): Promise<CustomerBooking | null> {
  const { db } = deps;

  const normalized = reference.trim().toUpperCase();
  if (!isBookingReference(normalized)) return null;
  const row = await bookingByReference(db, normalized);
  return row ? toCustomer(row, at) : null;
}
