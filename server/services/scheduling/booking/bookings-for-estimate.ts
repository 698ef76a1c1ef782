import { findVisitsForEstimate } from "../../../db/repositories/scheduling/visits";
import { type BookedVisitRow, bookedVisitRow } from "../booked-visit";
import { type AdminBooking, type BookingServiceDeps, toAdminBooking } from "./shared";

/** The visits booked for one estimate request (what became of it). */
export async function bookingsForEstimate(
  deps: BookingServiceDeps,
  estimateId: number,
): Promise<AdminBooking[]> {
  const { db } = deps;

  return (await findVisitsForEstimate(db, estimateId))
    .map(bookedVisitRow)
    .filter((b): b is BookedVisitRow => b !== null)
    .map(toAdminBooking);
}
