import type { ArrivalWindow } from "../../../../domain/scheduling/booking-windows";
import { type BookingServiceDeps, bookingByReference, freeAt } from "./shared";

/** Windows offered for a move: the free ones, plus the booking's own. */
export async function windowsForMove(
  deps: BookingServiceDeps,
  reference: string,
  at: Date = deps.clock(),
): Promise<ArrivalWindow[]> {
  const { db } = deps;

  const row = await bookingByReference(db, reference.trim().toUpperCase());
  if (!row) return [];
  return (await freeAt(db, at, { visitId: Number(row.id) })).map(({ date, start, end }) => ({
    date,
    start,
    end,
  }));
}
