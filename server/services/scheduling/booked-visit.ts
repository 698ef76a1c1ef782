/**
 * A visit booked in a window seen as a booking: what its emails and the
 * customer's /bookings/REFERENCE read, from the one visit row.
 */
import type { VisitListRow } from "../../db/repositories/scheduling/visits";
import type { BookingRow } from "../../db/types";

export type BookedVisitRow = BookingRow & { staff_name: string | null };

/** The visit as a booking, or null when it was not booked in a window (no reference). */
export function bookedVisitRow(row: VisitListRow): BookedVisitRow | null {
  if (row.reference === null) return null;
  return {
    ...row,
    reference: row.reference,
    first_name: row.customer_first_name,
    last_name: row.customer_last_name,
    email: row.customer_email,
    phone: row.customer_phone,
    address: row.customer_address,
    city: row.customer_city,
    zip_code: row.customer_zip_code,
  };
}
